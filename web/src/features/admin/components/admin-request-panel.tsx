import { useId } from 'react';
import { DisputeThreadPanel } from '@/features/disputes/components/dispute-thread-panel';
import type { AdminPaymentRequestDto } from '@machines/contract/api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DetailRow } from '@/components/ui/detail-row';
import { toast } from '@/components/ui/toast-store';
import { useConfirm } from '@/components/ui/use-confirm';
import { formatDate } from '@/lib/dates';
import { t, type MessageKey, formatMoney } from '@/i18n';
import { useAdminReleaseHold } from '@/features/admin/api/admin-release-hold.mutation';
import {
  useAdminRequestRefund,
  useAdminRequestRelease,
} from '@/features/admin/api/admin-request-money';
import { requestSubject } from '@/features/admin/api/admin-split';
import { adminRequestCan } from '@/features/admin/model/admin-request-can';
import { MoneyNotes } from './money-notes';
import { SplitAction } from './split-dialog';
import { SplitStatus } from './split-status';
import { AdminActions } from './admin-actions';
import { holdReasonText } from '@/features/admin/model/hold-line';

/** Who asked whom for what, by when, the request's state and whether the creator can be paid out. */
function RequestFacts({ request }: { request: AdminPaymentRequestDto }) {
  return (
    <dl className="space-y-1 text-sm">
      <DetailRow
        label={t('admin.creator')}
        value={`${request.creator.username} · ${request.creator.email}`}
      />
      <DetailRow
        label={t('admin.requestBrand')}
        value={`${request.brandName} · ${request.brandEmail}`}
      />
      <DetailRow
        label={t('admin.amount')}
        value={formatMoney(request.amountCents)}
      />
      <DetailRow
        label={t('admin.totalPaid')}
        value={formatMoney(request.totalAmountCents)}
      />
      <DetailRow label={t('card.assignment')} value={request.title} />
      <DetailRow
        label={t('admin.deadline')}
        value={formatDate(request.deadline)}
      />
      <DetailRow
        label={t('admin.payoutAccount')}
        value={t(
          request.creator.payoutsEnabled
            ? 'admin.payoutReady'
            : 'admin.payoutNotReady',
        )}
      />
    </dl>
  );
}

type Mutation = {
  mutate: (
    id: number,
    o: {
      onSuccess: (answer: {
        pending?: boolean;
        waitingFor?: string | null;
      }) => void;
      onError: () => void;
    },
  ) => void;
};

/** What an action's answer is titled: done, still under way, or a payout waiting for the creator's payout account. */
const answerTitle = (answer: {
  pending?: boolean;
  waitingFor?: string | null;
}): string =>
  t(
    answer?.waitingFor === 'bank_account'
      ? 'admin.releaseWaitsDone'
      : answer?.pending
        ? 'admin.moneyPending'
        : 'admin.done',
  );

/**
 * No payout account yet: a release keeps the money in escrow until there is one (the server
 * defers the payout), which the admin reads beside the button and in its confirmation.
 */
function useReleaseWaits(request: AdminPaymentRequestDto, releasable: boolean) {
  const id = useId();
  const waits = releasable && !request.creator.payoutsEnabled;
  const note = waits && (
    <p
      id={id}
      className="rounded-lg bg-sky-50 p-2 text-sm text-sky-900"
      data-testid="release-waits"
    >
      {t('admin.releaseWaits')}
    </p>
  );
  return {
    note,
    describedBy: waits ? id : undefined,
    question: t(waits ? 'admin.confirmReleaseWaits' : 'admin.confirmRelease'),
  };
}

/** The admin actions the request's statechart allows now, each behind a confirmation. */
function useRequestActions(request: AdminPaymentRequestDto) {
  const { ask, dialog } = useConfirm();
  const releaseHold = useAdminReleaseHold();
  const release = useAdminRequestRelease();
  const refund = useAdminRequestRefund();
  const allowed = adminRequestCan(request);
  const busy = releaseHold.isPending || release.isPending || refund.isPending;
  const waits = useReleaseWaits(request, allowed.includes('release'));
  const act = (mutation: Mutation, question: string, failKey: MessageKey) =>
    ask(question, () =>
      mutation.mutate(request.id, {
        onSuccess: (answer) => toast({ title: answerTitle(answer) }),
        onError: () =>
          toast({
            title: t('admin.errorTitle'),
            description: t(failKey),
            variant: 'destructive',
          }),
      }),
    );
  const button = (
    key: string,
    variant: 'success' | 'danger',
    label: string,
    onClick: () => void,
    describedBy?: string,
  ) => (
    <Button
      key={key}
      variant={variant}
      disabled={busy}
      onClick={onClick}
      aria-describedby={describedBy}
    >
      {label}
    </Button>
  );
  const actions = [
    allowed.includes('releaseHold') &&
      button('rh', 'success', t('admin.releaseHold'), () =>
        act(
          releaseHold as Mutation,
          t('admin.confirmReleaseHold'),
          'admin.releaseHoldFailed',
        ),
      ),
    allowed.includes('release') &&
      button(
        'r',
        'success',
        t('admin.release'),
        () => act(release, waits.question, 'admin.releaseFailed'),
        waits.describedBy,
      ),
    allowed.includes('refund') &&
      button(
        'f',
        'danger',
        t('admin.refund', { amount: formatMoney(request.totalAmountCents) }),
        () =>
          act(refund, t('admin.requestConfirmRefund'), 'admin.refundFailed'),
      ),
    allowed.includes('split') && request.split === null && (
      <SplitAction key="p" subject={requestSubject(request)} disabled={busy} />
    ),
  ].filter(Boolean);
  return { actions, note: waits.note, dialog };
}

/** One payment request for admins: creator, money, hold and payout facts; actions from the statechart. */
export function AdminRequestPanel({
  request,
  readOnly,
}: {
  request: AdminPaymentRequestDto;
  readOnly: boolean;
}) {
  const { actions, note, dialog } = useRequestActions(request);
  const title = t('admin.requestId', { id: request.id });

  return (
    <section
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={title}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-bold">{title}</h2>
        <Badge tone={request.state.badge as 'grey'}>
          {t(`admin.request.status.${request.status}` as MessageKey)}
        </Badge>
      </div>
      <RequestFacts request={request} />
      {request.hold && (
        <p
          className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900"
          data-testid="request-hold"
        >
          {t('admin.requestOnHold', {
            reason: holdReasonText(request.hold.reason),
          })}
        </p>
      )}
      {request.payoutPending && (
        <p
          className="rounded-lg bg-sky-50 p-2 text-sm text-sky-900"
          data-testid="payout-pending"
        >
          {t(
            request.payoutWaitingFor === 'provider'
              ? 'admin.payoutWaitingProvider'
              : request.payoutWaitingFor === 'chargeback'
                ? 'admin.payoutWaitingChargeback'
                : 'admin.payoutPending',
            { amount: formatMoney(request.amountCents) },
          )}
        </p>
      )}
      <MoneyNotes
        chargebacks={request.chargebacks}
        duplicateRefunds={request.duplicateRefunds}
        statusText={request.state.text}
      />
      {request.split && (
        <SplitStatus
          subject={requestSubject(request)}
          split={request.split}
          readOnly={readOnly}
        />
      )}
      {!readOnly && note}
      <AdminActions
        readOnly={readOnly}
        actions={actions}
        emptyText={t('admin.noActions')}
      />
      {request.dispute && (
        <DisputeThreadPanel
          target={{
            base: `/api/admin/payment-requests/${request.id}/dispute`,
            auth: 'admin',
          }}
        />
      )}
      {dialog}
    </section>
  );
}
