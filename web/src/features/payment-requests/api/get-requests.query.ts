import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentRequestDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import { requestKeys } from './keys';
import { fallbackPoll } from '@/lib/use-event-stream';
import { getAuthToken } from '@/lib/auth-token';

export const fetchRequests = () =>
  api<PaymentRequestDto[]>('/api/payment-requests');
export const requestsQueryOptions = () =>
  queryOptions({
    queryKey: requestKeys.list,
    queryFn: fetchRequests,
    refetchInterval: fallbackPoll(5_000),
  });
export const useRequests = () => useQuery(requestsQueryOptions());

/** Whether the signed-in account made the request behind `token` (its own list holds it); false when signed out. */
export function useOwnRequest(token: string): boolean {
  const mine = useQuery({
    ...requestsQueryOptions(),
    enabled: getAuthToken() !== null,
    refetchInterval: false,
  });
  return mine.data?.some((r) => r.shareableToken === token) ?? false;
}
