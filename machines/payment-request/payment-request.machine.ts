import { assign, setup } from 'xstate';
import { MAX_REQUEST_CENTS } from '../money';
import type { PaymentRequestEvent } from './payment-request.events';
import { paymentRequestEscrowEvents } from '../escrow/escrow-events';
import { escrowGuards } from '../escrow/escrow-guards';
import { intentRefusal, payableNowCents } from '../escrow/escrow-limits';
import { escrowedCents } from '../escrow/escrow-ledger';
import {
  deliveryRefusal,
  disputeRefusal,
  periodEndRefusal,
  refundRefusal,
  releaseRefusal,
  splitRefusal,
} from './payment-request.guards';
import {
  emptyPaymentRequestContext,
  evolvePaymentRequestContext,
  type PaymentRequestContext,
} from './payment-request.context';

export const paymentRequestStatuses = [
  'pending',
  'accepted',
  'paid',
  'delivered',
  'dispute',
  'completed',
  'expired',
  'rejected',
  'refunded',
  'split_resolved',
] as const;
export type PaymentRequestStatus = (typeof paymentRequestStatuses)[number];

export interface PaymentRequestStateMeta {
  status: PaymentRequestStatus;
  /** i18n key of the Dutch status label (Wacht op acceptatie, Geaccepteerd, ...). */
  text: string;
  badge: 'yellow' | 'blue' | 'purple' | 'green' | 'grey' | 'red';
  /** Progress of an acceptance record: pending 1, accepted 2, paid 3, delivered and dispute 5, completed 7. */
  step: number | null;
}

const meta = (m: PaymentRequestStateMeta): PaymentRequestStateMeta => m;

type Guarded = { context: PaymentRequestContext; event: PaymentRequestEvent };
type Trigger = NonNullable<
  Extract<
    PaymentRequestEvent,
    { type: 'PaymentRequestPayoutRequested' }
  >['data']['trigger']
>;
const triggerOf = (event: PaymentRequestEvent): Trigger | undefined =>
  event.type === 'PaymentRequestPayoutRequested' ||
  event.type === 'PaymentRequestPayoutDeferred'
    ? event.data.trigger
    : undefined;
/** A release (payout now or deferred) with a trigger the rules allow at the event's time. */
const releasable = ({ context, event }: Guarded, only?: Trigger): boolean => {
  const trigger = triggerOf(event);
  if (trigger === undefined || (only !== undefined && trigger !== only))
    return false;
  return releaseRefusal(context, { trigger, at: event.metadata.at }) === null;
};
const splitAddsUp = (
  c: PaymentRequestContext,
  event: PaymentRequestEvent,
  inDispute: boolean,
) => {
  if (event.type !== 'PaymentRequestSplitRequested' || c.request === null)
    return false;
  const { creatorCents, feeKeptCents, refundCents, chargedCents } = event.data;
  return (
    splitRefusal(c, { creatorCents, inDispute }) === null &&
    chargedCents === escrowedCents(c) &&
    creatorCents + feeKeptCents + refundCents === chargedCents &&
    intentRefusal(c, event, paymentRequestEscrowEvents) === null
  );
};
/** A payout's own rules: one at a time, of the creator's amount (or what the escrow holds if less), within the limits. */
const payoutFits = (
  c: PaymentRequestContext,
  event: PaymentRequestEvent,
): boolean =>
  event.type === 'PaymentRequestPayoutRequested' &&
  c.pendingPayout === null &&
  c.transferId === null &&
  c.request !== null &&
  event.data.amountCents > 0 &&
  event.data.amountCents === payableNowCents(c, c.request.amountCents) &&
  intentRefusal(c, event, paymentRequestEscrowEvents) === null;

