import type { ReleaseTrigger } from '../deal/deal.events';
import type { PaymentRequestEvent } from './payment-request.events';
import { paymentRequestEscrowEvents } from '../escrow/escrow-events';
import { evolveEscrow } from '../escrow/escrow-fold';
import { noAccounts } from '../escrow/escrow-accounts';
import {
  noMoney,
  splitSettled,
  type EscrowLedger,
} from '../escrow/escrow-ledger';
import { postEvent, type LegacyPayout } from '../escrow/escrow-postings';

type Created = Extract<
  PaymentRequestEvent,
  { type: 'PaymentRequestCreated' }
>['data'];

/** A payment request: what the creator asks, and the escrow ledger (machines/escrow) its money moves through. */
export interface PaymentRequestContext extends EscrowLedger {
  request: Created | null;
  createdAt: string | null;
  acceptedAt: string | null;
  expiredAt: string | null;
  rejectedAt: string | null;
  /** Set while the payout waits for the creator's payout account (PaymentRequestPayoutDeferred). */
  payoutDeferredAt: string | null;
  /** A chargeback freezes the escrowed amount until an admin releases the hold. */
  hold: { since: string; disputeId: string; reason: string } | null;
  /** A payout asked for and not yet answered by the gateway. */
  pendingPayout: {
    key: string;
    amountCents: number;
    destinationAccountId: string;
  } | null;
  lastPayoutError: { code: string; message: string; at: string } | null;
  /** How the brand paid (card, ideal), as the gateway confirmed it; for the receipt. */
  paymentMethod: string | null;
  /** The creator's completion: their note and links to the work, for the brand's review. */
  delivery: { note: string | null; links: string[]; at: string } | null;
  reviewPeriodEndsAt: string | null;
  reviewElapsedAt: string | null;
  dispute: RequestDispute | null;
  disputeElapsedAt: string | null;
  /** Who released the money to the creator (null: not released, or history from before the review). */
  releaseTrigger: ReleaseTrigger | null;
  /** A refund of the brand asked for and not yet answered. */
  pendingRefund: { key: string; amountCents: number } | null;
  refundId: string | null;
  refundedAt: string | null;
  /** Set only when a lost chargeback, not a refund, ended the request (absent on every other context). */
  endReason?: 'charged_back';
  lastRefundError: {
    code: string;
    message: string;
    at: string;
    key: string;
  } | null;
  /** The creator's payout account a split's transfer goes to. */
  splitDestinationAccountId: string | null;
}

export interface RequestDispute {
  reason: string;
  openedAt: string;
  endsAt: string;
  status: 'open' | 'resolved' | 'auto_resolved';
}

export const emptyPaymentRequestContext: PaymentRequestContext = {
  request: null,
  createdAt: null,
  acceptedAt: null,
  checkoutSessionId: null,
  paymentIntentId: null,
  chargeId: null,
  paidCents: 0,
  paidAt: null,
  lastPaymentFailure: null,
  completedAt: null,
  transferId: null,
  split: null,
  expiredAt: null,
  rejectedAt: null,
  lastFailedSessionId: null,
  payoutDeferredAt: null,
  hold: null,
  chargebacks: [],
  duplicateRefunds: [],
  openSession: null,
  pendingPayout: null,
  lastPayoutError: null,
  paymentMethod: null,
  unexpectedPayments: [],
  accounts: noAccounts,
  money: noMoney,
  delivery: null,
  reviewPeriodEndsAt: null,
  reviewElapsedAt: null,
  dispute: null,
  disputeElapsedAt: null,
  releaseTrigger: null,
  pendingRefund: null,
  refundId: null,
  refundedAt: null,
  lastRefundError: null,
  splitDestinationAccountId: null,
};

/** The money left escrow one way or another: an open dispute is settled (auto_resolved when its period ran out). */
const settle = (
  c: PaymentRequestContext,
  status: RequestDispute['status'],
): RequestDispute | null =>
  c.dispute?.status === 'open' ? { ...c.dispute, status } : c.dispute;

/** A split's part succeeded; once both have, the request is resolved. */
const splitPartDone = (
  c: PaymentRequestContext,
  event: PaymentRequestEvent,
  at: string,
) => {
  const next = escrow(c, event);
  return splitSettled(next.split)
    ? { ...next, completedAt: at, hold: null, dispute: settle(c, 'resolved') }
    : next;
};

type Evolve = {
  [T in PaymentRequestEvent['type']]: (
    c: PaymentRequestContext,
    event: Extract<PaymentRequestEvent, { type: T }>,
    at: string,
  ) => PaymentRequestContext;
};

const escrow = (
  c: PaymentRequestContext,
  event: PaymentRequestEvent,
): PaymentRequestContext => evolveEscrow(c, event, paymentRequestEscrowEvents);

