import type { ErrorCode } from '../errors/error-catalogue';
import { chargebackOpen } from '../escrow/escrow-limits';
import { escrowedCents } from '../escrow/escrow-ledger';
import { splitFeeCents } from '../money';
import type { DealContext } from './deal.context';
import type { ReleaseTrigger } from './deal.events';
import { splitBase } from './deal-split-parts';

/**
 * The rules of a deal's release, refund, hold and split, each a pure function
 * `(context, input) => ErrorCode | null`: the statechart takes the event on `null`, the decider
 * throws the code. The state a rule applies in is the statechart's; these say what the data must
 * be. `deal_not_in_state` is the answer where the deal, as it stands, has no such step (the
 * decider words it with the action and the status).
 */

type Refusal = ErrorCode | null;

/** Paid, and neither released nor refunded: the escrow holds the charge. */
const inEscrow = (c: DealContext): boolean =>
  c.paidAt !== null && c.cancelledAt === null && c.completedAt === null;

/** Who may release, and when: an admin at any time, the brand unless held, the timers once elapsed. */
export function releaserRefusal(
  c: DealContext,
  trigger: ReleaseTrigger | null,
): Refusal {
  if (c.hold !== null && trigger !== 'admin') return 'deal_on_hold';
  if (c.stripeAccountId === null)
    return inEscrow(c) ? 'no_bank_account' : 'deal_not_in_state';
  if (trigger === 'review_period_elapsed')
    return c.reviewElapsedAt !== null ? null : 'period_not_over';
  if (trigger === 'dispute_period_elapsed')
    return c.disputeElapsedAt !== null ? null : 'period_not_over';
  return trigger === 'admin' || trigger === 'brand'
    ? null
    : 'deal_not_in_state';
}

/**
 * A transfer to the creator is asked for once at a time, by someone allowed to, with no refund
 * under way; a split asked for is the deal's last money effect, so nothing is released after it.
 */
export function releaseRefusal(
  c: DealContext,
  input: { trigger: ReleaseTrigger },
): Refusal {
  if (c.pendingRelease !== null) return 'release_already_under_way';
  if (c.pendingRefund !== null) return 'refund_under_way';
  return (
    releaserRefusal(c, input.trigger) ??
    (c.split !== null ? 'deal_not_in_state' : null)
  );
}

/** A refund gives back what the escrow holds, once, with no other money effect asked for. */
export function refundRefusal(
  c: DealContext,
  input: { amountCents: number },
): Refusal {
  if (c.refundId !== null) return 'deal_already_refunded';
  if (c.pendingRefund !== null) return 'refund_already_under_way';
  if (c.pendingRelease !== null) return 'release_under_way';
  if (c.split !== null) return 'deal_not_in_state';
  return input.amountCents > 0 && input.amountCents <= escrowedCents(c)
    ? null
    : 'deal_not_in_state';
}

/**
 * The creator accepts once: a second acceptance would bind the deal to another browser or account.
 * The contract they read (`readHash`, when the client says which) must be the one that stands.
 */
export const acceptRefusal = (
  c: DealContext,
  input: {
    contractHash?: string | undefined;
    readHash?: string | null | undefined;
  } = {},
): Refusal => {
  if (c.influencerAcceptedAt !== null) return 'deal_already_accepted';
  const { contractHash, readHash } = input;
  return readHash && contractHash && readHash !== contractHash
    ? 'contract_changed'
    : null;
};

/**
 * The brand asks for changes during the review (not once it elapsed, nor with a release or split
 * asked for), while the deal's included revision rounds are not used up.
 */
export function changeRequestRefusal(c: DealContext): Refusal {
  if (
    c.reviewElapsedAt !== null ||
    c.pendingRelease !== null ||
    c.split !== null
  )
    return 'deal_not_in_state';
  return c.revisionsUsed >= c.revisionRounds ? 'revision_rounds_used' : null;
}

/** A link is replaced only before acceptance: afterwards it belongs to whoever claimed the deal. */
export const linkRotationRefusal = (c: DealContext): Refusal =>
  c.influencerAcceptedAt !== null ? 'link_already_claimed' : null;

/** An admin puts a deal on hold once; a second hold would hide the first one's reason. */
export const holdRefusal = (c: DealContext): Refusal =>
  c.hold !== null ? 'deal_already_on_hold' : null;

/**
 * An admin splits a deal whose escrow holds the charge, in dispute or on hold: the creator's part
 * is a positive whole number of cents, less than the creator amount (with a plan: the open
 * milestones' amounts, deal-split-parts.ts), with the fee kept in proportion within what the
 * escrow holds; no other effect asked for, no chargeback open, and a bank account to pay into.
 * `holding`: the deal is in a state whose escrow holds the charge.
 */
export function splitRefusal(
  c: DealContext,
  input: { creatorCents: number; inDispute: boolean; holding: boolean },
): Refusal {
  const { creatorCents } = input;
  if (!Number.isSafeInteger(creatorCents) || creatorCents <= 0)
    return 'split_amount_invalid';
  if (
    !input.holding ||
    (!input.inDispute && c.hold === null) ||
    c.amounts === null
  )
    return 'split_not_allowed';
  if (c.pendingRelease !== null) return 'release_under_way';
  if (c.pendingRefund !== null) return 'refund_under_way';
  if (c.split !== null) return 'split_under_way';
  if (c.stripeAccountId === null) return 'no_bank_account';
  const disputed = chargebackOpen(c);
  if (disputed !== null) return disputed;
  const { amountCents, chargedCents } = splitBase(c);
  // Without a plan the split moves the creator part and the fee kept; with one, all that is open.
  const moved =
    c.milestones === undefined
      ? creatorCents +
        splitFeeCents(amountCents, c.amounts.feeCents, creatorCents)
      : chargedCents;
  if (moved > escrowedCents(c)) return 'split_above_escrow';
  return creatorCents >= amountCents ? 'split_whole_amount' : null;
}
