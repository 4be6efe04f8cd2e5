import type { DealDto } from '../../../../../machines/contract/api';
import { api } from '../../../lib/http';
import type { DealInput } from './deal-input';
import { useDealMutation } from './use-deal-mutation';

export const createDeal = (input: DealInput) => api<DealDto>('/api/deals', { method: 'POST', body: input });
export const useCreateDeal = () => useDealMutation(createDeal);
