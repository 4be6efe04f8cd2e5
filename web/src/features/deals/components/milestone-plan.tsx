import { use } from 'react';
import type { DealListItemDto } from '@machines/contract/api';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DetailRow } from '@/components/ui/detail-row';
import { ProgressTracker } from '@/components/ui/progress-tracker';
import { formatDate } from '@/lib/dates';
import { loadTexts, t, formatMoney } from '@/i18n';
import type { LinkCommands } from '@/features/deals/hooks/use-link-commands';
import { deliverableLabel } from '@/features/deals/model/deliverables';
import {
  milestoneClockOf,
  milestoneRefusalText,
  milestoneStandingText,
  milestoneStepLabels,
  milestonesOf,
  type MilestoneDto,
} from '@/features/deals/model/milestones';
import { DealCountdown } from './deal-countdown';
import { DeliveryForm } from './delivery-form';
import { RequestChangesCard } from './request-changes-card';
import { RevisionHistory } from './revision-history';
import { useDealCommands } from './use-deal-commands';

/** Who looks at the plan: the brand (approve, ask for changes, dispute) or the creator (deliver). */
export type PlanSide =
  | { side: 'brand' }
  | { side: 'creator'; commands: LinkCommands; elsewhere?: boolean };

type BrandCommands = ReturnType<typeof useDealCommands>;

/** The milestone's brief and where it stands: amount, due date, status, its 3-step tracker. */
function MilestoneFacts({
  m,
  total,
  creator,
}: {
  m: MilestoneDto;
  total: number;
  creator: boolean;
}) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-slate-500">
            {t('milestones.item', { n: m.index, total })}
          </p>
          <h3 className="break-words font-semibold">{m.title}</h3>
        </div>
        <p className="shrink-0 font-bold">{formatMoney(m.amountCents)}</p>
      </div>
      <dl className="space-y-1 text-sm">
        <DetailRow label={t('milestones.due')} value={formatDate(m.dueDate)} />
        {creator && m.deliverables.length > 0 && (
          <DetailRow
            label={t('accept.deliverables')}
            value={m.deliverables.map(deliverableLabel).join(', ')}
          />
        )}
      </dl>
      <p className="text-sm font-medium" data-testid="milestone-status">
        {milestoneStandingText(m)}
      </p>
      <ProgressTracker
        step={m.step}
        labels={milestoneStepLabels(m)}
        caption={t('milestones.steps.label', { step: m.step })}
        ariaLabel={t('milestones.steps.aria', { n: m.index })}
        currentLabel={t('steps.current')}
      />
    </>
  );
}

/** The brand's buttons on a milestone, as its statechart allows them (`can`), and its change request. */
function BrandActions({
  deal,
  m,
  commands,
}: {
  deal: DealListItemDto;
  m: MilestoneDto;
  commands: BrandCommands;
}) {
  const buttons = [
    {
      action: 'release',
      variant: 'success',
      label: t('milestones.approve'),
      run: commands.release,
    },
    {
      action: 'dispute',
      variant: 'danger',
      label: t('milestones.dispute'),
      run: commands.dispute,
    },
  ] as const;
  const shown = buttons.filter((b) => m.can.includes(b.action));
  return (
    <>
      {shown.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {shown.map((b) => (
            <Button
              key={b.action}
              variant={b.variant}
              disabled={commands.busy}
              onClick={() => b.run(deal, m)}
            >
              {b.label}
            </Button>
          ))}
        </div>
      )}
      <RequestChangesCard deal={deal} milestone={m} />
    </>
  );
}

/** The creator's delivery of a milestone (or its redelivery after a change request). */
function CreatorDelivery({
  m,
  commands: c,
}: {
  m: MilestoneDto;
  commands: LinkCommands;
}) {
  if (!m.can.includes('deliver')) return null;
  const again = m.status === 'changes_requested';
  return (
    <section>
      <DeliveryForm
        intro={
          again ? t('revisions.redeliverText') : t('milestones.deliverText')
        }
        submitLabel={t(again ? 'milestones.redeliver' : 'milestones.deliver', {
          n: m.index,
        })}
        busy={c.delivering}
        onSend={(note, links) =>
          c.deliver(note, links, m.index, milestoneRefusalText)
        }
      />
    </section>
  );
}

