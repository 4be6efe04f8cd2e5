import { api } from '@/lib/http';

export const sendTestPush = (title: string, body: string) =>
  api<unknown>('/api/push/test', { method: 'POST', body: { title, body } });
