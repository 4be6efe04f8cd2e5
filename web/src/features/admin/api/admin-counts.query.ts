import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from './admin-api';
import { fallbackPoll } from '@/lib/use-event-stream';

export interface AdminCounts {
  all: number;
  pending_payment: number;
  in_progress: number;
  awaiting_approval: number;
  disputed: number;
  completed: number;
}

export const fetchAdminCounts = () =>
  adminApi<AdminCounts>('/api/admin/deals/counts');
export const adminCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'counts'],
    queryFn: fetchAdminCounts,
    refetchInterval: fallbackPoll(5_000),
  });
export const useAdminCounts = () => useQuery(adminCountsQueryOptions());
