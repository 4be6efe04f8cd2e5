import { assign, setup } from 'xstate';
import { MAX_DEAL_CENTS } from '../money';
import type { DealEvent, ReleaseTrigger } from './deal.events';
import { emptyDealContext, evolveDealContext, type DealContext } from './deal.context';

export type { DealContext } from './deal.context';

/**
 * The deal statechart. Its events are the domain events of a `deal-<id>` stream: replaying the
 * stream through `transition` gives the deal's state, and a command is valid exactly when the
 * current snapshot `can()` take the event the command would produce. No timers, no I/O: time
 * arrives as events (`ReviewPeriodElapsed`, `DisputePeriodElapsed`) whose guards compare the
 * event's own `metadata.at` with the deadline, so an automatic release can never be early.
 * Every accepted event runs the one `evolve` action (deal.context.ts) to record its data.
 */

export type BadgeColour = 'yellow' | 'blue' | 'purple' | 'red' | 'green' | 'grey';

export const dealStatuses = [
  'pending_payment',
  'pending_delivery',
  'delivered',
  'dispute',
  'completed',
  'approved_after_dispute',
  'cancelled',
  'deleted',
] as const;
export type DealStatus = (typeof dealStatuses)[number];

export interface DealStateMeta {
  /** The status string of spec §4. */
  status: DealStatus;
  /** i18n keys of the brand's and the creator's status texts. */
  brandText: string;
  creatorText: string;
  badge: BadgeColour;
  /** 1..7 on the progress tracker; null where the tracker does not apply. */
  step: number | null;
}

const meta = (m: DealStateMeta): DealStateMeta => m;
const reached = (now: string, deadline: string | null): boolean =>
  deadline !== null && Date.parse(now) >= Date.parse(deadline);
const trigger = (e: DealEvent): ReleaseTrigger | null =>
  e.type === 'FundsReleased' || e.type === 'TransferFailed' ? e.data.trigger : null;

