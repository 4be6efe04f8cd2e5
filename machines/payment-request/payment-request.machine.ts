import { assign, setup } from 'xstate';
import { MAX_REQUEST_CENTS } from '../money';
import type { PaymentRequestEvent } from './payment-request.events';
import { paymentRequestEscrowEvents } from '../escrow/escrow-events';
import { escrowGuards } from '../escrow/escrow-guards';
import { intentRefusal, payableNowCents } from '../escrow/escrow-limits';
import {
  emptyPaymentRequestContext,
  evolvePaymentRequestContext,
  type PaymentRequestContext,
} from './payment-request.context';

export const paymentRequestStatuses = [
  'pending',
  'accepted',
  'paid',
  'completed',
  'expired',
  'rejected',
] as const;
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
    ...escrowGuards<PaymentRequestContext>(
      paymentRequestEscrowEvents,
      (c) => c.request?.totalCents ?? null,
    ),
    validAmounts: ({ event }) =>
      event.type === 'PaymentRequestCreated' &&
      event.data.amountCents > 0 &&
      event.data.amountCents <= MAX_REQUEST_CENTS &&
      event.data.totalCents === event.data.amountCents + event.data.feeCents,
    notExpired: ({ context, event }) =>
      context.request !== null &&
      Date.parse(event.metadata.at) < Date.parse(context.request.expiresAt),
    expiryReached: ({ context, event }) =>
      context.request !== null &&
      Date.parse(event.metadata.at) >= Date.parse(context.request.expiresAt),
    notOnHold: ({ context }) => context.hold === null,
    onHold: ({ context }) => context.hold !== null,
    /** The session charges exactly the request's total, and no other session is open. */
    sessionChargesTotal: ({ context, event }) =>
      event.type === 'PaymentRequestCheckoutCreated' &&
      context.request !== null &&
      event.data.totalCents === context.request.totalCents &&
      Date.parse(event.metadata.at) < Date.parse(context.request.expiresAt),
    /**
     * One payout at a time, not held, of the creator's amount or what the escrow holds now if less
     * (after a lost chargeback), within the escrow's limits.
     */
    payoutRequestable: ({ context, event }) =>
      event.type === 'PaymentRequestPayoutRequested' &&
      context.hold === null &&
      context.pendingPayout === null &&
      context.transferId === null &&
      context.request !== null &&
      event.data.amountCents > 0 &&
      event.data.amountCents === payableNowCents(context, context.request.amountCents) &&
      intentRefusal(context, event, paymentRequestEscrowEvents) === null,
    /** The outcome answers the pending payout (legacy completions carry no key and are replayed as decided). */
    answersPayout: ({ context, event }) => {
      if (event.type === 'PaymentRequestCompleted' && event.data.key === undefined)
        return event.data.transferId != null && context.hold === null;
      if (event.type !== 'PaymentRequestCompleted' && event.type !== 'PaymentRequestPayoutFailed')
        return false;
      return (
        context.pendingPayout !== null &&
        context.pendingPayout.key === event.data.key &&
        (event.type === 'PaymentRequestPayoutFailed' || event.data.transferId !== null)
      );
    },
    /** Legacy history: a completion with its transfer straight from paid. */
    legacyCompletion: ({ context, event }) =>
      event.type === 'PaymentRequestCompleted' &&
      event.data.key === undefined &&
      context.hold === null,
    newChargeback: ({ context, event }) =>
      event.type === 'PaymentRequestChargebackOpened' &&
      !context.chargebacks.some((c) => c.disputeId === event.data?.disputeId),
  },
  actions: {
    evolve: assign(({ context, event }) => evolvePaymentRequestContext(context, event)),
  },
}).createMachine({
  id: 'paymentRequest',
  context: emptyPaymentRequestContext,
  initial: 'new',
  // A payment that does not fund the request can arrive in any state, even after the end: it is recorded and refunded.
  on: {
    PaymentRequestUnexpectedPaymentReceived: { guard: 'newUnexpectedPayment', actions: 'evolve' },
    PaymentRequestDuplicatePaymentRefunded: {
      guard: 'refundsUnexpectedPayment',
      actions: 'evolve',
    },
  },
  states: {
    new: {
      on: {
        PaymentRequestCreated: { guard: 'validAmounts', target: 'pending', actions: 'evolve' },
      },
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
        PaymentRequestCheckoutCreated: { guard: 'sessionChargesTotal', actions: 'evolve' },
        PaymentRequestCheckoutClosed: { guard: 'closesOpenSession', actions: 'evolve' },
        // A confirmed payment of the open session is a fact from the gateway: accepted even if it lands after expiry.
        PaymentRequestPaid: { guard: 'fundsEscrow', target: 'paid', actions: 'evolve' },
        PaymentRequestPaymentFailed: { guard: 'openSessionFailed', actions: 'evolve' },
        PaymentRequestRejected: { target: 'rejected', actions: 'evolve' },
        PaymentRequestExpired: { guard: 'expiryReached', target: 'expired', actions: 'evolve' },
      },
    },
    paid: {
      meta: meta({ status: 'paid', text: 'request.status.paid', badge: 'green', step: 3 }),
      on: {
        // A chargeback holds the escrowed amount: nothing is paid out until an admin releases it.
        PaymentRequestPayoutRequested: {
          guard: 'payoutRequestable',
          target: 'payout_pending',
          actions: 'evolve',
        },
        PaymentRequestCompleted: {
          guard: 'legacyCompletion',
          target: 'completed',
          actions: 'evolve',
        },
        PaymentRequestPayoutDeferred: {
          guard: 'notOnHold',
          target: 'payout_pending',
          actions: 'evolve',
        },
        PaymentRequestChargebackOpened: { guard: 'newChargeback', actions: 'evolve' },
        PaymentRequestChargebackClosed: { guard: 'closesChargeback', actions: 'evolve' },
        PaymentRequestHoldReleased: { guard: 'onHold', actions: 'evolve' },
      },
    },
    /** Completed by the creator; the amount waits in escrow until their payout account is ready. */
    payout_pending: {
      meta: meta({
        status: 'completed',
        text: 'request.status.completed',
        badge: 'green',
        step: 7,
      }),
      on: {
        PaymentRequestPayoutRequested: { guard: 'payoutRequestable', actions: 'evolve' },
        PaymentRequestCompleted: { guard: 'answersPayout', target: 'completed', actions: 'evolve' },
        PaymentRequestPayoutFailed: { guard: 'answersPayout', actions: 'evolve' },
        PaymentRequestChargebackOpened: { guard: 'newChargeback', actions: 'evolve' },
        PaymentRequestChargebackClosed: { guard: 'closesChargeback', actions: 'evolve' },
        PaymentRequestHoldReleased: { guard: 'onHold', actions: 'evolve' },
      },
    },
    // Not `final`: a late payment must still be recorded and refunded.
    completed: {
      meta: meta({
        status: 'completed',
        text: 'request.status.completed',
        badge: 'green',
        step: 7,
      }),
    },
    expired: {
      meta: meta({ status: 'expired', text: 'request.status.expired', badge: 'grey', step: null }),
    },
    rejected: {
      meta: meta({ status: 'rejected', text: 'request.status.rejected', badge: 'red', step: null }),
    },
  },
});
