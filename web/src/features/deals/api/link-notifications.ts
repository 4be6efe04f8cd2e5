import { getAuthToken } from '@/lib/auth-token';
import { api } from '@/lib/http';
import { claimHeaders } from '@/lib/claim-secret';

const path = (token: string) =>
  `/api/deals/link/${encodeURIComponent(token)}/notifications`;
/** The devices belong to the claim: the accepting browser's claim secret, or the creator's login. */
const asClaimer = (token: string) => ({
  auth: getAuthToken() ? ('user' as const) : ('none' as const),
  headers: claimHeaders(token),
});

/** Push for one deal, for a creator without an account: the link and the claim are the credential. */
export const subscribeDealLink = (
  token: string,
  subscription: PushSubscriptionJSON,
  language: 'en' | 'nl',
) =>
  api<{ subscribed: boolean }>(path(token), {
    method: 'POST',
    body: { subscription, language },
    ...asClaimer(token),
  });

export const unsubscribeDealLink = (token: string, endpoint: string) =>
  api<{ subscribed: boolean }>(`${path(token)}/off`, {
    method: 'POST',
    body: { endpoint },
    ...asClaimer(token),
  });

export const dealLinkSubscribed = (token: string, endpoint: string) =>
  api<{ subscribed: boolean }>(
    `${path(token)}?endpoint=${encodeURIComponent(endpoint)}`,
    {
      auth: 'none',
    },
  );
