import type { DealDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import { putDealAnswer, useDealMutation } from './use-deal-mutation';

export const disputeDeal = ({ id, reason }: { id: number; reason?: string }) =>
  api<{ success: boolean; deal: DealDto }>(`/api/deals/${id}/dispute`, {
    method: 'POST',
    body: reason ? { reason } : {},
  });
export const useDisputeDeal = () => useDealMutation(disputeDeal, putDealAnswer);
