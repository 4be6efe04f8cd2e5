import type { PaymentRequestEvent } from './payment-request.events';
import {
  addMoney as addEscrowMoney,
  escrowedCents as requestEscrowedCents,
  noMoney,
  recordUnexpected,
  recordUnexpectedRefund,
  type EscrowMoney,
  type UnexpectedPayment,
} from '../escrow-money';

type Created = Extract<PaymentRequestEvent, { type: 'PaymentRequestCreated' }>['data'];

export interface PaymentRequestContext {
  request: Created | null;
  createdAt: string | null;
  acceptedAt: string | null;
  checkoutSessionId: string | null;
  paymentIntentId: string | null;
  chargeId: string | null;
  paidCents: number;
  paidAt: string | null;
  lastPaymentFailure: string | null;
  completedAt: string | null;
  transferId: string | null;
  expiredAt: string | null;
  rejectedAt: string | null;
  /** The session whose failure was last recorded: each session's failure counts once. */
  lastFailedSessionId: string | null;
  /** Set while the payout waits for the creator's payout account (PaymentRequestPayoutDeferred). */
  payoutDeferredAt: string | null;
  /** A chargeback freezes the escrowed amount until an admin releases the hold. */
  hold: { since: string; disputeId: string; reason: string } | null;
  chargebacks: { disputeId: string; amountCents: number; reason: string; at: string }[];
  duplicateRefunds: { checkoutSessionId: string; refundId: string; amountCents: number; at: string }[];
  /** The one checkout session that can fund the request, and what it charges. */
  openSession: { sessionId: string; totalCents: number } | null;
  /** A payout asked for and not yet answered by the gateway. */
  pendingPayout: { key: string; amountCents: number; destinationAccountId: string } | null;
  lastPayoutError: { code: string; message: string; at: string } | null;
  unexpectedPayments: UnexpectedPayment[];
  /** The money as the ledger knows it (machines/escrow-money.ts). */
  money: EscrowMoney;
}

/** What the platform holds for this request, and how much of it funds the request (machines/escrow-money.ts). */

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
  unexpectedPayments: [],
  money: noMoney,
};

const addMoney = (c: PaymentRequestContext, change: Partial<EscrowMoney>): EscrowMoney => addEscrowMoney(c.money, change);

/** Records what each event says; the machine decides whether it may happen. */
export function evolvePaymentRequestContext(c: PaymentRequestContext, event: PaymentRequestEvent): PaymentRequestContext {
  const at = event.metadata.at;
  switch (event.type) {
    case 'PaymentRequestCreated':
      return { ...c, request: event.data, createdAt: at };
    case 'PaymentRequestAccepted':
      return { ...c, acceptedAt: at };
    case 'PaymentRequestCheckoutCreated':
      return { ...c, checkoutSessionId: event.data.sessionId, openSession: { sessionId: event.data.sessionId, totalCents: event.data.totalCents } };
    case 'PaymentRequestCheckoutClosed':
      return { ...c, openSession: c.openSession?.sessionId === event.data.sessionId ? null : c.openSession };
    case 'PaymentRequestUnexpectedPaymentReceived': {
      const { checkoutSessionId, paymentIntentId, chargeId, amountCents, gatewayEventId, reason } = event.data;
      return recordUnexpected(c, { checkoutSessionId, paymentIntentId, chargeId, amountCents, gatewayEventId, reason });
    }
    case 'PaymentRequestPaid':
      return {
        ...c,
        openSession: null,
        money: addMoney(c, { chargedCents: event.data.amountCents }),
        checkoutSessionId: event.data.checkoutSessionId,
        paymentIntentId: event.data.paymentIntentId,
        chargeId: event.data.chargeId,
        paidCents: event.data.amountCents,
        paidAt: at,
        lastPaymentFailure: null,
      };
    case 'PaymentRequestPaymentFailed':
      return { ...c, lastPaymentFailure: event.data.reason, lastFailedSessionId: event.data.checkoutSessionId };
    case 'PaymentRequestPayoutRequested':
      return {
        ...c,
        completedAt: c.completedAt ?? at,
        pendingPayout: { key: event.data.key, amountCents: event.data.amountCents, destinationAccountId: event.data.destinationAccountId },
      };
    case 'PaymentRequestCompleted': {
      // Legacy completions (before payout intents) carry the request amount implicitly.
      const paidOut = event.data.transferId === null ? 0 : (c.pendingPayout?.amountCents ?? c.request?.amountCents ?? 0);
      const fee = event.data.transferId === null ? 0 : Math.max(0, requestEscrowedCents(c) - paidOut);
      return {
        ...c,
        // A deferred payout keeps the moment the creator completed the request.
        completedAt: c.completedAt ?? at,
        transferId: event.data.transferId,
        pendingPayout: null,
        payoutDeferredAt: null,
        money: addMoney(c, { transferredCents: paidOut, feeKeptCents: fee }),
      };
    }
    case 'PaymentRequestPayoutFailed':
      return {
        ...c,
        pendingPayout: null,
        payoutDeferredAt: c.payoutDeferredAt ?? at,
        lastPayoutError: { code: event.data.code, message: event.data.message, at },
      };
    case 'PaymentRequestExpired':
      return { ...c, expiredAt: at };
    case 'PaymentRequestRejected':
      return { ...c, rejectedAt: at };
    case 'PaymentRequestPayoutDeferred':
      return { ...c, completedAt: at, payoutDeferredAt: at };
    case 'PaymentRequestChargebackOpened': {
      const { disputeId, amountCents, reason } = event.data;
      return {
        ...c,
        chargebacks: [...c.chargebacks, { disputeId, amountCents, reason, at }],
        hold: c.hold ?? { since: at, disputeId, reason: `Chargeback: ${reason}` },
      };
    }
    case 'PaymentRequestHoldReleased':
      return { ...c, hold: null };
    case 'PaymentRequestDuplicatePaymentRefunded':
      return recordUnexpectedRefund(c, event.data, at);
  }
}
