import type { DealDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import {
  brandDealPath,
  putDealAnswer,
  useDealMutation,
} from './use-deal-mutation';

/** The brand's change request on a delivery (of the deal, or of one milestone), with its note: one revision round. */
export const requestChanges = ({
  id,
  note,
  milestone,
}: {
  id: number;
  note: string;
  milestone?: number;
}) =>
  api<{ success: boolean; deal: DealDto }>(
    brandDealPath(id, milestone, 'request-changes'),
    {
      method: 'POST',
      body: { note },
    },
  );
export const useRequestChanges = () =>
  useDealMutation(requestChanges, putDealAnswer);
