import { api } from '@/lib/http';
import { saveClaimSecret } from '@/lib/claim-secret';
import { reaskLinkClaim } from '@/features/link-claim/api/get-link-claim.query';
import { requestKeys } from './keys';
import { useRequestMutation } from './use-request-mutation';

/** Accepting binds the request's link to this browser: its claim secret is kept for paying and reviewing. */
export const acceptRequest = async (token: string) => {
  const answer = await api<{ claimSecret?: string }>(
    `/api/payment-requests/accept/${encodeURIComponent(token)}`,
    { method: 'POST', auth: 'none' },
  );
  saveClaimSecret(token, answer.claimSecret, 'request');
  return answer;
};
export const useAcceptRequest = () =>
  useRequestMutation(acceptRequest, (client, token) =>
    reaskLinkClaim(client, requestKeys.byToken(token)),
  );