function MilestoneItem({
  deal,
  m,
  total,
  who,
  commands,
}: {
  deal: DealListItemDto;
  m: MilestoneDto;
  total: number;
  who: PlanSide;
  commands: BrandCommands | null;
}) {
  const creator = who.side === 'creator';
  return (
    <li
      className="space-y-3 rounded-xl border border-slate-200 p-3"
      data-testid="milestone"
      data-index={m.index}
      data-status={m.status}
    >
      <MilestoneFacts m={m} total={total} creator={creator} />
      <DealCountdown
        deal={deal}
        side={who.side}
        clock={milestoneClockOf(m, deal.onHold)}
      />
      <RevisionHistory deal={m} embedded />
      {who.side === 'brand' && commands && (
        <BrandActions deal={deal} m={m} commands={commands} />
      )}
      {who.side === 'creator' && !who.elsewhere && (
        <CreatorDelivery m={m} commands={who.commands} />
      )}
    </li>
  );
}

function PlanCard({
  deal,
  who,
  commands,
}: {
  deal: DealListItemDto;
  who: PlanSide;
  commands: BrandCommands | null;
}) {
  const milestones = milestonesOf(deal);
  if (milestones.length === 0) return null;
  // As on a deal's own delivery card: the creator who can deliver sees the payouts have somewhere to go.
  const delivers =
    who.side === 'creator' &&
    !who.elsewhere &&
    milestones.some((m) => m.can.includes('deliver'));
  return (
    <Card>
      <h2 className="mb-1 font-semibold">{t('milestones.heading')}</h2>
      {delivers && (
        <p
          className="mb-1 text-sm font-medium text-emerald-700"
          data-testid="bank-connected"
        >
          ✓ {t('accept.bankConnected')}
        </p>
      )}
      <MilestoneSummary deal={deal} />
      <ol className="mt-3 space-y-3" data-testid="milestone-plan">
        {milestones.map((m) => (
          <MilestoneItem
            key={m.index}
            deal={deal}
            m={m}
            total={milestones.length}
            who={who}
            commands={commands}
          />
        ))}
      </ol>
      {commands?.dialog}
    </Card>
  );
}

// The brand's plan also asks for changes: the deal pages' texts, which the deal list has not loaded.
let brandTexts: Promise<void> | null = null;

/** The brand's plan: its approvals and disputes ask first, as the deal's own do. */
function BrandPlan({ deal }: { deal: DealListItemDto }) {
  use((brandTexts ??= loadTexts(['requests'])));
  const commands = useDealCommands();
  return <PlanCard deal={deal} who={{ side: 'brand' }} commands={commands} />;
}

/**
 * A deal's milestones, each with its brief, its compact tracker (the step its statechart serves),
 * the countdown of its running period, its rounds of delivery and what can be done with it now.
 * Loaded (with its texts) only on pages that show a deal with a plan (milestone-panel.tsx).
 */
export function MilestonePlan({
  deal,
  ...who
}: { deal: DealListItemDto } & PlanSide) {
  const side = who as PlanSide;
  return side.side === 'brand' ? (
    <BrandPlan deal={deal} />
  ) : (
    <PlanCard deal={deal} who={side} commands={null} />
  );
}

/** "2 of 3 milestones released" and the next due date (the summary lists and dashboards show). */
export function MilestoneSummary({ deal }: { deal: DealListItemDto }) {
  const s = deal.milestoneSummary;
  if (!s) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="milestone-summary">
      {t('milestones.summary', { released: s.released, total: s.total })}
      {s.nextDueDate && (
        <span className="text-slate-500">
          {' '}
          · {t('milestones.nextDue', { date: formatDate(s.nextDueDate) })}
        </span>
      )}
    </p>
  );
}
