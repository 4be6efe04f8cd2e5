import type { DealDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import { putDealAnswer, useDealMutation } from './use-deal-mutation';

/** Testing fallback when a payout fails (docs/product.md §7). */
export const manualComplete = (id: number) =>
  api<{ success: boolean; deal: DealDto }>(`/api/deals/${id}/manual-complete`, {
    method: 'POST',
  });
export const useManualComplete = () =>
  useDealMutation(manualComplete, putDealAnswer);
