import type { DealDto, DealInput } from '@machines/contract/api';
import { api } from '@/lib/http';
import { putOwnerDeal, useDealMutation } from './use-deal-mutation';

export const updateDeal = ({ id, input }: { id: number; input: DealInput }) =>
  api<DealDto>(`/api/deals/${id}`, { method: 'PUT', body: input });
export const useUpdateDeal = () =>
  useDealMutation(updateDeal, (client, deal: DealDto) =>
    putOwnerDeal(client, deal),
  );
