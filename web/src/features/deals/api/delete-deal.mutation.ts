import { api } from '@/lib/http';
import { useDealMutation } from './use-deal-mutation';

export const deleteDeal = (id: number) => api<unknown>(`/api/deals/${id}`, { method: 'DELETE' });
export const useDeleteDeal = () => useDealMutation(deleteDeal);
