import { api } from '@/lib/http';

// Push calls authenticate with the bearer token (not a fixed user header, which anyone could send).
export const subscribePush = (subscription: PushSubscriptionJSON) =>
  api<unknown>('/api/push/subscribe', {
    method: 'POST',
    body: { subscription },
  });
