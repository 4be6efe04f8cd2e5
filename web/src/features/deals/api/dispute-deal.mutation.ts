import { api } from '@/lib/http';
import { useDealMutation } from './use-deal-mutation';

export const disputeDeal = ({ id, reason }: { id: number; reason?: string }) =>
  api<unknown>(`/api/deals/${id}/dispute`, { method: 'POST', body: reason ? { reason } : {} });
export const useDisputeDeal = () => useDealMutation(disputeDeal);
