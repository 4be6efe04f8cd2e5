import type { DealDto, MilestoneInput } from '@machines/contract/api';
import {
  dueAfterDeadline,
  MAX_MILESTONE_TITLE_LENGTH,
  MAX_MILESTONES,
  MIN_MILESTONE_CENTS,
} from '@machines/deal/deal-milestones';
import { centsToDecimal } from '@machines/money';
import { readAmount, type AmountReading } from '@/lib/amount';

/**
 * The brand's milestone plan on the deal form (docs/api.md "Milestones"): no milestones is the
 * plain deal, one delivery, exactly as the form has always been; a split plan has 2 to 10. The
 * checks mirror the server's refusal codes (machines/deal/deal-milestones.ts), each placed on the
 * field it is about, so a refusal from the server lands where the same check would put it.
 */
export interface MilestoneDraft {
  title: string;
  deliverables: string[];
  amount: string;
  /** YYYY-MM-DD, as the date field holds it. */
  dueDate: string;
}

/** The server's refusal codes of a plan (docs/api.md "Milestones"). */
export const planCodes = [
  'milestones_count',
  'milestones_sum_mismatch',
  'milestone_amount_too_small',
  'milestone_amount_invalid',
  'milestone_due_in_past',
  'milestone_due_after_deadline',
  'milestone_due_date_invalid',
  'milestone_title_required',
  'milestones_above_limit',
] as const;
export type PlanCode = (typeof planCodes)[number];
export const isPlanCode = (code: string | null): code is PlanCode =>
  (planCodes as readonly string[]).includes(code ?? '');

/** Where a problem shows: a milestone's field (by its place in the plan), or the plan's sum line. */
export type PlanProblem =
  | { code: PlanCode; field: 'title' | 'amount' | 'dueDate'; index: number }
  | { code: PlanCode; field: 'sum'; index: null };

export const PLAN_MIN = 2;
export const PLAN_MAX = MAX_MILESTONES;

const blank = (): MilestoneDraft => ({
  title: '',
  deliverables: [],
  amount: '',
  dueDate: '',
});

/** Splitting the deal: two milestones, the first with the deal's deliverables and delivery date. */
export const splitPlan = (deal: {
  deliverables: string[];
  deadline: string;
}): MilestoneDraft[] => [
  { ...blank(), deliverables: deal.deliverables, dueDate: deal.deadline },
  blank(),
];

export const addMilestone = (plan: MilestoneDraft[]): MilestoneDraft[] =>
  plan.length >= PLAN_MAX ? plan : [...plan, blank()];

/** Without milestone `index`; down to one, the plan is the plain deal again (no milestones). */
export function removeMilestone(
  plan: MilestoneDraft[],
  index: number,
): MilestoneDraft[] {
  const rest = plan.filter((_, i) => i !== index);
  return rest.length < PLAN_MIN ? [] : rest;
}

export const updateMilestone = (
  plan: MilestoneDraft[],
  index: number,
  change: Partial<MilestoneDraft>,
): MilestoneDraft[] =>
  plan.map((m, i) => (i === index ? { ...m, ...change } : m));

/** A milestone's amount as its field understands it: at least €1.00, at most the deal cap. */
export const readMilestoneAmount = (
  amount: string,
  maxCents: number,
): AmountReading =>
  readAmount(amount, { minCents: MIN_MILESTONE_CENTS, maxCents });

/** What the milestones add up to so far (the amounts understood; the others count as nothing). */
export const planSumCents = (
  plan: readonly MilestoneDraft[],
  maxCents: number,
): number =>
  plan.reduce(
    (sum, m) => sum + (readMilestoneAmount(m.amount, maxCents).cents ?? 0),
    0,
  );

/** Today's calendar day as the server counts it (UTC), YYYY-MM-DD. */
export const utcToday = (now = new Date()): string =>
  now.toISOString().slice(0, 10);

const amountCode = (reading: AmountReading): PlanCode | null =>
  reading.problem === null
    ? null
    : reading.problem === 'below'
      ? 'milestone_amount_too_small'
      : reading.problem === 'above'
        ? 'milestones_above_limit'
        : 'milestone_amount_invalid';

/** What a plan is checked against: the deal's amount as typed, the cap, today and the deal's deadline ('' while unset). */
export interface PlanDeal {
  amountCents: number | null;
  maxCents: number;
  today: string;
  deadline: string;
}

