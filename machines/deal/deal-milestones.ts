import type { ErrorCode } from '../errors/error-catalogue';
import { MAX_DEAL_CENTS } from '../money';

/**
 * A deal's milestone plan: 1 to 10 parts, each with a title, its deliverables, an amount (at least
 * €1.00) and a due date, whose amounts add up to the deal's amount. The brand funds the whole deal
 * in one checkout; the fee is kept per milestone in proportion to its amount (`feeShares`). A deal
 * without a plan is a one-milestone deal and runs exactly as a deal always has. Pure data and
 * functions (no zod): the schema is in deal.events.ts, the web and the server check with these.
 */

export const MIN_MILESTONES = 1;
export const MAX_MILESTONES = 10;
/** A milestone's least amount: €1.00. */
export const MIN_MILESTONE_CENTS = 100;
export const MAX_MILESTONE_TITLE_LENGTH = 200;

export interface MilestonePlanItem {
  title: string;
  deliverables: string[];
  amountCents: number;
  /** A calendar date, YYYY-MM-DD. */
  dueDate: string;
}

/**
 * A milestone due after the deal is: its due date later than the calendar day of the deal's
 * deadline ("2026-04-01" and "2026-04-01T12:00:00+02:00" both end on 2026-04-01). The deal's
 * guard (deal-milestone-guards.ts) and the web form's inline check ask this.
 */
export const dueAfterDeadline = (dueDate: string, deadline: string): boolean =>
  dueDate.slice(0, 10) > deadline.slice(0, 10);

/** The first of the plan's problems, or null when the plan fits a deal of `amountCents` on `today` (YYYY-MM-DD). */
export function milestonePlanRefusal(
  plan: readonly MilestonePlanItem[],
  amountCents: number,
  today: string,
): ErrorCode | null {
  if (plan.length < MIN_MILESTONES || plan.length > MAX_MILESTONES)
    return 'milestones_count';
  if (
    plan.some(
      (m) =>
        m.title.trim() === '' || m.title.length > MAX_MILESTONE_TITLE_LENGTH,
    )
  )
    return 'milestone_title_required';
  if (
    plan.some(
      (m) =>
        !Number.isSafeInteger(m.amountCents) ||
        m.amountCents < MIN_MILESTONE_CENTS,
    )
  )
    return 'milestone_amount_too_small';
  const sum = plan.reduce((s, m) => s + m.amountCents, 0);
  if (sum > MAX_DEAL_CENTS) return 'milestones_above_limit';
  if (sum !== amountCents) return 'milestones_sum_mismatch';
  return plan.some((m) => m.dueDate.slice(0, 10) < today)
    ? 'milestone_due_in_past'
    : null;
}

/**
 * The deal's fee shared over its milestones in proportion to their amounts, rounded so the shares
 * add up to the fee exactly: each gets the floor of its exact share, and the cents left over go one
 * each to the largest remainders (ties to the earlier milestone).
 */
export function feeShares(
  amounts: readonly number[],
  feeCents: number,
): number[] {
  const total = amounts.reduce((s, a) => s + a, 0);
  if (total <= 0) return amounts.map(() => 0);
  const exact = amounts.map((a) => ({
    floor: Math.floor((a * feeCents) / total),
    rest: (a * feeCents) % total,
  }));
  let left = feeCents - exact.reduce((s, x) => s + x.floor, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x.rest }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  const shares = exact.map((x) => x.floor);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The plan's checks that need no clock (the statechart's: the due dates are checked when the
 * brand writes the plan); no plan is a one-milestone deal.
 */
export const milestonePlanFits = (
  plan: readonly MilestonePlanItem[] | undefined,
  amountCents: number,
): boolean =>
  plan === undefined ||
  milestonePlanRefusal(plan, amountCents, '0000-00-00') === null;
