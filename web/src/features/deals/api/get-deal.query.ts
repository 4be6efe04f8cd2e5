import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import { dealKeys } from './keys';
import { fallbackPoll } from '@/lib/use-event-stream';

export const fetchDeal = (id: number) => api<DealDto>(`/api/deals/${id}`);

export const dealQueryOptions = (id: number) =>
  queryOptions({
    queryKey: dealKeys.detail(id),
    queryFn: () => fetchDeal(id),
    enabled: id > 0,
    refetchInterval: fallbackPoll(5_000),
  });

export const useDeal = (id: number, enabled = true) =>
  useQuery({ ...dealQueryOptions(id), enabled: enabled && id > 0 });
