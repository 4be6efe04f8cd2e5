import type { DealDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import { putDealAnswer, useDealMutation } from './use-deal-mutation';

/** 200 once released, 202 (`pending`) while the payout is still under way. */
export const releaseDeal = (id: number) =>
  api<{ success: boolean; pending: boolean; deal: DealDto }>(`/api/deals/${id}/release`, {
    method: 'POST',
  });
export const useReleaseDeal = () => useDealMutation(releaseDeal, putDealAnswer);
