import { api } from '@/lib/http';

export const simulateDealAcceptedPush = (input: {
  dealId: number;
  influencer: string;
  amount: string;
}) =>
  api<unknown>('/api/push/simulate/deal-accepted', {
    method: 'POST',
    body: input,
  });
