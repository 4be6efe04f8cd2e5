import { adminApi } from './admin-api';

/** Admin alerts by push on this device (docs/api.md): on, off, and whether this endpoint has them. */
export const adminPushOn = (subscription: PushSubscriptionJSON) =>
  adminApi<{ subscribed: boolean }>('/api/admin/push/subscribe', {
    method: 'POST',
    body: { subscription },
  });

export const adminPushOff = (endpoint: string) =>
  adminApi<{ subscribed: boolean }>('/api/admin/push/off', {
    method: 'POST',
    body: { endpoint },
  });

export const adminPushState = (endpoint: string) =>
  adminApi<{ subscribed: boolean }>(
    `/api/admin/push?endpoint=${encodeURIComponent(endpoint)}`,
  );
