import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimHeaders, saveClaimSecret } from '@/lib/claim-secret';
import { api } from '@/lib/http';
import { linkClaimPath, type ClaimTarget } from './link-claim-paths';

/**
 * Gives the mailed code: `confirm` confirms the claimer's address; `resume` moves the claim to this
 * browser (its new secret is kept). Either way the page and its claim are read again.
 */
export async function checkLinkCode({
  kind,
  token,
  code,
  purpose,
}: Pick<ClaimTarget, 'kind' | 'token'> & {
  code: string;
  purpose: 'confirm' | 'resume';
}) {
  const path = linkClaimPath(
    kind,
    token,
    purpose === 'confirm' ? 'email/confirm' : 'resume',
  );
  const answer = await api<{ claimSecret?: string }>(path, {
    method: 'POST',
    auth: 'none',
    headers: claimHeaders(token, kind),
    body: { code },
  });
  saveClaimSecret(token, answer.claimSecret, kind);
  return answer;
}

export function useCheckLinkCode(pageKey: readonly unknown[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: checkLinkCode,
    onSuccess: () => client.invalidateQueries({ queryKey: pageKey }),
  });
}
