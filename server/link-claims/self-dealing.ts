import type { LinkClaimContext } from '@machines/link-claim/link-claim.machine';
import { createLinkHolders, type LinkHolderParts } from '../auth/link-holders';

/** Mail providers shared by strangers: the same domain there says nothing. */
const sharedProviders = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'live.nl',
  'hotmail.nl',
  'msn.com',
  'icloud.com',
  'me.com',
  'yahoo.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'ziggo.nl',
  'kpnmail.nl',
  'planet.nl',
  'home.nl',
  'xs4all.nl',
]);

export type SelfDealingSign =
  | 'same_email'
  | 'same_domain'
  | 'brand_sign_in_address';

const domainOf = (email: string) =>
  email.trim().toLowerCase().split('@')[1] ?? '';

/**
 * Signs that a deal's creator may be its brand (a link can always be opened in a private window):
 * the confirmed address is the brand's, or at the brand's own domain (not a shared provider's), or
 * the link was accepted from the address the brand last signed in from.
 */
export function selfDealingSigns(
  claim: LinkClaimContext,
  brandEmail: string,
): SelfDealingSign[] {
  const signs: SelfDealingSign[] = [];
  const confirmed = claim.emailConfirmedAt ? claim.email : null;
  if (
    confirmed &&
    confirmed.trim().toLowerCase() === brandEmail.trim().toLowerCase()
  )
    signs.push('same_email');
  else if (
    confirmed &&
    domainOf(confirmed) === domainOf(brandEmail) &&
    !sharedProviders.has(domainOf(brandEmail))
  )
    signs.push('same_domain');
  if (claim.fromBrandSignInAddress) signs.push('brand_sign_in_address');
  return signs;
}

/** The admin deal view's `creatorClaim`: the confirmed address, moves and self-dealing signs. */
export function createCreatorClaimView(ctx: LinkHolderParts) {
  const claims = createLinkHolders(ctx);
  return async (dealId: number, brandEmail: string) => {
    const claim = await claims.load({ kind: 'deal', id: dealId });
    return {
      email: claim.emailConfirmedAt ? claim.email : null,
      emailConfirmedAt: claim.emailConfirmedAt,
      moves: claim.moves,
      selfDealing: selfDealingSigns(claim, brandEmail),
    };
  };
}
