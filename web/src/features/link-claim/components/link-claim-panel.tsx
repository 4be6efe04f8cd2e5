import type { LinkClaimDto } from '@/features/link-claim/api/get-link-claim.query';
import type { ClaimTarget } from '@/features/link-claim/api/link-claim-paths';
import { Link } from '@/lib/router';
import { t } from '@/i18n';
import { ConfirmEmailCard } from './confirm-email-card';
import { ContinueOnDevice } from './continue-on-device';

/**
 * The claim part of a link page (loaded when it shows): "continue on this device" where another
 * device holds the link; for the holder of a deal link, confirming the e-mail address and the way
 * to their data (docs/privacy.md).
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
  if (claim.holder === 'elsewhere')
    return <ContinueOnDevice target={target} claim={claim} />;
  if (claim.holder !== 'you' || target.kind !== 'deal') return null;
  return (
    <>
      {confirm && <ConfirmEmailCard target={target} claim={claim} />}
      <Link
        to={`/accept/${encodeURIComponent(target.token)}/data`}
        className="block min-h-11 py-3 text-center text-sm text-indigo-700 underline"
      >
        {t('claim.dataExport')}
      </Link>
    </>
  );
}
