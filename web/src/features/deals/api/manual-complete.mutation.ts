import { api } from '@/lib/http';
import { useDealMutation } from './use-deal-mutation';

/** Testing fallback when a payout fails (docs/product.md §7). */
export const manualComplete = (id: number) =>
  api<unknown>(`/api/deals/${id}/manual-complete`, { method: 'POST' });
export const useManualComplete = () => useDealMutation(manualComplete);
