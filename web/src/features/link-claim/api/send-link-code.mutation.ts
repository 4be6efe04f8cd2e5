import { useMutation } from '@tanstack/react-query';
import { claimHeaders } from '@/lib/claim-secret';
import { api } from '@/lib/http';
import { linkClaimPath, type ClaimTarget } from './link-claim-paths';

/**
 * Asks for a one-time code by e-mail: `confirm` (the claimer names its address) or `resume` (the
 * code goes to the link's address, to continue on this device). Answers where it went, masked.
 */
export const sendLinkCode = ({
  kind,
  token,
  email,
}: Pick<ClaimTarget, 'kind' | 'token'> & { email?: string }) =>
  api<{ sentTo: string }>(
    linkClaimPath(kind, token, email ? 'email/code' : 'resume/code'),
    {
      method: 'POST',
      auth: 'none',
      headers: claimHeaders(token, kind),
      body: email ? { email } : {},
    },
  );

export const useSendLinkCode = () => useMutation({ mutationFn: sendLinkCode });
