import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from './admin-api';

export interface AdminMe {
  username?: string;
  role?: string;
}

export const fetchAdminMe = () => adminApi<AdminMe>('/api/admin/me');
export const adminMeQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'me'], queryFn: fetchAdminMe });
export const useAdminMe = () => useQuery(adminMeQueryOptions());
