import { Suspense, useState } from 'react';
import type { DealDto } from '@machines/contract/api';
import type { DealStateView } from '@machines/deal/deal.view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { t } from '@/i18n';
import { can } from '@/features/deals/model/deal-view';
import type { LinkCommands } from '@/features/deals/hooks/use-link-commands';
import { usePayoutIdentity } from '@/features/payouts/components/identity-fields';
import { DeliveryForm } from './delivery-form';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

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

// The acceptance's e-mail step loads with the card that needs it, not with the page.
const AcceptanceCode = lazyWithTexts(['link-panels'], () =>
  import('@/features/link-claim/components/acceptance-code').then(
    (m) => m.AcceptanceCode,
  ),
);

/**
 * The contract is accepted explicitly: the box says it was read, the hash sent is the one shown;
 * the acceptance carries the code mailed to the address the creator confirms.
 */
function AcceptContract({
  deal,
  commands: c,
}: {
  deal: DealDto;
  commands: LinkCommands;
}) {
  const [read, setRead] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  return (
    <Card className="space-y-3">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5"
          checked={read}
          onChange={(e) => setRead(e.target.checked)}
          data-testid="accept-contract"
        />
        <span>{t('contract.acceptBox')}</span>
      </label>
      <Suspense fallback={null}>
        <AcceptanceCode
          kind="deal"
          token={c.token}
          ready={read}
          pending={c.accepting}
          submitLabel={c.accepting ? t('accept.accepting') : t('accept.accept')}
          error={codeError}
          onAccept={(code) => c.accept(deal.contract.hash, code, setCodeError)}
        />
      </Suspense>
    </Card>
  );
}

/** The deal's delivery (or the redelivery after a change request), once the bank account is connected. */
function Deliver({
  commands: c,
  again,
}: {
  commands: LinkCommands;
  again: boolean;
}) {
  return (
    <Card>
      <p className="mb-1 text-sm font-medium text-emerald-700">
        ✓ {t('accept.bankConnected')}
      </p>
      <DeliveryForm
        intro={again ? t('revisions.redeliverText') : t('accept.deliverText')}
        submitLabel={again ? t('revisions.redeliver') : t('accept.deliver')}
        busy={c.delivering}
        onSend={(note, links) => c.deliver(note, links)}
      />
    </Card>
  );
}

/** The creator's next step, as the statechart allows it: accept the contract, connect a bank account, deliver. */
export function LinkSteps({
  deal,
  view,
  accepted,
  commands: c,
}: {
  deal: DealDto;
  view: DealStateView;
  accepted: boolean;
  commands: LinkCommands;
}) {
  return (
    <>
      {can(view, 'accept') && <AcceptContract deal={deal} commands={c} />}
      {!accepted && view.status === 'pending_payment' && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t('accept.notPaid')}
        </p>
      )}
      {can(view, 'startBankSetup') && <BankSetup commands={c} />}
      {can(view, 'deliver') && (
        <Deliver commands={c} again={view.status === 'changes_requested'} />
      )}
    </>
  );
}
