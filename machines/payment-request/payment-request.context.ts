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
      return { ...c, lastPaymentFailure: event.data.reason };
    case 'PaymentRequestCompleted':
      return { ...c, completedAt: at, transferId: event.data.transferId };
    case 'PaymentRequestExpired':
      return { ...c, expiredAt: at };
    case 'PaymentRequestRejected':
      return { ...c, rejectedAt: at };
  }
}
