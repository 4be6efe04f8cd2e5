import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import { dealKeys } from './keys';
import { fallbackPoll } from '@/lib/use-event-stream';

/** The creator's view of a deal through its link: no login, polled every 30 s (docs/product.md §4). */
export const fetchDealByToken = (token: string) =>
  api<DealDto>(`/api/deals/token/${encodeURIComponent(token)}`, {
    auth: 'none',
  });

export const dealByTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: dealKeys.byToken(token),
    queryFn: () => fetchDealByToken(token),
    refetchInterval: fallbackPoll(30_000),
  });

export const useDealByToken = (token: string) =>
  useQuery(dealByTokenQueryOptions(token));
