import type { ErrorCode } from '../errors/error-catalogue';
import { dealEscrowEvents } from '../escrow/escrow-events';
import {
  chargebackOpen,
  intentRefusal,
  payableNowCents,
} from '../escrow/escrow-limits';
import { splitFeeCents } from '../money';
import type { DealContext } from './deal-context.types';
import type { DealEvent, DealTerms } from './deal.events';
import { dueAfterDeadline } from './deal-milestones';
import { milestoneOfEvent } from './deal-milestone-context';
import {
  milestoneChangeRefusal,
  milestoneTakes,
  type Milestone,
} from './milestone.machine';

/**
 * The deal's rules on an event that names one of its milestones, each a pure
 * `(context, input) => ErrorCode | null`: the milestone's statechart (milestone.machine.ts) says
 * whether the milestone can take it; these add what the deal knows: one money effect at a time,
 * holds, the bank account, the escrow's limits, and that each intent moves exactly the
 * milestone's money (its amount and fee share). The deal's statechart takes a milestone's event
 * when both agree (`milestoneEventFits`), the decider throws the code.
 */

type Refusal = ErrorCode | null;

/**
 * A plan's milestones are due by the deal's deadline: none after it, since the deal is delivered
 * by then. The statechart takes a deal's terms (DealCreated, DealUpdated) only without this
 * refusal, and the decider throws it for the brand's create and edit.
 */
export const milestoneDeadlineRefusal = (
  terms: Pick<DealTerms, 'deadline' | 'milestones'>,
): Refusal =>
  terms.milestones?.some((m) => dueAfterDeadline(m.dueDate, terms.deadline))
    ? 'milestone_due_after_deadline'
    : null;

/** What a release of the milestone pays the creator now: its amount, or what the escrow holds if less. */
export const milestonePayableCents = (c: DealContext, m: Milestone): number =>
  payableNowCents(c, m.amountCents);

/**
 * The fee a release of the milestone keeps: its fee share, or what the escrow holds beyond the
 * payout if less (after a lost chargeback took part of the escrow; a deal without a plan likewise
 * keeps only the rest). A release taken with room for its whole share keeps it whole, as every
 * stored one did.
 */
export const milestoneFeeKeptCents = (c: DealContext, m: Milestone): number =>
  Math.max(
    0,
    Math.min(
      m.feeCents,
      payableNowCents(c, Infinity) - milestonePayableCents(c, m),
    ),
  );

/** Another money effect is under way, or this milestone's own: nothing more is asked for meanwhile. */
function effectRefusal(c: DealContext): Refusal {
  if (c.pendingRelease !== null) return 'release_already_under_way';
  if (c.pendingRefund !== null) return 'refund_under_way';
  return c.split !== null ? 'split_under_way' : null;
}

/** The milestone's money is on its way out: no change request or dispute any more. */
const leaving = (c: DealContext, m: Milestone): boolean =>
  m.splitRequested ||
  c.pendingRelease?.milestone === m.index ||
  c.pendingRefund?.milestone === m.index ||
  c.splitMilestone === m.index;

/** A split of the milestone: in its dispute or while the deal is held, a part below its amount, the fee in proportion. */
export function milestoneSplitRefusal(
  c: DealContext,
  m: Milestone,
  creatorCents: number,
): Refusal {
  if (!Number.isSafeInteger(creatorCents) || creatorCents <= 0)
    return 'split_amount_invalid';
  if (m.status !== 'dispute' && c.hold === null) return 'split_not_allowed';
  const effect = effectRefusal(c);
  if (effect !== null) return effect;
  if (c.stripeAccountId === null) return 'no_bank_account';
  const disputed = chargebackOpen(c);
  if (disputed !== null) return disputed;
  return creatorCents >= m.amountCents ? 'split_whole_amount' : null;
}

/** The parts of a split of the milestone giving the creator `creatorCents`: the fee kept in proportion, the rest refunded. */
export function milestoneSplitParts(m: Milestone, creatorCents: number) {
  const chargedCents = m.amountCents + m.feeCents;
  const feeKeptCents = splitFeeCents(m.amountCents, m.feeCents, creatorCents);
  return {
    creatorCents,
    feeKeptCents,
    refundCents: chargedCents - creatorCents - feeKeptCents,
    chargedCents,
  };
}

type Rule = (c: DealContext, m: Milestone, event: DealEvent) => Refusal;

