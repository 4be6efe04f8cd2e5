import type { PaymentRequestEvent } from './payment-request.events';

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
  unexpectedPayments: { checkoutSessionId: string; paymentIntentId: string | null; chargeId: string | null; amountCents: number; gatewayEventId: string; refundId: string | null }[];
  money: { chargedCents: number; refundedCents: number; transferredCents: number; feeKeptCents: number };
}

/** What the platform holds for this request now: charged − refunded − transferred − fee kept. */
export const requestHeldCents = (c: Pick<PaymentRequestContext, 'money'>): number =>
  c.money.chargedCents - c.money.refundedCents - c.money.transferredCents - c.money.feeKeptCents;

/** Held money that funds the request (unexpected payments waiting for their refund excluded). */
export const requestEscrowedCents = (c: Pick<PaymentRequestContext, 'money' | 'unexpectedPayments'>): number =>
  requestHeldCents(c) - c.unexpectedPayments.reduce((sum, p) => sum + (p.refundId === null ? p.amountCents : 0), 0);

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
  money: { chargedCents: 0, refundedCents: 0, transferredCents: 0, feeKeptCents: 0 },
};

const addMoney = (c: PaymentRequestContext, change: Partial<PaymentRequestContext['money']>): PaymentRequestContext['money'] => ({
  chargedCents: c.money.chargedCents + (change.chargedCents ?? 0),
  refundedCents: c.money.refundedCents + (change.refundedCents ?? 0),
  transferredCents: c.money.transferredCents + (change.transferredCents ?? 0),
  feeKeptCents: c.money.feeKeptCents + (change.feeKeptCents ?? 0),
});

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
      const { checkoutSessionId, paymentIntentId, chargeId, amountCents, gatewayEventId } = event.data;
      return {
        ...c,
        money: addMoney(c, { chargedCents: amountCents }),
        unexpectedPayments: [...c.unexpectedPayments, { checkoutSessionId, paymentIntentId, chargeId, amountCents, gatewayEventId, refundId: null }],
      };
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
    case 'PaymentRequestDuplicatePaymentRefunded': {
      const { checkoutSessionId, refundId, amountCents } = event.data;
      const known = c.unexpectedPayments.some((p) => p.checkoutSessionId === checkoutSessionId);
      return {
        ...c,
        money: addMoney(c, known ? { refundedCents: amountCents } : { chargedCents: amountCents, refundedCents: amountCents }),
        unexpectedPayments: c.unexpectedPayments.map((p) => (p.checkoutSessionId === checkoutSessionId && p.refundId === null ? { ...p, refundId } : p)),
        duplicateRefunds: [...c.duplicateRefunds, { checkoutSessionId, refundId, amountCents, at }],
      };
    }
  }
}
