import type { DealDto, DealInput } from '@machines/contract/api';
import { api } from '@/lib/http';
import { putOwnerDeal, useDealMutation } from './use-deal-mutation';

export const createDeal = (input: DealInput) =>
  api<DealDto>('/api/deals', { method: 'POST', body: input });
export const useCreateDeal = () =>
  useDealMutation(createDeal, (client, deal: DealDto) =>
    putOwnerDeal(client, deal),
  );