/** What each event records, one entry per event type; the machine decides whether it may happen. */
const evolvers: Evolve = {
  PaymentRequestCreated: (c, { data }, at) => ({
    ...c,
    request: data,
    createdAt: at,
  }),
  PaymentRequestAccepted: (c, _event, at) => ({ ...c, acceptedAt: at }),
  PaymentRequestCheckoutCreated: escrow,
  PaymentRequestCheckoutClosed: escrow,
  PaymentRequestUnexpectedPaymentReceived: escrow,
  PaymentRequestPaid: (c, event) => ({
    ...escrow(c, event),
    paymentMethod: event.data.method,
  }),
  PaymentRequestPaymentFailed: escrow,
  PaymentRequestDuplicatePaymentRefunded: escrow,
  PaymentRequestPayoutRequested: (c, { data }, at) => ({
    ...c,
    completedAt: c.completedAt ?? at,
    releaseTrigger: data.trigger ?? c.releaseTrigger,
    pendingPayout: {
      key: data.key,
      amountCents: data.amountCents,
      destinationAccountId: data.destinationAccountId,
    },
  }),
  PaymentRequestCompleted: (c, { data }, at) => ({
    ...c,
    // A deferred payout keeps the moment the creator completed the request.
    completedAt: c.completedAt ?? at,
    transferId: data.transferId,
    pendingPayout: null,
    payoutDeferredAt: null,
    hold: null,
    dispute: settle(
      c,
      c.releaseTrigger === 'dispute_period_elapsed'
        ? 'auto_resolved'
        : 'resolved',
    ),
  }),
  PaymentRequestPayoutFailed: (c, { data }, at) => ({
    ...c,
    pendingPayout: null,
    payoutDeferredAt: c.payoutDeferredAt ?? at,
    lastPayoutError: { code: data.code, message: data.message, at },
  }),
  PaymentRequestExpired: (c, _event, at) => ({ ...c, expiredAt: at }),
  PaymentRequestRejected: (c, _event, at) => ({ ...c, rejectedAt: at }),
  PaymentRequestPayoutDeferred: (c, { data }, at) => ({
    ...c,
    completedAt: at,
    payoutDeferredAt: at,
    releaseTrigger: data.trigger ?? c.releaseTrigger,
  }),
  PaymentRequestChargebackOpened: (c, event, at) => ({
    ...escrow(c, event),
    hold: c.hold ?? {
      since: at,
      disputeId: event.data.disputeId,
      reason: `Chargeback: ${event.data.reason}`,
    },
  }),
  PaymentRequestChargebackClosed: escrow,
  PaymentRequestHoldReleased: (c) => ({ ...c, hold: null }),
  PaymentRequestDelivered: (c, { data }, at) => ({
    ...c,
    delivery: { note: data.note, links: data.links, at },
    reviewPeriodEndsAt: data.reviewPeriodEndsAt,
  }),
  PaymentRequestReviewElapsed: (c, _event, at) => ({
    ...c,
    reviewElapsedAt: at,
  }),
  PaymentRequestDisputeOpened: (c, { data }, at) => ({
    ...c,
    dispute: {
      reason: data.reason,
      openedAt: at,
      endsAt: data.endsAt,
      status: 'open',
    },
  }),
  PaymentRequestDisputeElapsed: (c, _event, at) => ({
    ...c,
    disputeElapsedAt: at,
  }),
  PaymentRequestRefundRequested: (c, { data }) => ({
    ...c,
    pendingRefund: { key: data.key, amountCents: data.amountCents },
  }),
  PaymentRequestRefunded: (c, { data }, at) => ({
    ...c,
    ...(data.reason ? { endReason: data.reason } : {}),
    pendingRefund: null,
    refundId: data.refundId ?? null,
    refundedAt: at,
    hold: null,
    dispute: settle(c, 'resolved'),
  }),
  PaymentRequestRefundFailed: (c, { data }, at) => ({
    ...c,
    pendingRefund: c.pendingRefund?.key === data.key ? null : c.pendingRefund,
    lastRefundError: {
      code: data.code,
      message: data.message,
      at,
      key: data.key,
    },
  }),
  PaymentRequestSplitRequested: (c, event) => ({
    ...escrow(c, event),
    splitDestinationAccountId: event.data.destinationAccountId,
  }),
  PaymentRequestSplitRetried: escrow,
  PaymentRequestSplitTransferSucceeded: splitPartDone,
  PaymentRequestSplitTransferFailed: escrow,
  PaymentRequestSplitRefundSucceeded: splitPartDone,
  PaymentRequestSplitRefundFailed: escrow,
  // A dispute message is history: the conversation is read from the stream.
  PaymentRequestDisputeMessagePosted: (c) => c,
};

/** Legacy completions (before payout intents) paid the request amount; those without a transfer paid nothing out. */
const legacyPayout: LegacyPayout<PaymentRequestContext> = (c, data) =>
  (data as { transferId: string | null }).transferId === null
    ? 0
    : (c.pendingPayout?.amountCents ?? c.request?.amountCents ?? 0);

/** Records what each event says, and posts the money it moves to the request's accounts; the machine decides whether it may happen. */
export function evolvePaymentRequestContext(
  c: PaymentRequestContext,
  event: PaymentRequestEvent,
): PaymentRequestContext {
  const evolve = evolvers[event.type] as (
    c: PaymentRequestContext,
    event: PaymentRequestEvent,
    at: string,
  ) => PaymentRequestContext;
  return postEvent(
    c,
    evolve(c, event, event.metadata.at),
    event,
    paymentRequestEscrowEvents,
    legacyPayout,
  );
}
