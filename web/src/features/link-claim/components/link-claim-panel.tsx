import type { LinkClaimDto } from '@/features/link-claim/api/get-link-claim.query';
import type { ClaimTarget } from '@/features/link-claim/api/link-claim-paths';
import { ConfirmEmailCard } from './confirm-email-card';
import { ContinueOnDevice } from './continue-on-device';

/**
 * The claim part of a link page (loaded when it shows): "continue on this device" where another
 * device holds the link; for the holder of a deal link, confirming the e-mail address.
 */
export function LinkClaimPanel({
  target,
  claim,
  confirm,
}: {
  target: ClaimTarget;
  claim: LinkClaimDto;
  confirm: boolean;
}) {
  if (claim.holder === 'elsewhere') return <ContinueOnDevice target={target} claim={claim} />;
  if (claim.holder === 'you' && confirm) return <ConfirmEmailCard target={target} claim={claim} />;
  return null;
}
