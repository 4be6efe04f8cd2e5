import { api } from '@/lib/http';
import { useDealMutation } from './use-deal-mutation';

export const releaseDeal = (id: number) =>
  api<unknown>(`/api/deals/${id}/release`, { method: 'POST' });
export const useReleaseDeal = () => useDealMutation(releaseDeal);
