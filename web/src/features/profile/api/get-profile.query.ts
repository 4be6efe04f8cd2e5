import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDto } from '@machines/contract/api';
import { api } from '@/lib/http';

export type Profile = Pick<
  UserDto,
  'username' | 'email' | 'companyName' | 'country' | 'phoneNumber'
>;

export const profileKey = ['profile'] as const;
export const fetchProfile = () => api<Profile>('/api/user/profile');
export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileKey, queryFn: fetchProfile });
export const useProfile = () => useQuery(profileQueryOptions());
