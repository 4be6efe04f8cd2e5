import type { PaymentRequestEvent } from './payment-request.events';
import { paymentRequestEscrowEvents } from '../escrow/escrow-events';
import { evolveEscrow } from '../escrow/escrow-fold';
import { noAccounts } from '../escrow/escrow-accounts';
import { noMoney, type EscrowLedger } from '../escrow/escrow-ledger';
import { postEvent, type LegacyPayout } from '../escrow/escrow-postings';

type Created = Extract<PaymentRequestEvent, { type: 'PaymentRequestCreated' }>['data'];

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
  pendingPayout: { key: string; amountCents: number; destinationAccountId: string } | null;
  lastPayoutError: { code: string; message: string; at: string } | null;
  /** How the brand paid (card, ideal), as the gateway confirmed it; for the receipt. */
  paymentMethod: string | null;
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
};

type Evolve = {
  [T in PaymentRequestEvent['type']]: (
    c: PaymentRequestContext,
    event: Extract<PaymentRequestEvent, { type: T }>,
    at: string,
  ) => PaymentRequestContext;
};

const escrow = (c: PaymentRequestContext, event: PaymentRequestEvent): PaymentRequestContext =>
  evolveEscrow(c, event, paymentRequestEscrowEvents);

/** What each event records, one entry per event type; the machine decides whether it may happen. */
const evolvers: Evolve = {
  PaymentRequestCreated: (c, { data }, at) => ({ ...c, request: data, createdAt: at }),
  PaymentRequestAccepted: (c, _event, at) => ({ ...c, acceptedAt: at }),
  PaymentRequestCheckoutCreated: escrow,
  PaymentRequestCheckoutClosed: escrow,
  PaymentRequestUnexpectedPaymentReceived: escrow,
  PaymentRequestPaid: (c, event) => ({ ...escrow(c, event), paymentMethod: event.data.method }),
  PaymentRequestPaymentFailed: escrow,
  PaymentRequestDuplicatePaymentRefunded: escrow,
  PaymentRequestPayoutRequested: (c, { data }, at) => ({
    ...c,
    completedAt: c.completedAt ?? at,
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
  }),
  PaymentRequestPayoutFailed: (c, { data }, at) => ({
    ...c,
    pendingPayout: null,
    payoutDeferredAt: c.payoutDeferredAt ?? at,
    lastPayoutError: { code: data.code, message: data.message, at },
  }),
  PaymentRequestExpired: (c, _event, at) => ({ ...c, expiredAt: at }),
  PaymentRequestRejected: (c, _event, at) => ({ ...c, rejectedAt: at }),
  PaymentRequestPayoutDeferred: (c, _event, at) => ({
    ...c,
    completedAt: at,
    payoutDeferredAt: at,
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
