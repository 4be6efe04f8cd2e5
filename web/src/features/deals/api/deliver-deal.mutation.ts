import type { DealDto } from '../../../../../machines/contract/api';
import { api } from '../../../lib/http';
import { useDealMutation } from './use-deal-mutation';

export const deliverDeal = (token: string) => api<{ deal: DealDto }>(`/api/deals/deliver/${encodeURIComponent(token)}`, { method: 'POST', auth: 'none' });
export const useDeliverDeal = () => useDealMutation(deliverDeal);
