import { Icon } from '@/components/ui/icon';
import { t } from '@/i18n';
import type { ClaimKind } from '@/lib/claim-secret';
import { AddressForm, useAddressStep } from './address-step';
import { CodeForm } from './code-form';

/**
 * The acceptance's own step (docs/adr/0030-email-confirmed-at-acceptance.md): the address, a code
 * mailed to it, and the code given with the acceptance itself. A wrong code accepts nothing and is
 * told here, in the field.
 */
export function AcceptanceCode({
  kind,
  token,
  ready,
  pending,
  submitLabel,
  error,
  onAccept,
}: {
  kind: ClaimKind;
  token: string;
  /** Whatever else the acceptance needs is done (the contract read). */
  ready: boolean;
  pending: boolean;
  submitLabel: string;
  /** Why the last acceptance with a code was refused. */
  error: string | null;
  onAccept: (code: string) => void;
}) {
  const step = useAddressStep(kind, token);
  return (
    <div className="space-y-3" data-testid="acceptance-code">
      <h2 className="flex items-center gap-2 font-semibold">
        <Icon name="mail" /> {t('claim.confirmTitle')}
      </h2>
      <p className="text-sm text-slate-600">{t('claim.acceptEmailText')}</p>
      {step.sentTo === null ? (
        <AddressForm step={step} />
      ) : (
        <CodeForm
          sentTo={step.sentTo}
          submitLabel={submitLabel}
          pending={pending}
          disabled={!ready}
          error={error}
          onSubmit={onAccept}
          onResend={() => step.askCode()}
        />
      )}
    </div>
  );
}
