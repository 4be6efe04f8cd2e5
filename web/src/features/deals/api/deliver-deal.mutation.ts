import type { DealDto } from '@machines/contract/api';
import { getAuthToken } from '@/lib/auth-token';
import { api } from '@/lib/http';
import { claimHeaders } from '@/lib/claim-secret';
import { putLinkDeal } from './accept-deal.mutation';
import { useDealMutation } from './use-deal-mutation';

export const deliverDeal = (token: string) =>
  api<{ deal: DealDto }>(`/api/deals/deliver/${encodeURIComponent(token)}`, {
    method: 'POST',
    auth: getAuthToken() ? 'user' : 'none',
    headers: claimHeaders(token),
  });
export const useDeliverDeal = () => useDealMutation(deliverDeal, putLinkDeal);
