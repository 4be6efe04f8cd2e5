import { assign, setup } from 'xstate';
import { MAX_REQUEST_CENTS } from '../money';
import type { PaymentRequestEvent } from './payment-request.events';
import { emptyPaymentRequestContext, evolvePaymentRequestContext, type PaymentRequestContext } from './payment-request.context';

export const paymentRequestStatuses = ['pending', 'accepted', 'paid', 'completed', 'expired', 'rejected'] as const;
export type PaymentRequestStatus = (typeof paymentRequestStatuses)[number];

export interface PaymentRequestStateMeta {
  status: PaymentRequestStatus;
  /** i18n key of the Dutch status label (Wacht op acceptatie, Geaccepteerd, ...). */
  text: string;
  badge: 'yellow' | 'blue' | 'green' | 'grey' | 'red';
  /** Progress of an acceptance record: pending 1, accepted 2, paid 3, completed 7. */
  step: number | null;
}

const meta = (m: PaymentRequestStateMeta): PaymentRequestStateMeta => m;

/**
 * The payment-request statechart: pending → accepted → paid → completed, with `expired` (a time
 * event, never before expiresAt) and `rejected` (the brand declines) while unpaid.
 */
export const paymentRequestMachine = setup({
  types: {
    context: {} as PaymentRequestContext,
    events: {} as PaymentRequestEvent,
  },
  guards: {
    validAmounts: ({ event }) =>
      event.type === 'PaymentRequestCreated' &&
      event.data.amountCents > 0 &&
      event.data.amountCents <= MAX_REQUEST_CENTS &&
      event.data.totalCents === event.data.amountCents + event.data.feeCents,
    notExpired: ({ context, event }) =>
      context.request !== null && Date.parse(event.metadata.at) < Date.parse(context.request.expiresAt),
    expiryReached: ({ context, event }) =>
      context.request !== null && Date.parse(event.metadata.at) >= Date.parse(context.request.expiresAt),
    notOnHold: ({ context }) => context.hold === null,
    onHold: ({ context }) => context.hold !== null,
    /** Leaving payout_pending needs the transfer itself: a completion without one is no payout. */
    payoutMade: ({ context, event }) => event.type === 'PaymentRequestCompleted' && event.data?.transferId != null && context.hold === null,
    newChargeback: ({ context, event }) =>
      event.type === 'PaymentRequestChargebackOpened' && !context.chargebacks.some((c) => c.disputeId === event.data?.disputeId),
    newDuplicatePayment: ({ context, event }) =>
      event.type === 'PaymentRequestDuplicatePaymentRefunded' &&
      event.data?.checkoutSessionId !== context.checkoutSessionId &&
      !context.duplicateRefunds.some((r) => r.checkoutSessionId === event.data?.checkoutSessionId),
  },
  actions: {
    evolve: assign(({ context, event }) => evolvePaymentRequestContext(context, event)),
  },
}).createMachine({
  id: 'paymentRequest',
  context: emptyPaymentRequestContext,
  initial: 'new',
  states: {
    new: {
      on: { PaymentRequestCreated: { guard: 'validAmounts', target: 'pending', actions: 'evolve' } },
    },
    pending: {
      meta: meta({ status: 'pending', text: 'request.status.pending', badge: 'yellow', step: 1 }),
      on: {
        PaymentRequestAccepted: { guard: 'notExpired', target: 'accepted', actions: 'evolve' },
        PaymentRequestRejected: { target: 'rejected', actions: 'evolve' },
        PaymentRequestExpired: { guard: 'expiryReached', target: 'expired', actions: 'evolve' },
      },
    },
    accepted: {
      meta: meta({ status: 'accepted', text: 'request.status.accepted', badge: 'blue', step: 2 }),
      on: {
        PaymentRequestCheckoutCreated: { guard: 'notExpired', actions: 'evolve' },
        // A confirmed payment is a fact from the gateway: accepted even if it lands after expiry.
        PaymentRequestPaid: { target: 'paid', actions: 'evolve' },
        PaymentRequestPaymentFailed: { actions: 'evolve' },
        PaymentRequestRejected: { target: 'rejected', actions: 'evolve' },
        PaymentRequestExpired: { guard: 'expiryReached', target: 'expired', actions: 'evolve' },
      },
    },
    paid: {
      meta: meta({ status: 'paid', text: 'request.status.paid', badge: 'green', step: 3 }),
      on: {
        // A chargeback holds the escrowed amount: nothing is paid out until an admin releases it.
        PaymentRequestCompleted: { guard: 'notOnHold', target: 'completed', actions: 'evolve' },
        PaymentRequestPayoutDeferred: { guard: 'notOnHold', target: 'payout_pending', actions: 'evolve' },
        PaymentRequestChargebackOpened: { guard: 'newChargeback', actions: 'evolve' },
        PaymentRequestHoldReleased: { guard: 'onHold', actions: 'evolve' },
        PaymentRequestDuplicatePaymentRefunded: { guard: 'newDuplicatePayment', actions: 'evolve' },
      },
    },
    /** Completed by the creator; the amount waits in escrow until their payout account is ready. */
    payout_pending: {
      meta: meta({ status: 'completed', text: 'request.status.completed', badge: 'green', step: 7 }),
      on: {
        PaymentRequestCompleted: { guard: 'payoutMade', target: 'completed', actions: 'evolve' },
        PaymentRequestChargebackOpened: { guard: 'newChargeback', actions: 'evolve' },
        PaymentRequestHoldReleased: { guard: 'onHold', actions: 'evolve' },
        PaymentRequestDuplicatePaymentRefunded: { guard: 'newDuplicatePayment', actions: 'evolve' },
      },
    },
    completed: {
      type: 'final',
      meta: meta({ status: 'completed', text: 'request.status.completed', badge: 'green', step: 7 }),
    },
    expired: {
      type: 'final',
      meta: meta({ status: 'expired', text: 'request.status.expired', badge: 'grey', step: null }),
    },
    rejected: {
      type: 'final',
      meta: meta({ status: 'rejected', text: 'request.status.rejected', badge: 'red', step: null }),
    },
  },
});

export type PaymentRequestMachine = typeof paymentRequestMachine;
