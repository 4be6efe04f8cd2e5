import type { DealDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import {
  brandDealPath,
  putDealAnswer,
  useDealMutation,
} from './use-deal-mutation';

/** A dispute about the delivery: the whole deal's, or one milestone's of a deal with a plan. */
export const disputeDeal = ({
  id,
  reason,
  milestone,
}: {
  id: number;
  reason?: string | undefined;
  milestone?: number;
}) =>
  api<{ success: boolean; deal: DealDto }>(
    brandDealPath(id, milestone, 'dispute'),
    {
      method: 'POST',
      body: reason ? { reason } : {},
    },
  );
export const useDisputeDeal = () => useDealMutation(disputeDeal, putDealAnswer);