/**
 * The payment-request statechart: pending → accepted → paid → delivered (the brand reviews) →
 * completed, or dispute → completed, refunded or split_resolved; `expired` (a time event, never
 * before expiresAt) and `rejected` (the brand declines) while unpaid. History from before the
 * review phase (a payout straight from paid, without a trigger) still replays.
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
      event.data.amountCents ===
        payableNowCents(context, context.request.amountCents) &&
      intentRefusal(context, event, paymentRequestEscrowEvents) === null,
    /** The outcome answers the pending payout (legacy completions carry no key and are replayed as decided). */
    answersPayout: ({ context, event }) => {
      if (
        event.type === 'PaymentRequestCompleted' &&
        event.data.key === undefined
      )
        return event.data.transferId != null && context.hold === null;
      if (
        event.type !== 'PaymentRequestCompleted' &&
        event.type !== 'PaymentRequestPayoutFailed'
      )
        return false;
      return (
        context.pendingPayout !== null &&
        context.pendingPayout.key === event.data.key &&
        (event.type === 'PaymentRequestPayoutFailed' ||
          event.data.transferId !== null)
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
    /** Older history: a payout or deferral without a trigger, straight from paid. */
    legacyPayout: ({ context, event }) =>
      triggerOf(event) === undefined &&
      context.hold === null &&
      payoutFits(context, event),
    legacyDeferral: ({ context, event }) =>
      triggerOf(event) === undefined && context.hold === null,
    deliverable: ({ context }) => deliveryRefusal(context) === null,
    disputable: ({ context, event }) =>
      disputeRefusal(context, event.metadata) === null,
    reviewOver: ({ context, event }) =>
      periodEndRefusal(context, { period: 'review', at: event.metadata.at }) ===
      null,
    disputeOver: ({ context, event }) =>
      periodEndRefusal(context, {
        period: 'dispute',
        at: event.metadata.at,
      }) === null,
    releasable: (args) => releasable(args),
    adminReleasable: (args) => releasable(args, 'admin'),
    /** A release now: also the payout's own rules. */
    payoutReleasable: (args) =>
      releasable(args) && payoutFits(args.context, args.event),
    adminPayoutReleasable: (args) =>
      releasable(args, 'admin') && payoutFits(args.context, args.event),
    refundable: ({ context, event }) =>
      event.type === 'PaymentRequestRefundRequested' &&
      refundRefusal(context, event.data) === null &&
      intentRefusal(context, event, paymentRequestEscrowEvents) === null,
    answersRefund: ({ context, event }) =>
      event.type === 'PaymentRequestRefunded' &&
      event.data.reason === undefined &&
      event.data.key !== undefined &&
      context.pendingRefund?.key === event.data.key &&
      context.pendingRefund.amountCents === event.data.amountCents,
    refundFailed: ({ context, event }) =>
      event.type === 'PaymentRequestRefundFailed' &&
      context.pendingRefund?.key === event.data.key,
    splitOnHold: ({ context, event }) => splitAddsUp(context, event, false),
    splitInDispute: ({ context, event }) => splitAddsUp(context, event, true),
  },
  actions: {
    evolve: assign(({ context, event }) =>
      evolvePaymentRequestContext(context, event),
    ),
  },
}).createMachine({
  id: 'paymentRequest',
  context: emptyPaymentRequestContext,
  initial: 'new',
  // A payment that does not fund the request can arrive in any state, even after the end: it is recorded and refunded.
  on: {
    PaymentRequestUnexpectedPaymentReceived: {
      guard: 'newUnexpectedPayment',
      actions: 'evolve',
    },
    PaymentRequestDuplicatePaymentRefunded: {
      guard: 'refundsUnexpectedPayment',
      actions: 'evolve',
    },
  },
  states: {
    new: {
      on: {
        PaymentRequestCreated: {
          guard: 'validAmounts',
          target: 'pending',
          actions: 'evolve',
        },
      },
    },
    pending: {
      meta: meta({
        status: 'pending',
        text: 'request.status.pending',
        badge: 'yellow',
        step: 1,
      }),
      on: {
        PaymentRequestAccepted: {
          guard: 'notExpired',
          target: 'accepted',
          actions: 'evolve',
        },
        PaymentRequestRejected: { target: 'rejected', actions: 'evolve' },
        PaymentRequestExpired: {
          guard: 'expiryReached',
          target: 'expired',
          actions: 'evolve',
        },
      },
    },
    accepted: {
      meta: meta({
        status: 'accepted',
        text: 'request.status.accepted',
        badge: 'blue',
        step: 2,
      }),
      on: {
        PaymentRequestCheckoutCreated: {
          guard: 'sessionChargesTotal',
          actions: 'evolve',
        },
        PaymentRequestCheckoutClosed: {
          guard: 'closesOpenSession',
          actions: 'evolve',
        },
        // A confirmed payment of the open session is a fact from the gateway: accepted even if it lands after expiry.
        PaymentRequestPaid: {
          guard: 'fundsEscrow',
          target: 'paid',
          actions: 'evolve',
        },
        PaymentRequestPaymentFailed: {
          guard: 'openSessionFailed',
          actions: 'evolve',
        },
        PaymentRequestRejected: { target: 'rejected', actions: 'evolve' },
        PaymentRequestExpired: {
          guard: 'expiryReached',
          target: 'expired',
          actions: 'evolve',
        },
      },
    },
    paid: {
      meta: meta({
        status: 'paid',
        text: 'request.status.paid',
        badge: 'green',
        step: 3,
      }),
      on: {
        PaymentRequestDelivered: {
          guard: 'deliverable',
          target: 'delivered',
          actions: 'evolve',
        },
        // Older history: the creator's completion paid out at once. An admin may release early.
        PaymentRequestPayoutRequested: [
          {
            guard: 'legacyPayout',
            target: 'payout_pending',
            actions: 'evolve',
          },
          {
            guard: 'adminPayoutReleasable',
            target: 'payout_pending',
            actions: 'evolve',
          },
        ],
        PaymentRequestCompleted: {
          guard: 'legacyCompletion',
          target: 'completed',
          actions: 'evolve',
        },
        PaymentRequestPayoutDeferred: [
          {
            guard: 'legacyDeferral',
            target: 'payout_pending',
            actions: 'evolve',
          },
          {
            guard: 'adminReleasable',
            target: 'payout_pending',
            actions: 'evolve',
          },
        ],
        ...heldMoney(),
      },
    },
    /** The creator marked the work done: the brand approves or disputes until the review period ends. */
    delivered: {
      meta: meta({
        status: 'delivered',
        text: 'request.status.delivered',
        badge: 'purple',
        step: 5,
      }),
      on: {
        PaymentRequestReviewElapsed: { guard: 'reviewOver', actions: 'evolve' },
        PaymentRequestDisputeOpened: {
          guard: 'disputable',
          target: 'dispute',
          actions: 'evolve',
        },
        PaymentRequestPayoutRequested: {
          guard: 'payoutReleasable',
          target: 'payout_pending',
          actions: 'evolve',
        },
        PaymentRequestPayoutDeferred: {
          guard: 'releasable',
          target: 'payout_pending',
          actions: 'evolve',
        },
        ...heldMoney(),
      },
    },
    /** The brand disputed: held until the period ends (then released) or an admin resolves it. */
    dispute: {
      meta: meta({
        status: 'dispute',
        text: 'request.status.dispute',
        badge: 'red',
        step: 5,
      }),
      on: {
        PaymentRequestDisputeElapsed: {
          guard: 'disputeOver',
          actions: 'evolve',
        },
        PaymentRequestPayoutRequested: {
          guard: 'payoutReleasable',
          target: 'payout_pending',
          actions: 'evolve',
        },
        PaymentRequestPayoutDeferred: {
          guard: 'releasable',
          target: 'payout_pending',
          actions: 'evolve',
        },
        ...heldMoney(),
        PaymentRequestSplitRequested: {
          guard: 'splitInDispute',
          actions: 'evolve',
        },
        // The conversation between brand, creator and admins runs while the dispute is open.
        PaymentRequestDisputeMessagePosted: { actions: 'evolve' },
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
        PaymentRequestPayoutRequested: {
          guard: 'payoutRequestable',
          actions: 'evolve',
        },
        PaymentRequestCompleted: {
          guard: 'answersPayout',
          target: 'completed',
          actions: 'evolve',
        },
        PaymentRequestPayoutFailed: {
          guard: 'answersPayout',
          actions: 'evolve',
        },
        PaymentRequestChargebackOpened: {
          guard: 'newChargeback',
          actions: 'evolve',
        },
        PaymentRequestChargebackClosed: {
          guard: 'closesChargeback',
          actions: 'evolve',
        },
        PaymentRequestHoldReleased: { guard: 'onHold', actions: 'evolve' },
        // A lost chargeback took what the payout was to pay: it can never be paid out.
        PaymentRequestRefunded: endedByChargeback(),
      },
    },
    // Not `final`: a late payment must still be recorded and refunded, and a chargeback after the
    // payout still takes its money (written off when the escrow no longer holds it).
    completed: {
      meta: meta({
        status: 'completed',
        text: 'request.status.completed',
        badge: 'green',
        step: 7,
      }),
      on: chargebacksAfterTheEnd(),
    },
    expired: {
      meta: meta({
        status: 'expired',
        text: 'request.status.expired',
        badge: 'grey',
        step: null,
      }),
    },
    rejected: {
      meta: meta({
        status: 'rejected',
        text: 'request.status.rejected',
        badge: 'red',
        step: null,
      }),
    },
    refunded: {
      meta: meta({
        status: 'refunded',
        text: 'request.status.refunded',
        badge: 'grey',
        step: null,
      }),
      on: chargebacksAfterTheEnd(),
    },
    split_resolved: {
      meta: meta({
        status: 'split_resolved',
        text: 'request.status.split_resolved',
        badge: 'green',
        step: 7,
      }),
      on: chargebacksAfterTheEnd(),
    },
  },
});

