import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentRequestDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import { requestKeys } from './keys';
import { fallbackPoll } from '@/lib/use-event-stream';

export const fetchRequestByToken = (token: string) =>
  api<PaymentRequestDto>(
    `/api/payment-requests/token/${encodeURIComponent(token)}`,
    {
      auth: 'none',
    },
  );
export const requestByTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: requestKeys.byToken(token),
    queryFn: () => fetchRequestByToken(token),
    enabled: token !== '',
    refetchInterval: fallbackPoll(5_000),
  });
export const useRequestByToken = (token: string) =>
  useQuery(requestByTokenQueryOptions(token));
