import {
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { DealDto } from '@machines/contract/api';
import { dealKeys } from './keys';

/** A brand command's path: the deal's own, or one milestone's of a deal with a plan. */
export const brandDealPath = (
  id: number,
  milestone: number | undefined,
  action: string,
): string =>
  milestone === undefined
    ? `/api/deals/${id}/${action}`
    : `/api/deals/${id}/milestones/${milestone}/${action}`;

/** Where a command's answer goes in the cache: the deal it answers with, and the query it replaces. */
export type PutAnswer<TVars, TData> = (
  client: QueryClient,
  answer: TData,
  vars: TVars,
) => void;

/**
 * The brand's deal as a command answered it: its detail and its place in every cached list are
 * replaced at once, so the screen shows the new state without asking again.
 */
export function putOwnerDeal(client: QueryClient, deal: DealDto): void {
  client.setQueryData(dealKeys.detail(deal.id), deal);
  client.setQueriesData<DealDto[]>({ queryKey: dealKeys.lists }, (list) =>
    list?.map((d) => (d.id === deal.id ? deal : d)),
  );
}

/**
 * A deal command that writes its answer into the cache (`put`). The cache is made stale once, by
 * the signed-in user's live notice of the same change (app/live-updates.tsx), which refreshes the
 * lists' membership and the counts; without a live stream the lists' polling does.
 */
export function useDealMutation<TVars, TData>(
  fn: (vars: TVars) => Promise<TData>,
  put: PutAnswer<TVars, TData>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (answer, vars) => put(client, answer, vars),
  });
}

/** For commands answering `{ deal }` with the brand's view. */
export const putDealAnswer = <TVars>(
  client: QueryClient,
  answer: { deal: DealDto },
  _vars: TVars,
) => putOwnerDeal(client, answer.deal);
