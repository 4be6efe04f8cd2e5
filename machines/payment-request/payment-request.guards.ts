import type { ReleaseTrigger } from '../deal/deal.events';
import type { ErrorCode } from '../errors/error-catalogue';
import { escrowedCents } from '../escrow/escrow-ledger';
import { splitFeeCents } from '../money';
import type { PaymentRequestContext } from './payment-request.context';

/**
 * The rules of a request's review, dispute and resolution, each a pure function
 * `(context, input) => ErrorCode | null`: the statechart takes the event on `null`, the decider
 * throws the code. The state a rule applies in is the statechart's; these say what the data must be.
 */

type Refusal = ErrorCode | null;
const reached = (at: string, deadline: string | null): boolean =>
  deadline !== null && Date.parse(at) >= Date.parse(deadline);

/** A money effect asked for and not answered yet (payout, refund, split) blocks every other. */
function effectUnderWay(c: PaymentRequestContext): Refusal {
  if (c.pendingPayout !== null || c.payoutDeferredAt !== null)
    return 'release_under_way';
  if (c.pendingRefund !== null) return 'refund_under_way';
  if (c.split !== null) return 'split_under_way';
  return null;
}

/** The creator marks the work done: not while a chargeback holds the money. */
export const deliveryRefusal = (c: PaymentRequestContext): Refusal =>
  c.hold !== null ? 'payment_request_on_hold' : null;

/** The brand disputes within the review period, before anything was released. */
export function disputeRefusal(
  c: PaymentRequestContext,
  input: { at: string },
): Refusal {
  if (c.dispute !== null) return 'payment_request_already_disputed';
  if (c.reviewElapsedAt !== null || reached(input.at, c.reviewPeriodEndsAt))
    return 'review_period_over';
  return effectUnderWay(c);
}

/**
 * Who may release the money to the creator, and when: the brand by approving, an admin at any
 * time (also during a hold), the timers only once their period has elapsed and never while held.
 */
export function releaseRefusal(
  c: PaymentRequestContext,
  input: { trigger: ReleaseTrigger; at: string },
): Refusal {
  const underWay = effectUnderWay(c);
  if (underWay !== null) return underWay;
  if (c.refundId !== null || c.transferId !== null) return 'release_under_way';
  if (input.trigger === 'admin') return null;
  if (c.hold !== null) return 'payment_request_on_hold';
  if (input.trigger === 'review_period_elapsed')
    return c.reviewElapsedAt !== null ? null : 'period_not_over';
  if (input.trigger === 'dispute_period_elapsed')
    return c.disputeElapsedAt !== null ? null : 'period_not_over';
  return null;
}

/** A review or dispute period's end, recorded once and never early (nor while held). */
export function periodEndRefusal(
  c: PaymentRequestContext,
  input: { period: 'review' | 'dispute'; at: string },
): Refusal {
  const review = input.period === 'review';
  if (review ? c.reviewElapsedAt !== null : c.disputeElapsedAt !== null)
    return 'period_not_over';
  if (
    !reached(
      input.at,
      review ? c.reviewPeriodEndsAt : (c.dispute?.endsAt ?? null),
    )
  )
    return 'period_not_over';
  if (c.hold !== null) return 'payment_request_on_hold';
  return effectUnderWay(c);
}

/** An admin refunds the brand what the escrow holds, once, with no other effect under way. */
export function refundRefusal(
  c: PaymentRequestContext,
  input: { amountCents: number },
): Refusal {
  if (c.refundId !== null) return 'payment_request_already_refunded';
  const underWay = effectUnderWay(c);
  if (underWay !== null) return underWay;
  return input.amountCents > 0 && input.amountCents <= escrowedCents(c)
    ? null
    : 'nothing_to_refund';
}

/**
 * An admin splits a disputed (or held) request: the creator's part is whole cents, less than the
 * amount, and with the fee kept in proportion within what the escrow holds.
 */
export function splitRefusal(
  c: PaymentRequestContext,
  input: { creatorCents: number; inDispute: boolean },
): Refusal {
  if (!input.inDispute && c.hold === null) return 'split_not_allowed';
  const underWay = effectUnderWay(c);
  if (underWay !== null) return underWay;
  const request = c.request;
  if (request === null) return 'split_not_allowed';
  const { creatorCents } = input;
  if (!Number.isSafeInteger(creatorCents) || creatorCents <= 0)
    return 'split_amount_invalid';
  if (creatorCents >= request.amountCents) return 'split_whole_amount';
  const fee = splitFeeCents(
    request.amountCents,
    request.feeCents,
    creatorCents,
  );
  return creatorCents + fee > escrowedCents(c) ? 'split_above_escrow' : null;
}