/** A delivery needs an account to pay into, and a milestone whose split is not under way. */
const deliveryRefusal = (c: DealContext, m: Milestone): Refusal =>
  m.splitRequested
    ? 'milestone_not_in_state'
    : c.stripeAccountId === null
      ? 'no_bank_account'
      : null;

const limits = (c: DealContext, event: DealEvent): Refusal =>
  intentRefusal(c, event, dealEscrowEvents);

const rules: Partial<Record<DealEvent['type'], Rule>> = {
  ContentDelivered: (c, m) => deliveryRefusal(c, m),
  ContentRedelivered: (c, m) => deliveryRefusal(c, m),
  ChangesRequested: (c, m) =>
    leaving(c, m) ? 'milestone_not_in_state' : milestoneChangeRefusal(m),
  DisputeOpened: (c, m) => (leaving(c, m) ? 'milestone_not_in_state' : null),
  ReviewPeriodElapsed: (c) => (c.hold !== null ? 'deal_on_hold' : null),
  DisputePeriodElapsed: (c) => (c.hold !== null ? 'deal_on_hold' : null),
  FundsReleaseRequested: (c, m, event) => {
    if (event.type !== 'FundsReleaseRequested') return 'deal_not_in_state';
    const { trigger, amountCents, feeCents } = event.data;
    const code = effectRefusal(c);
    if (code !== null) return code;
    if (c.hold !== null && trigger !== 'admin') return 'deal_on_hold';
    if (c.stripeAccountId === null) return 'no_bank_account';
    const exact =
      amountCents > 0 &&
      amountCents === milestonePayableCents(c, m) &&
      feeCents === milestoneFeeKeptCents(c, m);
    return limits(c, event) ?? (exact ? null : 'escrow_insufficient');
  },
  FundsReleased: (c, m, event) =>
    event.type === 'FundsReleased' &&
    c.pendingRelease?.milestone === m.index &&
    c.pendingRelease.key === event.data.key &&
    c.pendingRelease.amountCents === event.data.amountCents
      ? null
      : 'deal_not_in_state',
  TransferFailed: (c, m, event) =>
    event.type === 'TransferFailed' &&
    c.pendingRelease?.milestone === m.index &&
    c.pendingRelease.key === event.data.key
      ? null
      : 'deal_not_in_state',
  RefundRequested: (c, m, event) => {
    if (event.type !== 'RefundRequested') return 'deal_not_in_state';
    const code = effectRefusal(c);
    if (code !== null) return code;
    const exact = event.data.amountCents === m.amountCents + m.feeCents;
    return limits(c, event) ?? (exact ? null : 'escrow_insufficient');
  },
  DealRefunded: (c, m, event) =>
    event.type === 'DealRefunded' &&
    c.pendingRefund?.milestone === m.index &&
    c.pendingRefund.key === event.data.key &&
    c.pendingRefund.amountCents === event.data.amountCents
      ? null
      : 'deal_not_in_state',
  RefundFailed: (c, m, event) =>
    event.type === 'RefundFailed' &&
    c.pendingRefund?.milestone === m.index &&
    c.pendingRefund.key === event.data.key
      ? null
      : 'deal_not_in_state',
  DealSplitRequested: (c, m, event) => {
    if (event.type !== 'DealSplitRequested') return 'deal_not_in_state';
    const code = milestoneSplitRefusal(c, m, event.data.creatorCents);
    if (code !== null) return code;
    const parts = milestoneSplitParts(m, event.data.creatorCents);
    const exact =
      event.data.feeKeptCents === parts.feeKeptCents &&
      event.data.refundCents === parts.refundCents &&
      event.data.chargedCents === parts.chargedCents;
    return limits(c, event) ?? (exact ? null : 'split_above_escrow');
  },
};

/** The deal's refusal of an event about one of its milestones (null: the deal's rules allow it). */
export function milestoneEventRefusal(
  c: DealContext,
  event: DealEvent,
): Refusal {
  const m = milestoneOfEvent(c, event);
  if (m === null) return 'milestone_not_found';
  return rules[event.type]?.(c, m, event) ?? null;
}

/** The deal's statechart takes an event about a milestone when the deal's rules and the milestone's statechart both allow it. */
export function milestoneEventFits(c: DealContext, event: DealEvent): boolean {
  const m = milestoneOfEvent(c, event);
  return (
    m !== null &&
    milestoneEventRefusal(c, event) === null &&
    milestoneTakes(m, event)
  );
}
