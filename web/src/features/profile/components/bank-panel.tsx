import type { BankStatusCode } from '@machines/contract/api';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getAuthToken } from '@/lib/auth-token';
import { t } from '@/i18n';
import { useAccountStatus } from '@/features/profile/api/account-status.query';
import { useCreateOnboardingLink } from '@/features/profile/api/create-onboarding-link.mutation';
import { Icon } from '@/components/ui/icon';
import { usePayoutIdentity } from '@/features/payouts/components/identity-fields';
import { errorText, HttpError } from '@/lib/http';

/** What the panel says and offers for each state: bank, payout, the button, and whether to warn. */
function bankTexts(code: BankStatusCode): [string, string, string, boolean] {
  if (code === 'connected')
    return [
      t('profile.connected'),
      t('profile.ready'),
      t('profile.manageBank'),
      false,
    ];
  if (code === 'setup_incomplete')
    return [
      t('profile.setupIncomplete'),
      t('profile.setupIncomplete'),
      t('profile.completeBank'),
      true,
    ];
  return [
    t('profile.notConnected'),
    t('profile.setupRequired'),
    t('profile.connectBank'),
    false,
  ];
}

/** 'Bank Details & Payouts' with the three states of docs/product.md §4. */
export function BankPanel() {
  const hasToken = getAuthToken() !== null;
  const status = useAccountStatus(hasToken);
  const link = useCreateOnboardingLink();
  const identity = usePayoutIdentity();

  const start = () => {
    if (!getAuthToken()) {
      window.alert(t('profile.loginAlert'));
      return;
    }
    link.mutate(identity.identity(), {
      onSuccess: (answer) =>
        answer.url
          ? window.location.assign(answer.url)
          : window.alert(t('profile.onboardingAlert')),
      onError: (error) =>
        window.alert(
          error instanceof HttpError && error.status === 400
            ? errorText(error)
            : t('profile.onboardingAlert'),
        ),
    });
  };

  let body;
  if (!hasToken)
    body = <p className="text-sm">{t('profile.notAuthenticated')}</p>;
  else if (status.isPending)
    body = <p className="text-sm text-slate-500">{t('app.loading')}</p>;
  else if (status.isError)
    body = <p className="text-sm text-red-600">{t('profile.statusError')}</p>;
  else {
    const [bank, payout, button, warn] = bankTexts(status.data.code);
    body = (
      <div className="space-y-3">
        {warn && (
          <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
            <Icon name="alert" className="h-4 w-4" />{' '}
            {t('profile.setupIncompleteWarning')}
          </p>
        )}
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-slate-500">{t('profile.bankStatus')}</dt>
            <dd className="font-semibold">{bank}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t('profile.payoutStatus')}</dt>
            <dd className="font-semibold">{payout}</dd>
          </div>
        </dl>
        {identity.fields}
        <Button
          variant="secondary"
          block
          onClick={start}
          disabled={link.isPending}
        >
          {button}
        </Button>
      </div>
    );
  }
  return (
    <Card>
      <h2 className="mb-3 flex items-center gap-2 font-semibold">
        <Icon name="bank" /> {t('profile.bankTitle')}
      </h2>
      {body}
    </Card>
  );
}
