import type { DealDto } from '../../../../../machines/contract/api';
import { api } from '../../../lib/http';
import { useDealMutation } from './use-deal-mutation';

export const acceptDeal = (token: string) => api<{ deal: DealDto }>(`/api/deals/accept/${encodeURIComponent(token)}`, { method: 'POST', auth: 'none' });
export const useAcceptDeal = () => useDealMutation(acceptDeal);
