import { api } from '@/lib/http';
import { saveClaimSecret } from '@/lib/claim-secret';
import { reaskLinkClaim } from '@/features/link-claim/api/get-link-claim.query';
import { requestKeys } from './keys';
import { useRequestMutation } from './use-request-mutation';

/**
 * Accepting binds the request's link to this browser: its claim secret is kept for paying and
 * reviewing. `emailCode` is the code mailed to the address the brand confirms in accepting.
 */
export const acceptRequest = async ({
  token,
  emailCode,
}: {
  token: string;
  emailCode: string;
}) => {
  const answer = await api<{ claimSecret?: string }>(
    `/api/payment-requests/accept/${encodeURIComponent(token)}`,
    { method: 'POST', auth: 'none', body: { emailCode } },
  );
  saveClaimSecret(token, answer.claimSecret, 'request');
  return answer;
};
export const useAcceptRequest = () =>
  useRequestMutation(acceptRequest, (client, { token }) =>
    reaskLinkClaim(client, requestKeys.byToken(token)),
  );
