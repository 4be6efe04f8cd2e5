import type { DealDto } from '@machines/contract/api';
import { getAuthToken } from '@/lib/auth-token';
import { api } from '@/lib/http';
import { saveClaimSecret } from '@/lib/claim-secret';
import { reaskLinkClaim } from '@/features/link-claim/api/get-link-claim.query';
import { dealKeys } from './keys';
import { useDealMutation, type PutAnswer } from './use-deal-mutation';

/**
 * A signed-in creator's token goes along, so the deal is bound to that account too; `contractHash`
 * is the contract the creator read and accepted (the server refuses another one); `emailCode` the
 * code mailed to the address the creator confirms in accepting.
 */
export const acceptDeal = async ({
  token,
  contractHash,
  emailCode,
}: AcceptVars) => {
  const answer = await api<{ deal: DealDto; claimSecret?: string }>(
    `/api/deals/accept/${encodeURIComponent(token)}`,
    {
      method: 'POST',
      auth: getAuthToken() ? 'user' : 'none',
      body: { contractHash, emailCode },
    },
  );
  saveClaimSecret(token, answer.claimSecret);
  return answer;
};

interface AcceptVars {
  token: string;
  contractHash: string;
  emailCode: string;
}

/** A link command's answer is the link's view of the deal: it replaces the link page's copy. */
export const putLinkDeal: PutAnswer<string, { deal: DealDto }> = (
  client,
  answer,
  token,
) => client.setQueryData(dealKeys.byToken(token), answer.deal);

/**
 * The acceptance's answer was made before this browser held the claim secret it carries, so the
 * actions it allows are a stranger's: the link's view and who holds it are read again with the secret.
 */
const putAccepted: PutAnswer<AcceptVars, { deal: DealDto }> = (
  client,
  answer,
  { token },
) => {
  putLinkDeal(client, answer, token);
  void client.invalidateQueries({ queryKey: dealKeys.byToken(token) });
  void reaskLinkClaim(client, dealKeys.byToken(token));
};

export const useAcceptDeal = () => useDealMutation(acceptDeal, putAccepted);
