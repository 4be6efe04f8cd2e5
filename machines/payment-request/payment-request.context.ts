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
  expiredAt: null,
  rejectedAt: null,
  lastFailedSessionId: null,
  payoutDeferredAt: null,
  hold: null,
  chargebacks: [],
  duplicateRefunds: [],
};

/** Records what each event says; the machine decides whether it may happen. */
export function evolvePaymentRequestContext(c: PaymentRequestContext, event: PaymentRequestEvent): PaymentRequestContext {
  const at = event.metadata.at;
  switch (event.type) {
    case 'PaymentRequestCreated':
      return { ...c, request: event.data, createdAt: at };
    case 'PaymentRequestAccepted':
      return { ...c, acceptedAt: at };
    case 'PaymentRequestCheckoutCreated':
      return { ...c, checkoutSessionId: event.data.sessionId };
    case 'PaymentRequestPaid':
      return {
        ...c,
        checkoutSessionId: event.data.checkoutSessionId,
        paymentIntentId: event.data.paymentIntentId,
        chargeId: event.data.chargeId,
        paidCents: event.data.amountCents,
        paidAt: at,
        lastPaymentFailure: null,
      };
    case 'PaymentRequestPaymentFailed':
      return { ...c, lastPaymentFailure: event.data.reason, lastFailedSessionId: event.data.checkoutSessionId };
    case 'PaymentRequestCompleted':
      // A deferred payout keeps the moment the creator completed the request.
      return { ...c, completedAt: c.completedAt ?? at, transferId: event.data.transferId };
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
      return { ...c, duplicateRefunds: [...c.duplicateRefunds, { checkoutSessionId, refundId, amountCents, at }] };
    }
  }
}
