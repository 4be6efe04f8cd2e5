import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDealDto } from '@machines/contract/api';
import { adminApi } from './admin-api';
import { fallbackPoll } from '@/lib/use-event-stream';

export const fetchAdminDeals = () =>
  adminApi<AdminDealDto[]>('/api/admin/deals');
export const adminDealsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'deals'],
    queryFn: fetchAdminDeals,
    refetchInterval: fallbackPoll(5_000),
  });
export const useAdminDeals = () => useQuery(adminDealsQueryOptions());
