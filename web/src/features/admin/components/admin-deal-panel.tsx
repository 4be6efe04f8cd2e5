import { DisputeThreadPanel } from '@/features/disputes/components/dispute-thread-panel';
import type { AdminDealDto } from '@machines/contract/api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DetailRow } from '@/components/ui/detail-row';
import { toast } from '@/components/ui/toast-store';
import { useConfirm } from '@/components/ui/use-confirm';
import { formatDate } from '@/lib/dates';
import { t, type MessageKey, formatMoney } from '@/i18n';
import { useAdminHold } from '@/features/admin/api/admin-hold.mutation';
import { useAdminRefund } from '@/features/admin/api/admin-refund.mutation';
import { useAdminRelease } from '@/features/admin/api/admin-release.mutation';
import { useAdminResume } from '@/features/admin/api/admin-resume.mutation';
import { NoteForm } from './note-form';
import { AdminDealDocuments } from './admin-deal-documents';
import { ReplayTimeline } from './replay-timeline';
import { MoneyNotes } from './money-notes';
import { SplitAction } from './split-dialog';
import { SplitStatus } from './split-status';
import { canSplit } from '@/features/admin/model/admin-split';
import {
  anyMilestoneDisputed,
  unreleased,
  wholeDealRefundCents,
} from '@/features/admin/model/admin-milestones';
import { dealSubject } from '@/features/admin/api/admin-split';
import { AdminMilestones } from './admin-milestones';
import { AdminActions } from './admin-actions';

/**
 * The whole deal's release and refund texts: on a deal with a plan they move everything not yet
 * released, and say so with the amount.
 */
function wholeDealTexts(deal: AdminDealDto) {
  if (deal.milestones === undefined)
    return {
      release: t('admin.release'),
      confirmRelease: t('admin.confirmRelease'),
      refund: t('admin.refund', {
        amount: formatMoney(wholeDealRefundCents(deal)),
      }),
      confirmRefund: t('admin.confirmRefund'),
    };
  const { count, releaseCents } = unreleased(deal);
  const [release, refund] = [
    formatMoney(releaseCents),
    formatMoney(wholeDealRefundCents(deal)),
  ];
  return {
    release: t('admin.releaseRest', { amount: release }),
    confirmRelease: t('admin.confirmReleaseRest', { amount: release, count }),
    refund: t('admin.refundRest', { amount: refund }),
    confirmRefund: t('admin.confirmRefundRest', { amount: refund, count }),
  };
}

type AdminMutation = {
  mutate: (
    id: number,
    o: { onSuccess: () => void; onError: () => void },
  ) => void;
};
type Act = (
  mutation: AdminMutation,
  confirm: string,
  failKey: MessageKey,
) => void;
type Mutations = Record<
  'release' | 'hold' | 'resume' | 'refund',
  AdminMutation
>;

/** Asks the admin to confirm, then runs the mutation on the deal and toasts how it went. */
function confirmThenRun(
  ask: ReturnType<typeof useConfirm>['ask'],
  dealId: number,
): Act {
  return (mutation, confirm, failKey) =>
    ask(confirm, () =>
      mutation.mutate(dealId, {
        onSuccess: () => toast({ title: t('admin.done') }),
        onError: () =>
          toast({
            title: t('admin.errorTitle'),
            description: t(failKey),
            variant: 'destructive',
          }),
      }),
    );
}

/** One button per action the deal's statechart allows now (plus the split, where it applies). */
function actionButtons(
  deal: AdminDealDto,
  busy: boolean,
  act: Act,
  m: Mutations,
) {
  const allowed = deal.state.can;
  const texts = wholeDealTexts(deal);
  return [
    allowed.includes('adminRelease') && (
      <Button
        key="r"
        variant="success"
        disabled={busy}
        onClick={() =>
          act(m.release, texts.confirmRelease, 'admin.releaseFailed')
        }
      >
        {texts.release}
      </Button>
    ),
    allowed.includes('hold') && (
      <Button
        key="h"
        variant="secondary"
        disabled={busy}
        onClick={() => act(m.hold, t('admin.confirmHold'), 'admin.holdFailed')}
        title={t('admin.holdHint')}
      >
        {t('admin.hold')}
      </Button>
    ),
    allowed.includes('resume') && (
      <Button
        key="s"
        variant="secondary"
        disabled={busy}
        onClick={() =>
          act(m.resume, t('admin.confirmResume'), 'admin.resumeFailed')
        }
      >
        {t('admin.resume')}
      </Button>
    ),
    allowed.includes('refund') && (
      <Button
        key="f"
        variant="danger"
        disabled={busy}
        onClick={() => act(m.refund, texts.confirmRefund, 'admin.refundFailed')}
      >
        {texts.refund}
      </Button>
    ),
    canSplit(deal) && (
      <SplitAction key="p" subject={dealSubject(deal)} disabled={busy} />
    ),
  ].filter(Boolean);
}

