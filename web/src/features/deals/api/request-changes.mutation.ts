import type { DealDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import { putDealAnswer, useDealMutation } from './use-deal-mutation';

/** The brand's change request on a delivery, with its note (one of the deal's revision rounds). */
export const requestChanges = ({ id, note }: { id: number; note: string }) =>
  api<{ success: boolean; deal: DealDto }>(`/api/deals/${id}/request-changes`, {
    method: 'POST',
    body: { note },
  });
export const useRequestChanges = () => useDealMutation(requestChanges, putDealAnswer);
