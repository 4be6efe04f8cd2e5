import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { fallbackPoll } from '@/lib/use-event-stream';

export interface UserStats {
  totalDeals: number;
  successfulDeals: number;
}

export const fetchUserStats = () => api<UserStats>('/api/user/stats');
export const userStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['user-stats'],
    queryFn: fetchUserStats,
    refetchInterval: fallbackPoll(5_000),
  });
export const useUserStats = () => useQuery(userStatsQueryOptions());