/** The admin actions the deal's statechart allows now, each behind a confirmation; `dialog` renders that prompt. */
function useDealActions(deal: AdminDealDto) {
  const { ask, dialog } = useConfirm();
  const release = useAdminRelease();
  const hold = useAdminHold();
  const resume = useAdminResume();
  const refund = useAdminRefund();
  const busy =
    release.isPending || hold.isPending || resume.isPending || refund.isPending;
  const act = confirmThenRun(ask, deal.id);
  const actions = actionButtons(deal, busy, act, {
    release,
    hold,
    resume,
    refund,
  });
  return { actions, dialog };
}

/** Why a deal without actions has none: finished, still unpaid, or simply nothing allowed now. */
function noActionsText(status: AdminDealDto['status']): string {
  return status === 'completed'
    ? t('admin.noActionsCompleted')
    : status === 'pending_payment'
      ? t('admin.noActionsPending')
      : t('admin.noActions');
}

/** A hold that has lasted too long is an alert; any hold is at least a note. */
function HoldNotices({
  deal,
  heldDays,
}: {
  deal: AdminDealDto;
  heldDays?: number | undefined;
}) {
  return (
    <>
      {heldDays !== undefined && (
        <p
          role="alert"
          className="rounded-lg bg-orange-50 p-2 text-sm text-orange-900"
        >
          {t('admin.holdAgeAlert', { days: heldDays })}
        </p>
      )}
      {deal.onHold && (
        <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
          {t('admin.onHold')}
        </p>
      )}
    </>
  );
}

/** The admin detail panel; actions come from the deal's `state.can` (docs/product.md §4 "Admin actions"). */
export function AdminDealPanel({
  deal,
  readOnly,
  heldDays,
}: {
  deal: AdminDealDto;
  readOnly: boolean;
  heldDays?: number | undefined;
}) {
  const { actions, dialog } = useDealActions(deal);
  const split = deal.split;
  return (
    <section
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={t('admin.dealId', { id: deal.id })}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-bold">{t('admin.dealId', { id: deal.id })}</h2>
        <Badge tone={deal.state.badge as 'grey'}>
          {t(`admin.status.${deal.status}` as MessageKey)}
        </Badge>
      </div>
      <DealFacts deal={deal} />
      <p className="whitespace-pre-line break-words text-sm text-slate-600">
        {Array.isArray(deal.description)
          ? deal.description.join('\n')
          : deal.description}
      </p>
      <HoldNotices deal={deal} heldDays={heldDays} />
      <MoneyNotes
        chargebacks={deal.chargebacks}
        duplicateRefunds={deal.duplicateRefunds}
        statusText={deal.state.brandText}
      />
      {split && (
        <SplitStatus
          subject={dealSubject(deal)}
          split={split}
          readOnly={readOnly}
        />
      )}
      {deal.milestones && <AdminMilestones deal={deal} readOnly={readOnly} />}
      <AdminActions
        readOnly={readOnly}
        actions={actions}
        emptyText={noActionsText(deal.status)}
      />
      {deal.paidAt && <AdminDealDocuments dealId={deal.id} />}
      {!readOnly && <NoteForm dealId={deal.id} />}
      {(deal.disputeCreatedAt || anyMilestoneDisputed(deal)) && (
        <DisputeThreadPanel
          target={{
            base: `/api/admin/deals/${deal.id}/dispute`,
            auth: 'admin',
          }}
          refreshKey={stateKey(deal)}
        />
      )}
      <ReplayTimeline dealId={deal.id} />
      {dialog}
    </section>
  );
}

/**
 * Where the deal and each of its milestones stand: when it changes (an admin's split or refund
 * resolved the dispute), the conversation is read again at once, so it stops offering a reply the
 * server would refuse and says it is closed.
 */
const stateKey = (deal: AdminDealDto): string =>
  [deal.status, ...(deal.milestones ?? []).map((m) => m.status)].join(' ');

/** Who, how much and by when. */
function DealFacts({ deal }: { deal: AdminDealDto }) {
  return (
    <dl className="space-y-1 text-sm">
      <DetailRow
        label={t('admin.brand')}
        value={`${deal.user.companyName || deal.user.username} · ${deal.user.email}`}
      />
      <DetailRow label={t('admin.creator')} value={deal.influencer} />
      <DetailRow
        label={t('admin.amount')}
        value={formatMoney(deal.amountCents)}
      />
      <DetailRow
        label={t('admin.totalPaid')}
        value={formatMoney(deal.totalAmountCents)}
      />
      {deal.title && (
        <DetailRow label={t('card.assignment')} value={deal.title} />
      )}
      <DetailRow
        label={t('admin.deadline')}
        value={formatDate(deal.deadline)}
      />
    </dl>
  );
}