export const dealMachine = setup({
  types: {
    context: {} as DealContext,
    events: {} as DealEvent,
  },
  guards: {
    amountWithinCap: ({ event }) =>
      (event.type === 'DealCreated' || event.type === 'DealUpdated') &&
      event.data.amountCents > 0 &&
      event.data.amountCents <= MAX_DEAL_CENTS &&
      event.data.totalCents === event.data.amountCents + event.data.feeCents,
    noTokenYet: ({ context }) => context.shareableToken === null,
    /** A link may be replaced only while nobody has accepted through it. */
    linkNotClaimed: ({ context }) => context.shareableToken !== null && context.influencerAcceptedAt === null,
    notOnHold: ({ context }) => context.hold === null,
    onHold: ({ context }) => context.hold !== null,
    matchesOnboardingAccount: ({ context, event }) =>
      event.type === 'BankAccountConnected' &&
      (context.onboardingAccountId === null || context.onboardingAccountId === event.data.accountId),
    /** Deliver only with a bank account connected, so the funds have somewhere to go. */
    bankAccountConnected: ({ context }) => context.stripeAccountId !== null,
    /**
     * A refunded extra payment is recorded once per session, and never for the session that paid
     * the deal. Only while the money is in escrow: completed and later states accept nothing new
     * (tests/machines), so a late duplicate there is refunded without a deal event (docs/payments.md).
     */
    newDuplicatePayment: ({ context, event }) =>
      event.type === 'DuplicatePaymentRefunded' &&
      context.paidAt !== null &&
      event.data?.checkoutSessionId !== context.checkoutSessionId &&
      !context.duplicateRefunds.some((r) => r.checkoutSessionId === event.data?.checkoutSessionId),
    reviewPeriodNotStarted: ({ context }) => context.reviewPeriodEndsAt === null,
    reviewStillOpen: ({ context }) => context.reviewElapsedAt === null,
    /** An automatic release only at or after the period's end, and never while held. */
    reviewPeriodOver: ({ context, event }) =>
      context.hold === null && context.reviewElapsedAt === null && reached(event.metadata.at, context.reviewPeriodEndsAt),
    disputePeriodOver: ({ context, event }) =>
      context.hold === null && context.disputeElapsedAt === null && reached(event.metadata.at, context.disputePeriodEndsAt),
    brandApproves: ({ context, event }) => trigger(event) === 'brand' && context.hold === null,
    adminReleases: ({ context, event }) => trigger(event) === 'admin' && context.stripeAccountId !== null,
    autoReleaseAfterReview: ({ context, event }) =>
      trigger(event) === 'review_period_elapsed' && context.reviewElapsedAt !== null && context.hold === null,
    autoReleaseAfterDispute: ({ context, event }) =>
      trigger(event) === 'dispute_period_elapsed' && context.disputeElapsedAt !== null && context.hold === null,
    /** A failed transfer is recorded only for a release that was itself allowed. */
    releaseCouldBeAttempted: ({ context, event }) => {
      const t = trigger(event);
      if (context.stripeAccountId === null) return false;
      if (t === 'admin') return true;
      if (context.hold !== null) return false;
      if (t === 'brand') return true;
      if (t === 'review_period_elapsed') return context.reviewElapsedAt !== null;
      return t === 'dispute_period_elapsed' && context.disputeElapsedAt !== null;
    },
  },
  actions: {
    evolve: assign(({ context, event }) => evolveDealContext(context, event)),
  },
}).createMachine({
  id: 'deal',
  context: emptyDealContext,
  initial: 'new',
  states: {
    new: {
      on: {
        DealCreated: { guard: 'amountWithinCap', target: 'pending_payment', actions: 'evolve' },
      },
    },
    pending_payment: {
      meta: meta({ status: 'pending_payment', brandText: 'deal.brand.pending_payment', creatorText: 'deal.creator.pending_payment', badge: 'yellow', step: 1 }),
      on: {
        DealUpdated: { guard: 'amountWithinCap', actions: 'evolve' },
        ShareLinkGenerated: { guard: 'noTokenYet', actions: 'evolve' },
        ShareLinkRotated: { guard: 'linkNotClaimed', actions: 'evolve' },
        CheckoutSessionCreated: { actions: 'evolve' },
        PaymentFailed: { actions: 'evolve' },
        PaymentSucceeded: { target: 'pending_delivery', actions: 'evolve' },
        DealDeleted: { target: 'deleted', actions: 'evolve' },
      },
    },
    pending_delivery: {
      initial: 'awaiting_acceptance',
      on: {
        ShareLinkGenerated: { guard: 'noTokenYet', actions: 'evolve' },
        DealPutOnHold: { guard: 'notOnHold', actions: 'evolve' },
        DealReleasedFromHold: { guard: 'onHold', actions: 'evolve' },
        DealRefunded: { target: 'cancelled', actions: 'evolve' },
        ChargebackOpened: { actions: 'evolve' },
        DuplicatePaymentRefunded: { guard: 'newDuplicatePayment', actions: 'evolve' },
      },
      states: {
        awaiting_acceptance: {
          meta: meta({ status: 'pending_delivery', brandText: 'deal.brand.funds_held', creatorText: 'deal.creator.waiting_for_delivery', badge: 'blue', step: 3 }),
          on: {
            CreatorAccepted: { target: 'accepted', actions: 'evolve' },
            ShareLinkRotated: { guard: 'linkNotClaimed', actions: 'evolve' },
          },
        },
        accepted: {
          meta: meta({ status: 'pending_delivery', brandText: 'deal.brand.funds_held', creatorText: 'deal.creator.waiting_for_delivery', badge: 'blue', step: 3 }),
          on: {
            BankOnboardingStarted: { actions: 'evolve' },
            BankAccountConnected: { guard: 'matchesOnboardingAccount', target: 'bank_connected', actions: 'evolve' },
          },
        },
        bank_connected: {
          meta: meta({ status: 'pending_delivery', brandText: 'deal.brand.creator_working', creatorText: 'deal.creator.waiting_for_delivery', badge: 'blue', step: 4 }),
          on: {
            ContentDelivered: { guard: 'bankAccountConnected', target: '#deal.delivered', actions: 'evolve' },
            FundsReleased: { guard: 'adminReleases', target: '#deal.completed', actions: 'evolve' },
            // Before delivery only an admin release can be attempted, so only its failure is recorded.
            TransferFailed: { guard: 'adminReleases', actions: 'evolve' },
          },
        },
      },
    },
    delivered: {
      meta: meta({ status: 'delivered', brandText: 'deal.brand.delivered', creatorText: 'deal.creator.delivered', badge: 'purple', step: 5 }),
      on: {
        ReviewPeriodStarted: { guard: 'reviewPeriodNotStarted', actions: 'evolve' },
        ReviewPeriodElapsed: { guard: 'reviewPeriodOver', actions: 'evolve' },
        FundsReleased: [
          { guard: 'brandApproves', target: 'completed', actions: 'evolve' },
          { guard: 'adminReleases', target: 'completed', actions: 'evolve' },
          { guard: 'autoReleaseAfterReview', target: 'completed', actions: 'evolve' },
        ],
        TransferFailed: { guard: 'releaseCouldBeAttempted', actions: 'evolve' },
        DisputeOpened: { guard: 'reviewStillOpen', target: 'dispute', actions: 'evolve' },
        DealCompletedManually: { target: 'completed', actions: 'evolve' },
        DealPutOnHold: { guard: 'notOnHold', actions: 'evolve' },
        DealReleasedFromHold: { guard: 'onHold', actions: 'evolve' },
        DealRefunded: { target: 'cancelled', actions: 'evolve' },
        ChargebackOpened: { actions: 'evolve' },
        DuplicatePaymentRefunded: { guard: 'newDuplicatePayment', actions: 'evolve' },
      },
    },
    dispute: {
      meta: meta({ status: 'dispute', brandText: 'deal.brand.dispute', creatorText: 'deal.creator.dispute', badge: 'red', step: 5 }),
      on: {
        DisputePeriodElapsed: { guard: 'disputePeriodOver', actions: 'evolve' },
        FundsReleased: [
          // The brand can still approve after a dispute: that is its own final status.
          { guard: 'brandApproves', target: 'approved_after_dispute', actions: 'evolve' },
          { guard: 'adminReleases', target: 'completed', actions: 'evolve' },
          { guard: 'autoReleaseAfterDispute', target: 'completed', actions: 'evolve' },
        ],
        TransferFailed: { guard: 'releaseCouldBeAttempted', actions: 'evolve' },
        DealCompletedManually: { target: 'completed', actions: 'evolve' },
        DealPutOnHold: { guard: 'notOnHold', actions: 'evolve' },
        DealReleasedFromHold: { guard: 'onHold', actions: 'evolve' },
        DealRefunded: { target: 'cancelled', actions: 'evolve' },
        ChargebackOpened: { actions: 'evolve' },
        DuplicatePaymentRefunded: { guard: 'newDuplicatePayment', actions: 'evolve' },
      },
    },
    completed: {
      meta: meta({ status: 'completed', brandText: 'deal.brand.completed', creatorText: 'deal.creator.completed', badge: 'green', step: 7 }),
      // Money has left escrow; a later card chargeback is still recorded for the admins.
      on: { ChargebackOpened: { actions: 'evolve' } },
    },
    approved_after_dispute: {
      meta: meta({ status: 'approved_after_dispute', brandText: 'deal.brand.completed', creatorText: 'deal.creator.completed', badge: 'green', step: 7 }),
      on: { ChargebackOpened: { actions: 'evolve' } },
    },
    cancelled: {
      type: 'final',
      meta: meta({ status: 'cancelled', brandText: 'deal.brand.cancelled', creatorText: 'deal.creator.cancelled', badge: 'grey', step: null }),
    },
    deleted: {
      type: 'final',
      meta: meta({ status: 'deleted', brandText: 'deal.brand.deleted', creatorText: 'deal.creator.deleted', badge: 'grey', step: null }),
    },
  },
});

export type DealMachine = typeof dealMachine;
