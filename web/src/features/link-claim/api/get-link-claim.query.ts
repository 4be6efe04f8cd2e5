import {
  queryOptions,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { getAuthToken } from '@/lib/auth-token';
import { claimHeaders } from '@/lib/claim-secret';
import { api } from '@/lib/http';
import {
  linkClaimKey,
  linkClaimPath,
  type ClaimTarget,
} from './link-claim-paths';

export interface LinkClaimDto {
  /** `you`: this browser holds the link; `elsewhere`: another device does; `open`: nobody yet. */
  holder: 'you' | 'elsewhere' | 'open';
  email: string | null;
  emailConfirmed: boolean;
}

/** Whether this browser holds the link (its claim secret, or the signed-in creator who accepted). */
export const linkClaimQueryOptions = ({ kind, token, pageKey }: ClaimTarget) =>
  queryOptions({
    queryKey: linkClaimKey(pageKey),
    queryFn: () =>
      api<LinkClaimDto>(linkClaimPath(kind, token, 'claim'), {
        auth: kind === 'deal' && getAuthToken() ? 'user' : 'none',
        headers: claimHeaders(token, kind),
      }),
  });

/** Asked only where the link can be claimed (`enabled`): before that nobody holds it. */
export const useLinkClaim = (target: ClaimTarget, enabled = true) =>
  useQuery({ ...linkClaimQueryOptions(target), enabled });

/**
 * After this browser took the link (an acceptance answered its claim secret): who holds it is
 * asked again with the secret. A live update may have started the first question before the
 * secret arrived; while a first answer is on its way an invalidation joins it instead of asking
 * again, so that question is cancelled first and its answer ("elsewhere") never shown.
 */
export async function reaskLinkClaim(
  client: QueryClient,
  pageKey: readonly unknown[],
) {
  const queryKey = linkClaimKey(pageKey);
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}
