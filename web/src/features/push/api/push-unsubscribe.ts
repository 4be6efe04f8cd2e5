import { api } from '@/lib/http';

export const unsubscribePush = () =>
  api<unknown>('/api/push/unsubscribe', { method: 'POST' });
