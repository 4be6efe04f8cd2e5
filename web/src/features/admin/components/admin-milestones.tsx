import type { AdminDealDto } from '@machines/contract/api';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useConfirm } from '@/components/ui/use-confirm';
import { formatDate } from '@/lib/dates';
import { t, type MessageKey, formatMoney } from '@/i18n';
import { useAdminMilestoneMoney } from '@/features/admin/api/admin-milestone.mutation';
import { milestoneSubject } from '@/features/admin/api/admin-split';
import type { AdminMilestone } from '@/features/admin/model/admin-milestones';
import { SplitAction } from './split-dialog';

const tones: Record<AdminMilestone['status'], BadgeTone> = {
  in_progress: 'blue',
  delivered: 'yellow',
  changes_requested: 'purple',
  dispute: 'red',
  released: 'green',
  refunded: 'grey',
  split: 'green',
};

type Ask = ReturnType<typeof useConfirm>['ask'];
type Money = ReturnType<typeof useAdminMilestoneMoney>;

/** Release and Refund of one milestone, each behind a confirmation naming its amount; its Split. */
function MilestoneActions({
  deal,
  m,
  ask,
  money,
}: {
  deal: AdminDealDto;
  m: AdminMilestone;
  ask: Ask;
  money: Money;
}) {
  const amount = formatMoney(m.amountCents);
  const run = (action: 'release' | 'refund', failKey: MessageKey) =>
    money.mutate(
      { dealId: deal.id, milestone: m.index, action },
      {
        onSuccess: (answer) =>
          toast({
            title: answer.pending ? t('admin.moneyPending') : t('admin.done'),
          }),
        onError: () =>
          toast({
            title: t('admin.errorTitle'),
            description: t(failKey),
            variant: 'destructive',
          }),
      },
    );
  if (m.adminCan.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {m.adminCan.includes('release') && (
        <Button
          variant="success"
          disabled={money.isPending}
          onClick={() =>
            ask(
              t('admin.confirmMilestoneRelease', { amount, n: m.index }),
              () => run('release', 'admin.milestoneReleaseFailed'),
            )
          }
        >
          {t('admin.milestoneRelease')}
        </Button>
      )}
      {m.adminCan.includes('refund') && (
        <Button
          variant="danger"
          disabled={money.isPending}
          onClick={() =>
            ask(
              t('admin.confirmMilestoneRefund', {
                n: m.index,
                amount,
                total: formatMoney(m.amountCents + m.feeCents),
              }),
              () => run('refund', 'admin.milestoneRefundFailed'),
              true,
            )
          }
        >
          {t('admin.milestoneRefund')}
        </Button>
      )}
      {m.adminCan.includes('split') && (
        <SplitAction
          subject={milestoneSubject(deal, m)}
          disabled={money.isPending}
        />
      )}
    </div>
  );
}

/**
 * A deal with a plan in the admin panel: each milestone with its title, amount, status, due date
 * and revisions used, and what an admin may do with it now (the answer's `adminCan`).
 */
export function AdminMilestones({
  deal,
  readOnly,
}: {
  deal: AdminDealDto;
  readOnly: boolean;
}) {
  const { ask, dialog } = useConfirm();
  const money = useAdminMilestoneMoney();
  const milestones = deal.milestones ?? [];
  return (
    <section
      aria-labelledby={`admin-milestones-${deal.id}`}
      className="space-y-2"
    >
      <h3 id={`admin-milestones-${deal.id}`} className="font-semibold">
        {t('admin.milestones')}
      </h3>
      <ol className="space-y-2">
        {milestones.map((m) => {
          const name = t('admin.milestoneTitle', {
            n: m.index,
            title: m.title,
          });
          return (
            <li
              key={m.index}
              aria-label={name}
              data-testid="admin-milestone"
              data-status={m.status}
              className="space-y-2 rounded-xl border border-slate-200 p-3 text-sm"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <span className="min-w-0 break-words font-semibold">
                  {name}
                </span>
                <Badge tone={tones[m.status]}>
                  {t(
                    (m.chargedBack
                      ? 'admin.milestoneStatus.charged_back'
                      : `admin.milestoneStatus.${m.status}`) as MessageKey,
                  )}
                </Badge>
              </div>
              <p className="flex flex-wrap gap-x-3 text-slate-600">
                <span className="font-semibold text-slate-900">
                  {formatMoney(m.amountCents)}
                </span>
                <span>
                  {t('admin.milestoneDue', { date: formatDate(m.dueDate) })}
                </span>
                <span>
                  {t('admin.milestoneRevisions', {
                    used: m.revisionsUsed,
                    rounds: m.revisionRounds,
                  })}
                </span>
              </p>
              {!readOnly && (
                <MilestoneActions deal={deal} m={m} ask={ask} money={money} />
              )}
            </li>
          );
        })}
      </ol>
      {dialog}
    </section>
  );
}