/** A lost chargeback emptied the escrow: the request ends as a refund ends it, nothing moving. */
function endedByChargeback() {
  return {
    guard: 'endsByChargeback',
    target: '#paymentRequest.refunded',
    actions: 'evolve',
  } as const;
}

/**
 * A cardholder's bank can reverse a payment weeks after the request ended: the chargeback is
 * recorded (its amount comes out of what the escrow still holds, the rest is written off) and its
 * outcome closes it, as for deals in every state after payment.
 */
function chargebacksAfterTheEnd() {
  return {
    PaymentRequestChargebackOpened: {
      guard: 'newChargeback',
      actions: 'evolve',
    },
    PaymentRequestChargebackClosed: {
      guard: 'closesChargeback',
      actions: 'evolve',
    },
  } as const;
}

/**
 * What every state with the money in escrow takes alike (paid, delivered, dispute): chargebacks
 * and their release, an admin's refund with its outcomes, a split asked for on hold (in dispute
 * also without one: that state adds it) with its outcomes and retries.
 */
function heldMoney() {
  return {
    PaymentRequestChargebackOpened: {
      guard: 'newChargeback',
      actions: 'evolve',
    },
    PaymentRequestChargebackClosed: {
      guard: 'closesChargeback',
      actions: 'evolve',
    },
    PaymentRequestHoldReleased: { guard: 'onHold', actions: 'evolve' },
    PaymentRequestRefundRequested: { guard: 'refundable', actions: 'evolve' },
    PaymentRequestRefunded: [
      {
        guard: 'answersRefund',
        target: '#paymentRequest.refunded',
        actions: 'evolve',
      },
      endedByChargeback(),
    ],
    PaymentRequestRefundFailed: { guard: 'refundFailed', actions: 'evolve' },
    PaymentRequestSplitRequested: { guard: 'splitOnHold', actions: 'evolve' },
    PaymentRequestSplitRetried: {
      guard: 'splitPartRetryable',
      actions: 'evolve',
    },
    PaymentRequestSplitTransferSucceeded: [
      {
        guard: 'completesSplit',
        target: '#paymentRequest.split_resolved',
        actions: 'evolve',
      },
      { guard: 'answersSplitPart', actions: 'evolve' },
    ],
    PaymentRequestSplitTransferFailed: {
      guard: 'answersSplitPart',
      actions: 'evolve',
    },
    PaymentRequestSplitRefundSucceeded: [
      {
        guard: 'completesSplit',
        target: '#paymentRequest.split_resolved',
        actions: 'evolve',
      },
      { guard: 'answersSplitPart', actions: 'evolve' },
    ],
    PaymentRequestSplitRefundFailed: {
      guard: 'answersSplitPart',
      actions: 'evolve',
    },
  } as const;
}
