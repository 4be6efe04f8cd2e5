import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPaymentRequestDto } from '@machines/contract/api';
import { adminApi } from './admin-api';
import { fallbackPoll } from '@/lib/use-event-stream';

export const fetchAdminRequests = () =>
  adminApi<AdminPaymentRequestDto[]>('/api/admin/payment-requests');
export const adminRequestsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'payment-requests'],
    queryFn: fetchAdminRequests,
    refetchInterval: fallbackPoll(5_000),
  });
export const useAdminRequests = () => useQuery(adminRequestsQueryOptions());
