import { api } from '../../../lib/http';

const path = (token: string) => `/api/deals/link/${encodeURIComponent(token)}/notifications`;

/** Push for one deal, for a creator without an account: the link token is the credential. */
export const subscribeDealLink = (token: string, subscription: PushSubscriptionJSON, language: 'en' | 'nl') =>
  api<{ subscribed: boolean }>(path(token), { method: 'POST', body: { subscription, language }, auth: 'none' });

export const unsubscribeDealLink = (token: string, endpoint: string) =>
  api<{ subscribed: boolean }>(`${path(token)}/off`, { method: 'POST', body: { endpoint }, auth: 'none' });

export const dealLinkSubscribed = (token: string, endpoint: string) =>
  api<{ subscribed: boolean }>(`${path(token)}?endpoint=${encodeURIComponent(endpoint)}`, { auth: 'none' });
