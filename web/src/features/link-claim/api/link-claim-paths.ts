import type { ClaimKind } from '@/lib/claim-secret';

/** The claim routes of a link: `/api/deals/link/<token>` or `/api/payment-requests/link/<token>`. */
export const linkClaimPath = (kind: ClaimKind, token: string, rest: string) =>
  `/api/${kind === 'deal' ? 'deals' : 'payment-requests'}/link/${encodeURIComponent(token)}/${rest}`;

/** The claim's query key sits under the page's own key, so the page's live updates refresh it too. */
export const linkClaimKey = (pageKey: readonly unknown[]) =>
  [...pageKey, 'claim'] as const;

/** Which link a claim control acts on, and the key of the page that shows it. */
export interface ClaimTarget {
  kind: ClaimKind;
  token: string;
  pageKey: readonly unknown[];
}
