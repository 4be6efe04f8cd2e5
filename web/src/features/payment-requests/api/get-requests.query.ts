import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentRequestDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import { requestKeys } from './keys';
import { fallbackPoll } from '@/lib/use-event-stream';

export const fetchRequests = () =>
  api<PaymentRequestDto[]>('/api/payment-requests');
export const requestsQueryOptions = () =>
  queryOptions({
    queryKey: requestKeys.list,
    queryFn: fetchRequests,
    refetchInterval: fallbackPoll(5_000),
  });
export const useRequests = () => useQuery(requestsQueryOptions());
