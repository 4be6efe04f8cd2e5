import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealListItemDto } from '@machines/contract/api';
import type { DealFilter } from '@machines/deal/deal-order';
import { api } from '@/lib/http';
import { dealKeys } from './keys';
import { fallbackPoll } from '@/lib/use-event-stream';

export const fetchDeals = (filter: DealFilter) =>
  api<DealListItemDto[]>(`/api/deals?filter=${filter}`);

export const dealsQueryOptions = (filter: DealFilter) =>
  queryOptions({
    queryKey: dealKeys.list(filter),
    queryFn: () => fetchDeals(filter),
    refetchInterval: fallbackPoll(5_000),
  });

export const useDeals = (filter: DealFilter) =>
  useQuery(dealsQueryOptions(filter));
