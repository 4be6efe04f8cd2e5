import type { DealDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import { newIdempotencyKey } from '@/features/admin/model/admin-split';
import {
  brandDealPath,
  putDealAnswer,
  useDealMutation,
} from './use-deal-mutation';

/**
 * The brand's approval: the whole deal, or one milestone of a deal with a plan (under an
 * Idempotency-Key, so a repeated tap releases once). 200 once released, 202 (`pending`) while the
 * payout is still under way.
 */
export const releaseDeal = ({
  id,
  milestone,
}: {
  id: number;
  milestone?: number;
}) =>
  api<{ success: boolean; pending: boolean; deal: DealDto }>(
    brandDealPath(id, milestone, 'release'),
    {
      method: 'POST',
      ...(milestone === undefined
        ? {}
        : { headers: { 'Idempotency-Key': newIdempotencyKey() } }),
    },
  );
export const useReleaseDeal = () => useDealMutation(releaseDeal, putDealAnswer);
