import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDealDto } from '../../../../../machines/contract/api';
import { adminApi } from './admin-api';

export const fetchAdminDeals = () => adminApi<AdminDealDto[]>('/api/admin/deals');
export const adminDealsQueryOptions = () => queryOptions({ queryKey: ['admin', 'deals'], queryFn: fetchAdminDeals, refetchInterval: 5_000 });
export const useAdminDeals = () => useQuery(adminDealsQueryOptions());