function milestoneProblems(m: MilestoneDraft, index: number, deal: PlanDeal) {
  const problems: PlanProblem[] = [];
  const title = m.title.trim();
  if (title === '' || title.length > MAX_MILESTONE_TITLE_LENGTH)
    problems.push({ code: 'milestone_title_required', field: 'title', index });
  const amount = amountCode(readMilestoneAmount(m.amount, deal.maxCents));
  if (amount) problems.push({ code: amount, field: 'amount', index });
  if (m.dueDate === '')
    problems.push({
      code: 'milestone_due_date_invalid',
      field: 'dueDate',
      index,
    });
  else if (m.dueDate < deal.today)
    problems.push({ code: 'milestone_due_in_past', field: 'dueDate', index });
  else if (deal.deadline !== '' && dueAfterDeadline(m.dueDate, deal.deadline))
    problems.push({
      code: 'milestone_due_after_deadline',
      field: 'dueDate',
      index,
    });
  return problems;
}

/**
 * Every problem of a split plan, each where it shows, before anything is sent: the milestones'
 * fields, then the sum (above the cap, or not the deal's amount once that is understood). The
 * plain deal (no milestones) has none.
 */
export function planProblems(
  plan: readonly MilestoneDraft[],
  deal: PlanDeal,
): PlanProblem[] {
  if (plan.length === 0) return [];
  if (plan.length < PLAN_MIN || plan.length > PLAN_MAX)
    return [{ code: 'milestones_count', field: 'sum', index: null }];
  const problems = plan.flatMap((m, i) => milestoneProblems(m, i, deal));
  const sum = planSumCents(plan, deal.maxCents);
  if (sum > deal.maxCents)
    problems.push({
      code: 'milestones_above_limit',
      field: 'sum',
      index: null,
    });
  else if (deal.amountCents !== null && sum !== deal.amountCents)
    problems.push({
      code: 'milestones_sum_mismatch',
      field: 'sum',
      index: null,
    });
  return problems;
}

/**
 * Where the server's refusal of a plan shows (its answer names the code, not the milestone): on the
 * first milestone whose field the same check finds at fault, else on the field the code is about in
 * the first milestone (e.g. a due date the server's clock finds past), else on the sum line.
 */
export function placeRefusal(
  code: PlanCode,
  plan: readonly MilestoneDraft[],
  deal: PlanDeal,
): PlanProblem {
  const found = planProblems(plan, deal).find((p) => p.code === code);
  if (found) return found;
  const field =
    code === 'milestone_title_required'
      ? 'title'
      : code === 'milestone_due_in_past' ||
          code === 'milestone_due_after_deadline' ||
          code === 'milestone_due_date_invalid'
        ? 'dueDate'
        : code === 'milestone_amount_invalid' ||
            code === 'milestone_amount_too_small'
          ? 'amount'
          : null;
  return field && plan.length > 0
    ? { code, field, index: earliest(plan, field) }
    : { code, field: 'sum', index: null };
}

/** For a due date, the milestone due first (the one a later clock finds past); else the first. */
function earliest(
  plan: readonly MilestoneDraft[],
  field: 'title' | 'amount' | 'dueDate',
): number {
  if (field !== 'dueDate') return 0;
  return plan.reduce(
    (best, m, i) => (m.dueDate < plan[best]!.dueDate ? i : best),
    0,
  );
}

/** The plan as the API takes it; none for the plain deal. */
export const toMilestoneInputs = (
  plan: readonly MilestoneDraft[],
  maxCents: number,
): MilestoneInput[] | undefined =>
  plan.length < PLAN_MIN
    ? undefined
    : plan.map((m) => {
        const cents = readMilestoneAmount(m.amount, maxCents).cents;
        return {
          title: m.title.trim(),
          deliverables: m.deliverables,
          amount: cents === null ? m.amount.trim() : centsToDecimal(cents),
          dueDate: m.dueDate,
        };
      });

/** A stored plan back in the form's fields (a deal without one: none). */
export const planFromDeal = (deal: DealDto): MilestoneDraft[] =>
  (deal.milestones ?? []).map((m) => ({
    title: m.title,
    deliverables: m.deliverables,
    amount: centsToDecimal(m.amountCents),
    dueDate: m.dueDate.slice(0, 10),
  }));
