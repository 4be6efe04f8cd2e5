import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDto } from '@machines/contract/api';
import { api } from '@/lib/http';

export const meKey = ['me'] as const;
export const fetchMe = () => api<UserDto>('/api/auth/me');
export const meQueryOptions = () =>
  queryOptions({ queryKey: meKey, queryFn: fetchMe });
export const useMe = (enabled: boolean) =>
  useQuery({ ...meQueryOptions(), enabled });
