import type { DealDto } from '@machines/contract/api';
import { getAuthToken } from '@/lib/auth-token';
import { api } from '@/lib/http';
import { saveClaimSecret } from '@/features/deals/model/claim-secret';
import { useDealMutation } from './use-deal-mutation';

/** A signed-in creator's token goes along, so the deal is bound to that account too. */
export const acceptDeal = async (token: string) => {
  const answer = await api<{ deal: DealDto; claimSecret?: string }>(
    `/api/deals/accept/${encodeURIComponent(token)}`,
    {
      method: 'POST',
      auth: getAuthToken() ? 'user' : 'none',
    },
  );
  saveClaimSecret(token, answer.claimSecret);
  return answer;
};
export const useAcceptDeal = () => useDealMutation(acceptDeal);
