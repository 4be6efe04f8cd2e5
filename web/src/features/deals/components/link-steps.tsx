import type { DealStateView } from '@machines/deal/deal.view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { t } from '@/i18n';
import { can } from '@/features/deals/model/deal-view';
import type { LinkCommands } from '@/features/deals/hooks/use-link-commands';
import { usePayoutIdentity } from '@/features/payouts/components/identity-fields';

/** Bank setup: the identity the yearly payout report needs, then the gateway's onboarding. */
function BankSetup({ commands: c }: { commands: LinkCommands }) {
  const identity = usePayoutIdentity();
  return (
    <Card>
      <p className="mb-3 text-sm">{t('accept.bankNeeded')}</p>
      {identity.fields}
      <Button
        block
        onClick={() => c.startBankSetup(identity.identity())}
        disabled={c.startingBankSetup}
      >
        <Icon name="bank" /> {t('accept.bankSetup')}
      </Button>
    </Card>
  );
}

/** The creator's next step, as the statechart allows it: accept, connect a bank account, deliver. */
export function LinkSteps({
  view,
  accepted,
  commands: c,
}: {
  view: DealStateView;
  accepted: boolean;
  commands: LinkCommands;
}) {
  return (
    <>
      {can(view, 'accept') && (
        <Button block onClick={c.accept} disabled={c.accepting}>
          {c.accepting ? t('accept.accepting') : t('accept.accept')}
        </Button>
      )}
      {!accepted && view.status === 'pending_payment' && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('accept.notPaid')}</p>
      )}
      {can(view, 'startBankSetup') && <BankSetup commands={c} />}
      {can(view, 'deliver') && (
        <Card>
          <p className="mb-1 text-sm font-medium text-emerald-700">✓ {t('accept.bankConnected')}</p>
          <p className="mb-3 text-sm">{t('accept.deliverText')}</p>
          <Button block variant="success" onClick={c.deliver} disabled={c.delivering}>
            {c.delivering ? t('accept.delivering') : t('accept.deliver')}
          </Button>
        </Card>
      )}
    </>
  );
}
