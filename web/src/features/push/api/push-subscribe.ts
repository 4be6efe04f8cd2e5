import { api } from '../../../lib/http';

// Push calls authenticate with the bearer token (DESIGN §3: the spec's fixed user header is a flaw we do not copy).
export const subscribePush = (subscription: PushSubscriptionJSON) => api<unknown>('/api/push/subscribe', { method: 'POST', body: { subscription } });
