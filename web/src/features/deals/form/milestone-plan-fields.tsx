import { deliverableOptions } from '@machines/deal/deal-options';
import { MIN_MILESTONE_CENTS } from '@machines/deal/deal-milestones';
import { AmountField } from '@/components/ui/amount-field';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { t, formatMoney, type MessageKey } from '@/i18n';
import { deliverableLabel } from '@/features/deals/model/deliverables';
import type { DealForm } from '@/features/deals/hooks/use-deal-form';
import { CheckGroup } from './check-group';
import { dealAmountBounds } from './deal-form-state';
import {
  addMilestone,
  PLAN_MAX,
  planSumCents,
  readMilestoneAmount,
  removeMilestone,
  splitPlan,
  updateMilestone,
  type MilestoneDraft,
  type PlanCode,
  type PlanProblem,
} from './milestone-plan';

/** Each refusal code of the plan in the brand's words; above the cap, the deal's own cap sentence. */
const planErrorKey: Record<PlanCode, MessageKey> = {
  milestones_count: 'plan.error.milestones_count',
  milestones_sum_mismatch: 'plan.error.milestones_sum_mismatch',
  milestone_amount_too_small: 'plan.error.milestone_amount_too_small',
  milestone_amount_invalid: 'plan.error.milestone_amount_invalid',
  milestone_due_in_past: 'plan.error.milestone_due_in_past',
  milestone_due_after_deadline: 'plan.error.milestone_due_after_deadline',
  milestone_due_date_invalid: 'plan.error.milestone_due_date_invalid',
  milestone_title_required: 'plan.error.milestone_title_required',
  milestones_above_limit: 'create.amountCap',
};

const planErrorText = (
  problem: PlanProblem,
  totalCents: number | null,
): string =>
  t(planErrorKey[problem.code], {
    total: totalCents === null ? '–' : formatMoney(totalCents),
    min: formatMoney(MIN_MILESTONE_CENTS),
    max: PLAN_MAX,
  });

/**
 * The deal form's milestones: by default one delivery (the form as it always was), or, split, 2 to
 * 10 milestones with a title, their deliverables, an amount and a due date, and the running sum
 * against the deal's amount. Removing down to one milestone is the plain deal again.
 */
export function MilestonePlanFields({ deal }: { deal: DealForm }) {
  const { form, set } = deal;
  const plan = form.milestones;
  const setPlan = (next: MilestoneDraft[]) => set('milestones', next);
  return (
    <fieldset className="space-y-3" data-testid="milestone-plan">
      <legend className="text-sm font-semibold">{t('plan.heading')}</legend>
      {plan.length === 0 ? (
        <>
          <p className="text-sm text-slate-600">{t('plan.single')}</p>
          <Button variant="secondary" onClick={() => setPlan(splitPlan(form))}>
            {t('plan.split')}
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {t('plan.intro', { max: PLAN_MAX })}
          </p>
          {plan.map((m, i) => (
            <MilestoneFields
              key={i}
              deal={deal}
              index={i}
              onChange={(change) => setPlan(updateMilestone(plan, i, change))}
              onRemove={() => setPlan(removeMilestone(plan, i))}
            />
          ))}
          <PlanSum deal={deal} />
          <Button
            variant="secondary"
            block
            disabled={plan.length >= PLAN_MAX}
            onClick={() => setPlan(addMilestone(plan))}
          >
            {t('plan.add')}
          </Button>
        </>
      )}
    </fieldset>
  );
}

/** One milestone: its title, deliverables, amount and due date, each with its own error. */
function MilestoneFields({
  deal,
  index,
  onChange,
  onRemove,
}: {
  deal: DealForm;
  index: number;
  onChange: (change: Partial<MilestoneDraft>) => void;
  onRemove: () => void;
}) {
  const m = deal.form.milestones[index]!;
  const number = index + 1;
  const bounds = {
    minCents: MIN_MILESTONE_CENTS,
    maxCents: dealAmountBounds().maxCents,
  };
  const errorOf = (field: PlanProblem['field']) => {
    const problem = deal.planShown.find(
      (p) => p.index === index && p.field === field,
    );
    return problem ? planErrorText(problem, deal.amount.cents) : null;
  };
  // The server's refusal of this amount; the field says its own reading's problems itself.
  const refused =
    deal.refusal?.index === index && deal.refusal.field === 'amount';
  return (
    <fieldset
      className="space-y-3 rounded-xl border border-slate-200 p-3"
      data-testid={`milestone-${number}`}
    >
      <legend className="px-1 text-sm font-semibold">
        {t('plan.milestone', { number })}
      </legend>
      <TextField
        label={t('plan.title')}
        maxLength={200}
        value={m.title}
        error={errorOf('title')}
        onChange={(e) => onChange({ title: e.target.value })}
      />
      <CheckGroup
        legend={t('create.deliverables')}
        options={deliverableOptions}
        labelOf={deliverableLabel}
        value={m.deliverables}
        onChange={(v) => onChange({ deliverables: v })}
      />
      <AmountField
        label={t('create.amount')}
        value={m.amount}
        onChange={(text) => onChange({ amount: text })}
        reading={readMilestoneAmount(m.amount, bounds.maxCents)}
        bounds={bounds}
        aboveText={t('create.amountCap')}
        showEmpty={deal.tried}
        error={refused ? planErrorText(deal.refusal!, deal.amount.cents) : null}
      />
      <TextField
        label={t('plan.dueDate')}
        type="date"
        value={m.dueDate}
        error={errorOf('dueDate')}
        onChange={(e) => onChange({ dueDate: e.target.value })}
      />
      <Button variant="ghost" className="text-red-700" onClick={onRemove}>
        {t('plan.remove', { number })}
      </Button>
    </fieldset>
  );
}

/** The running sum against the deal's amount; after a submit (or the server's refusal), its error. */
function PlanSum({ deal }: { deal: DealForm }) {
  const maxCents = dealAmountBounds().maxCents;
  const sum = planSumCents(deal.form.milestones, maxCents);
  const total = deal.amount.cents;
  const problem = deal.planShown.find((p) => p.field === 'sum');
  const rest = total === null ? null : total - sum;
  return (
    <div
      className="rounded-lg bg-slate-50 p-3 text-sm"
      data-testid="plan-sum"
      {...(problem ? { 'data-invalid': true, tabIndex: -1 } : {})}
    >
      <p aria-live="polite">
        {total === null
          ? t('plan.sumOnly', { sum: formatMoney(sum) })
          : t('plan.sum', { sum: formatMoney(sum), total: formatMoney(total) })}
        {rest !== null && rest !== 0 && (
          <>
            {' · '}
            {rest > 0
              ? t('plan.left', { amount: formatMoney(rest) })
              : t('plan.over', { amount: formatMoney(-rest) })}
          </>
        )}
      </p>
      {problem && (
        <p role="alert" className="mt-1 text-red-600">
          {planErrorText(problem, total)}
        </p>
      )}
    </div>
  );
}
