import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { toast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';
import type { LinkClaimDto } from '@/features/link-claim/api/get-link-claim.query';
import type { ClaimTarget } from '@/features/link-claim/api/link-claim-paths';
import { useCheckLinkCode } from '@/features/link-claim/api/check-link-code.mutation';
import { AddressForm, useAddressStep } from './address-step';
import { CodeForm } from './code-form';

/** The creator who accepted confirms an address: where a code to continue on another device goes. */
export function ConfirmEmailCard({
  target,
  claim,
}: {
  target: ClaimTarget;
  claim: LinkClaimDto;
}) {
  const step = useAddressStep(target.kind, target.token);
  const check = useCheckLinkCode(target.pageKey);
  if (claim.emailConfirmed)
    return (
      <p
        className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900"
        data-testid="email-confirmed"
      >
        <Icon name="check" className="mr-1 inline h-4 w-4 align-[-2px]" />
        {t('claim.confirmed', { email: claim.email ?? '' })}
      </p>
    );
  const giveCode = (code: string) =>
    check.mutate(
      { kind: target.kind, token: target.token, code, purpose: 'confirm' },
      {
        onSuccess: () => toast({ title: t('claim.confirmedToast') }),
        onError: (err) => step.setError(errorText(err)),
      },
    );
  return (
    <Card data-testid="confirm-email">
      <h2 className="flex items-center gap-2 font-semibold">
        <Icon name="mail" /> {t('claim.confirmTitle')}
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600">
        {t('claim.confirmText')}
      </p>
      {step.sentTo === null ? (
        <AddressForm step={step} />
      ) : (
        <CodeForm
          sentTo={step.sentTo}
          submitLabel={t('claim.confirm')}
          pending={check.isPending}
          error={step.error}
          onSubmit={giveCode}
          onResend={() => step.askCode()}
        />
      )}
    </Card>
  );
}
