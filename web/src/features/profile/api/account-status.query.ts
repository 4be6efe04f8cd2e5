import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';

/** 'Connected', 'Setup incomplete' or anything else (docs/product.md §3 "Bank status"). */
export const fetchAccountStatus = () => api<{ status: string }>('/api/stripe/account-status');
export const accountStatusQueryOptions = () =>
  queryOptions({ queryKey: ['account-status'], queryFn: fetchAccountStatus });
export const useAccountStatus = (enabled: boolean) =>
  useQuery({ ...accountStatusQueryOptions(), enabled });
