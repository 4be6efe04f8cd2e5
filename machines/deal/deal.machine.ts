import { and, assign, not, setup } from 'xstate';
import { MAX_DEAL_CENTS, MIN_DEAL_CENTS } from '../money';
import type { DealEvent, ReleaseTrigger } from './deal.events';
import { dealEscrowEvents } from '../escrow/escrow-events';
import { escrowGuards } from '../escrow/escrow-guards';
import { intentRefusal, payableNowCents } from '../escrow/escrow-limits';
import { splitFiguresOf } from './deal-split-parts';
import {
  emptyDealContext,
  evolveDealContext,
  type DealContext,
} from './deal.context';
import {
  acceptRefusal,
  changeRequestRefusal,
  holdRefusal,
  linkRotationRefusal,
  refundRefusal,
  releaseRefusal,
  releaserRefusal,
  splitRefusal,
} from './deal.guards';

import {
  creatorDueCents,
  dealStatusOfMilestones,
  milestonesIn,
  type MilestoneDealStatus,
} from './deal-milestone-context';
import {
  milestoneDeadlineRefusal,
  milestoneEventFits,
} from './deal-milestone-guards';
import { milestonePlanFits } from './deal-milestones';

export type { DealContext } from './deal.context';

/**
 * The deal statechart. Its events are the domain events of a `deal-<id>` stream: replaying the
 * stream through `transition` gives the deal's state, and a command is valid exactly when the
 * current snapshot `can()` take the event the command would produce. No timers, no I/O: time
 * arrives as events (`ReviewPeriodElapsed`, `DisputePeriodElapsed`) whose guards compare the
 * event's own `metadata.at` with the deadline, so an automatic release can never be early.
 * Every accepted event runs the one `evolve` action (deal.context.ts) to record its data.
 */

export type BadgeColour =
  | 'yellow'
  | 'blue'
  | 'purple'
  | 'red'
  | 'green'
  | 'grey';

export const dealStatuses = [
  'pending_payment',
  'pending_delivery',
  'delivered',
  'changes_requested',
  'dispute',
  'completed',
  'approved_after_dispute',
  'split_resolved',
  'cancelled',
  'deleted',
] as const;
export type DealStatus = (typeof dealStatuses)[number];

export interface DealStateMeta {
  /** The status string of docs/product.md §4. */
  status: DealStatus;
  /** i18n keys of the brand's and the creator's status texts. */
  brandText: string;
  creatorText: string;
  badge: BadgeColour;
  /** 1..7 on the progress tracker; null where the tracker does not apply. */
  step: number | null;
}

const meta = (m: DealStateMeta): DealStateMeta => m;
/** Paid and waiting for the creator, before and after the link is accepted: the same status and step. */
const fundsHeldMeta = meta({
  status: 'pending_delivery',
  brandText: 'deal.brand.funds_held',
  creatorText: 'deal.creator.waiting_for_delivery',
  badge: 'blue',
  step: 3,
});
const creatorWorkingMeta = meta({
  status: 'pending_delivery',
  brandText: 'deal.brand.creator_working',
  creatorText: 'deal.creator.waiting_for_delivery',
  badge: 'blue',
  step: 4,
});
const deliveredMeta = meta({
  status: 'delivered',
  brandText: 'deal.brand.delivered',
  creatorText: 'deal.creator.delivered',
  badge: 'purple',
  step: 5,
});
const changesRequestedMeta = meta({
  status: 'changes_requested',
  brandText: 'deal.brand.changes_requested',
  creatorText: 'deal.creator.changes_requested',
  badge: 'blue',
  step: 4,
});
const disputeMeta = meta({
  status: 'dispute',
  brandText: 'deal.brand.dispute',
  creatorText: 'deal.creator.dispute',
  badge: 'red',
  step: 5,
});
const reached = (now: string, deadline: string | null): boolean =>
  deadline !== null && Date.parse(now) >= Date.parse(deadline);
const releaseTrigger = (e: DealEvent): ReleaseTrigger | null =>
  e.type === 'FundsReleaseRequested' ||
  e.type === 'FundsReleased' ||
  e.type === 'TransferFailed'
    ? e.data.trigger
    : null;
/** Outcome events written before intents existed carry no key; they are replayed as they were decided. */
const legacyOutcome = (e: DealEvent): boolean =>
  (e.type === 'FundsReleased' ||
    e.type === 'TransferFailed' ||
    e.type === 'DealRefunded') &&
  e.data.key === undefined;

/** The outcome answers the pending intent: same key, same amount (legacy outcomes: the old rules). */
function answersRelease(context: DealContext, event: DealEvent): boolean {
  if (legacyOutcome(event))
    return (
      context.pendingRelease === null &&
      releaserRefusal(context, releaseTrigger(event)) === null
    );
  const pending = context.pendingRelease;
  if (
    pending === null ||
    (event.type !== 'FundsReleased' && event.type !== 'TransferFailed')
  )
    return false;
  if (event.data.key !== pending.key || event.data.trigger !== pending.trigger)
    return false;
  return (
    event.type === 'TransferFailed' ||
    event.data.amountCents === pending.amountCents
  );
}

/** No money effect is asked for or under way, and no split has been asked for (a split is the last effect). */
const noEffect = (c: DealContext): boolean =>
  c.pendingRelease === null && c.pendingRefund === null && c.split === null;

/**
 * A split the rules allow (deal.guards.ts; these transitions live only in states whose escrow
 * holds the charge), with the figures its creator part gives (deal-split-parts.ts): the parts add
 * up to what the split divides, the fee kept in proportion; with a plan, each open milestone's part.
 */
function splitFits(
  c: DealContext,
  event: DealEvent,
  inDispute: boolean,
): boolean {
  if (event.type !== 'DealSplitRequested' || c.amounts === null) return false;
  const {
    creatorCents,
    feeKeptCents,
    refundCents,
    chargedCents,
    milestoneParts,
  } = event.data;
  if (splitRefusal(c, { creatorCents, inDispute, holding: true }) !== null)
    return false;
  const figures = splitFiguresOf(c, creatorCents);
  return (
    chargedCents === figures.chargedCents &&
    feeKeptCents === figures.feeKeptCents &&
    refundCents === figures.refundCents &&
    JSON.stringify(milestoneParts) === JSON.stringify(figures.milestoneParts) &&
    intentRefusal(c, event, dealEscrowEvents) === null
  );
}

/** The release pays the creator amount, or what the escrow holds if less, and keeps the escrow's limits. */
const paysWhatIsHeld = (c: DealContext, event: DealEvent): boolean =>
  event.type === 'FundsReleaseRequested' &&
  c.amounts !== null &&
  event.data.amountCents > 0 &&
  event.data.amountCents === payableNowCents(c, creatorDueCents(c)) &&
  intentRefusal(c, event, dealEscrowEvents) === null;

/** A release the rules allow (deal.guards.ts) that pays what the escrow holds. */
const releaseFits = (
  c: DealContext,
  event: DealEvent,
): event is Extract<DealEvent, { type: 'FundsReleaseRequested' }> =>
  event.type === 'FundsReleaseRequested' &&
  paysWhatIsHeld(c, event) &&
  releaseRefusal(c, { trigger: event.data.trigger }) === null;

const pendingTrigger = (
  context: DealContext,
  event: DealEvent,
): ReleaseTrigger | null =>
  legacyOutcome(event)
    ? releaseTrigger(event)
    : (context.pendingRelease?.trigger ?? null);

/** The child states of `milestones` by the deal status they show. */
const milestoneChildren = {
  in_progress: 'pending_delivery',
  delivered: 'delivered',
  changes_requested: 'changes_requested',
  dispute: 'dispute',
} as const;

/** The milestone events, each a milestone's when it names one, and the deal's own for the whole deal. */
const milestoneEventTypes = [
  'ContentDelivered',
  'ContentRedelivered',
  'ChangesRequested',
  'ReviewPeriodStarted',
  'ReviewPeriodElapsed',
  'DisputeOpened',
  'DisputePeriodElapsed',
  'FundsReleaseRequested',
  'FundsReleased',
  'TransferFailed',
  'RefundRequested',
  'DealRefunded',
  'RefundFailed',
  'DealSplitRequested',
] as const;

export const dealMachine = setup({
  types: {
    context: {} as DealContext,
    events: {} as DealEvent,
  },
  guards: {
    ...escrowGuards<DealContext>(
      dealEscrowEvents,
      (c) => c.amounts?.totalCents ?? null,
    ),
    amountWithinCap: ({ event }) =>
      (event.type === 'DealCreated' || event.type === 'DealUpdated') &&
      event.data.amountCents >= MIN_DEAL_CENTS &&
      event.data.amountCents <= MAX_DEAL_CENTS &&
      event.data.totalCents === event.data.amountCents + event.data.feeCents &&
      milestonePlanFits(event.data.milestones, event.data.amountCents) &&
      milestoneDeadlineRefusal(event.data) === null,
    hasMilestones: ({ context }) => context.milestones !== undefined,
    /** The event names a milestone (deals with a plan: it is the milestone's, not the deal's). */
    namesMilestone: ({ event }) =>
      (event.data as { milestone?: number }).milestone !== undefined,
    /** The deal's rules and the milestone's statechart both take it (deal-milestone-guards.ts). */
    milestoneEventFits: ({ context, event }) =>
      milestoneEventFits(context, event),
    /** The deal's status by its milestones (`dealStatusOfMilestones`, the one rule). */
    statusByMilestones: (
      { context },
      params: { status: MilestoneDealStatus },
    ) =>
      context.milestones !== undefined &&
      dealStatusOfMilestones(milestonesIn(context)) === params.status,
    noTokenYet: ({ context }) => context.shareableToken === null,
    /** A link may be replaced only while nobody has accepted through it. */
    linkNotClaimed: ({ context }) =>
      context.shareableToken !== null && linkRotationRefusal(context) === null,
    notYetAccepted: ({ context }) => acceptRefusal(context) === null,
    notOnHold: ({ context }) => holdRefusal(context) === null,
    onHold: ({ context }) => context.hold !== null,
    /** A session charges exactly what the deal's terms say is due now. */
    sessionChargesTotal: ({ context, event }) =>
      event.type === 'CheckoutSessionCreated' &&
      context.amounts !== null &&
      event.data.totalCents === context.amounts.totalCents,
    matchesOnboardingAccount: ({ context, event }) =>
      event.type === 'BankAccountConnected' &&
      (context.onboardingAccountId === null ||
        context.onboardingAccountId === event.data.accountId),
    /** Deliver only with a bank account connected, so the funds have somewhere to go. */
    bankAccountConnected: ({ context }) => context.stripeAccountId !== null,
    reviewPeriodNotStarted: ({ context }) =>
      context.reviewPeriodEndsAt === null,
    reviewStillOpen: ({ context }) =>
      context.reviewElapsedAt === null &&
      context.pendingRelease === null &&
      context.split === null,
    /** Changes are asked for within the review, while included revision rounds are left; the event names the round it uses. */
    changesRequestable: ({ context, event }) =>
      event.type === 'ChangesRequested' &&
      event.data.round === context.revisionsUsed + 1 &&
      changeRequestRefusal(context) === null,
    /** The redelivery answers the latest change request, to an account that can be paid. */
    redeliversRound: ({ context, event }) =>
      event.type === 'ContentRedelivered' &&
      event.data.round === context.revisionsUsed &&
      context.stripeAccountId !== null,
    /** An automatic release only at or after the period's end, and never while held. */
    reviewPeriodOver: ({ context, event }) =>
      context.hold === null &&
      context.split === null &&
      context.reviewElapsedAt === null &&
      reached(event.metadata.at, context.reviewPeriodEndsAt),
    disputePeriodOver: ({ context, event }) =>
      context.hold === null &&
      context.split === null &&
      context.disputeElapsedAt === null &&
      reached(event.metadata.at, context.disputePeriodEndsAt),
    /**
     * A transfer may be asked for once at a time, by someone allowed to, for the creator's amount
     * or what the escrow holds now if less (after a lost chargeback), within the escrow's limits.
     */
    releaseRequestable: ({ context, event }) => releaseFits(context, event),
    adminReleaseRequestable: ({ context, event }) =>
      releaseFits(context, event) && event.data.trigger === 'admin',
    answersRelease: ({ context, event }) => answersRelease(context, event),
    releasedByBrand: ({ context, event }) =>
      answersRelease(context, event) &&
      pendingTrigger(context, event) === 'brand',
    releasedByOthers: ({ context, event }) =>
      answersRelease(context, event) &&
      pendingTrigger(context, event) !== 'brand',
    adminReleased: ({ context, event }) =>
      answersRelease(context, event) &&
      pendingTrigger(context, event) === 'admin',
    /** A refund gives back at most what the deal's charge still holds, once at a time. */
    refundRequestable: ({ context, event }) =>
      event.type === 'RefundRequested' &&
      refundRefusal(context, event.data) === null &&
      intentRefusal(context, event, dealEscrowEvents) === null,
    answersRefund: ({ context, event }) => {
      // The end by a lost chargeback answers no refund: endsByChargeback takes it.
      if (event.type !== 'DealRefunded' || event.data.reason !== undefined)
        return false;
      if (event.data.key === undefined)
        return (
          context.pendingRelease === null && context.pendingRefund === null
        );
      return (
        context.pendingRefund !== null &&
        context.pendingRefund.key === event.data.key &&
        context.pendingRefund.amountCents === event.data.amountCents
      );
    },
    refundFailed: ({ context, event }) =>
      event.type === 'RefundFailed' &&
      context.pendingRefund?.key === event.data.key,
    noEffectPending: ({ context }) => noEffect(context),
    /** A split while the deal is on hold (any state with money in escrow), or in dispute (splitInDispute). */
    splitRequestableOnHold: ({ context, event }) =>
      splitFits(context, event, false),
    splitRequestableInDispute: ({ context, event }) =>
      splitFits(context, event, true),
    /** A whole-deal split of a deal with a plan: on hold, or while a milestone is in dispute. */
    planSplitRequestable: ({ context, event }) =>
      splitFits(
        context,
        event,
        dealStatusOfMilestones(milestonesIn(context)) === 'dispute',
      ),
  },
  actions: {
    evolve: assign(({ context, event }) => evolveDealContext(context, event)),
  },
}).createMachine({
  id: 'deal',
  context: emptyDealContext,
  initial: 'new',
  // A payment that does not fund the deal can arrive in any state, even after the end: it is recorded and refunded.
  // An admin's note is accepted in every state (final ones too: xstate takes root transitions
  // there) and changes neither the state nor the data.
  on: {
    UnexpectedPaymentReceived: {
      guard: 'newUnexpectedPayment',
      actions: 'evolve',
    },
    DuplicatePaymentRefunded: {
      guard: 'refundsUnexpectedPayment',
      actions: 'evolve',
    },
    DealNoteAdded: { actions: 'evolve' },
  },
  states: {
    new: {
      on: {
        DealCreated: {
          guard: 'amountWithinCap',
          target: 'pending_payment',
          actions: 'evolve',
        },
      },
    },
    pending_payment: {
      meta: meta({
        status: 'pending_payment',
        brandText: 'deal.brand.pending_payment',
        creatorText: 'deal.creator.pending_payment',
        badge: 'yellow',
        step: 1,
      }),
      on: {
        DealUpdated: { guard: 'amountWithinCap', actions: 'evolve' },
        ShareLinkGenerated: { guard: 'noTokenYet', actions: 'evolve' },
        ShareLinkRotated: { guard: 'linkNotClaimed', actions: 'evolve' },
        CheckoutSessionCreated: {
          guard: 'sessionChargesTotal',
          actions: 'evolve',
        },
        CheckoutSessionClosed: {
          guard: 'closesOpenSession',
          actions: 'evolve',
        },
        PaymentFailed: { guard: 'openSessionFailed', actions: 'evolve' },
        PaymentSucceeded: {
          guard: 'fundsEscrow',
          target: 'pending_delivery',
          actions: 'evolve',
        },
        DealDeleted: { target: 'deleted', actions: 'evolve' },
      },
    },
    pending_delivery: {
      initial: 'awaiting_acceptance',
      on: {
        ShareLinkGenerated: { guard: 'noTokenYet', actions: 'evolve' },
        ...escrowHandlers(),
      },
      states: {
        awaiting_acceptance: {
          meta: fundsHeldMeta,
          on: {
            CreatorAccepted: {
              guard: 'notYetAccepted',
              target: 'accepted',
              actions: 'evolve',
            },
            ShareLinkRotated: { guard: 'linkNotClaimed', actions: 'evolve' },
          },
        },
        accepted: {
          meta: fundsHeldMeta,
          on: {
            BankOnboardingStarted: { actions: 'evolve' },
            BankAccountConnected: [
              // A deal with milestones runs them from here on: the creator works on each.
              {
                guard: and(['matchesOnboardingAccount', 'hasMilestones']),
                target: '#deal.milestones',
                actions: 'evolve',
              },
              {
                guard: 'matchesOnboardingAccount',
                target: 'bank_connected',
                actions: 'evolve',
              },
            ],
          },
        },
        bank_connected: {
          meta: creatorWorkingMeta,
          on: {
            ContentDelivered: {
              guard: 'bankAccountConnected',
              target: '#deal.delivered',
              actions: 'evolve',
            },
            ...adminReleaseHandlers(),
          },
        },
      },
    },
    delivered: {
      meta: deliveredMeta,
      on: {
        ReviewPeriodStarted: {
          guard: 'reviewPeriodNotStarted',
          actions: 'evolve',
        },
        ReviewPeriodElapsed: { guard: 'reviewPeriodOver', actions: 'evolve' },
        FundsReleaseRequested: {
          guard: 'releaseRequestable',
          actions: 'evolve',
        },
        FundsReleased: {
          guard: 'answersRelease',
          target: 'completed',
          actions: 'evolve',
        },
        TransferFailed: { guard: 'answersRelease', actions: 'evolve' },
        DisputeOpened: {
          guard: 'reviewStillOpen',
          target: 'dispute',
          actions: 'evolve',
        },
        ChangesRequested: {
          guard: 'changesRequestable',
          target: 'changes_requested',
          actions: 'evolve',
        },
        DealCompletedManually: {
          guard: 'noEffectPending',
          target: 'completed',
          actions: 'evolve',
        },
        ...escrowHandlers(),
      },
    },
    // The brand asked for changes: the creator works again (the tracker's "in progress" step) and redelivers.
    changes_requested: {
      meta: changesRequestedMeta,
      on: {
        ContentRedelivered: {
          guard: 'redeliversRound',
          target: 'delivered',
          actions: 'evolve',
        },
        ...adminReleaseHandlers(),
        ...escrowHandlers(),
      },
    },
    dispute: {
      meta: disputeMeta,
      on: {
        DisputePeriodElapsed: { guard: 'disputePeriodOver', actions: 'evolve' },
        FundsReleaseRequested: {
          guard: 'releaseRequestable',
          actions: 'evolve',
        },
        FundsReleased: [
          // The brand can still approve after a dispute: that is its own final status.
          {
            guard: 'releasedByBrand',
            target: 'approved_after_dispute',
            actions: 'evolve',
          },
          { guard: 'releasedByOthers', target: 'completed', actions: 'evolve' },
        ],
        TransferFailed: { guard: 'answersRelease', actions: 'evolve' },
        DealCompletedManually: {
          guard: 'noEffectPending',
          target: 'completed',
          actions: 'evolve',
        },
        ...escrowHandlers(),
        DealSplitRequested: {
          guard: 'splitRequestableInDispute',
          actions: 'evolve',
        },
        // The conversation between brand, creator and admins runs while the dispute is open.
        DisputeMessagePosted: { actions: 'evolve' },
      },
    },
    // A deal with milestones, while they run: its status (the child state) is derived from theirs.
    milestones: {
      initial: 'in_progress',
      always: [
        {
          guard: {
            type: 'statusByMilestones',
            params: { status: 'completed' },
          },
          target: 'completed',
        },
        {
          guard: {
            type: 'statusByMilestones',
            params: { status: 'cancelled' },
          },
          target: 'cancelled',
        },
        {
          guard: {
            type: 'statusByMilestones',
            params: { status: 'split_resolved' },
          },
          target: 'split_resolved',
        },
      ],
      on: milestoneHandlers(),
      states: {
        in_progress: {
          meta: creatorWorkingMeta,
          always: routesFrom('in_progress'),
        },
        delivered: { meta: deliveredMeta, always: routesFrom('delivered') },
        changes_requested: {
          meta: changesRequestedMeta,
          always: routesFrom('changes_requested'),
        },
        dispute: {
          meta: disputeMeta,
          always: routesFrom('dispute'),
          on: { DisputeMessagePosted: { actions: 'evolve' } },
        },
      },
    },
    completed: {
      meta: meta({
        status: 'completed',
        brandText: 'deal.brand.completed',
        creatorText: 'deal.creator.completed',
        badge: 'green',
        step: 7,
      }),
      // Money has left escrow; a later card chargeback is still recorded for the admins.
      on: chargebackHandlers(),
    },
    approved_after_dispute: {
      meta: meta({
        status: 'approved_after_dispute',
        brandText: 'deal.brand.completed',
        creatorText: 'deal.creator.completed',
        badge: 'green',
        step: 7,
      }),
      on: chargebackHandlers(),
    },
    // Both parts of a split done: the creator received a part, the brand the rest back.
    split_resolved: {
      meta: meta({
        status: 'split_resolved',
        brandText: 'deal.brand.split_resolved',
        creatorText: 'deal.creator.split_resolved',
        badge: 'green',
        step: 7,
      }),
      on: chargebackHandlers(),
    },
    // Not `final`: a late payment for a cancelled or deleted deal must still be recorded and refunded.
    cancelled: {
      meta: meta({
        status: 'cancelled',
        brandText: 'deal.brand.cancelled',
        creatorText: 'deal.creator.cancelled',
        badge: 'grey',
        step: null,
      }),
      on: chargebackHandlers(),
    },
    deleted: {
      meta: meta({
        status: 'deleted',
        brandText: 'deal.brand.deleted',
        creatorText: 'deal.creator.deleted',
        badge: 'grey',
        step: null,
      }),
    },
  },
});

/**
 * What every state with money in escrow accepts alike (pending delivery, delivered, changes
 * requested, dispute):
 * admin hold and resume, refund intent and outcome (or the end by a lost chargeback), chargebacks, a split asked for on hold (in
 * dispute also without a hold: that state adds it) with its outcomes and retries. Written once,
 * spread into each.
 */
function escrowHandlers() {
  return {
    DealPutOnHold: { guard: 'notOnHold', actions: 'evolve' },
    DealReleasedFromHold: { guard: 'onHold', actions: 'evolve' },
    RefundRequested: { guard: 'refundRequestable', actions: 'evolve' },
    DealRefunded: [
      {
        guard: 'answersRefund',
        target: '#deal.cancelled',
        actions: 'evolve',
      },
      // A lost chargeback emptied the escrow: it ends as a refund does, nothing moving.
      {
        guard: 'endsByChargeback',
        target: '#deal.cancelled',
        actions: 'evolve',
      },
    ],
    RefundFailed: { guard: 'refundFailed', actions: 'evolve' },
    ...chargebackHandlers(),
    DealSplitRequested: { guard: 'splitRequestableOnHold', actions: 'evolve' },
    DealSplitRetried: { guard: 'splitPartRetryable', actions: 'evolve' },
    SplitTransferSucceeded: [
      {
        guard: 'completesSplit',
        target: '#deal.split_resolved',
        actions: 'evolve',
      },
      { guard: 'answersSplitPart', actions: 'evolve' },
    ],
    SplitTransferFailed: { guard: 'answersSplitPart', actions: 'evolve' },
    SplitRefundSucceeded: [
      {
        guard: 'completesSplit',
        target: '#deal.split_resolved',
        actions: 'evolve',
      },
      { guard: 'answersSplitPart', actions: 'evolve' },
    ],
    SplitRefundFailed: { guard: 'answersSplitPart', actions: 'evolve' },
  } as const;
}

/** Before a delivery (and while changes are made) there is nothing to approve: only an admin may release. */
function adminReleaseHandlers() {
  return {
    FundsReleaseRequested: {
      guard: 'adminReleaseRequestable',
      actions: 'evolve',
    },
    FundsReleased: {
      guard: 'adminReleased',
      target: '#deal.completed',
      actions: 'evolve',
    },
    TransferFailed: { guard: 'adminReleased', actions: 'evolve' },
  } as const;
}

/** A chargeback is recorded in every state after payment, and its outcome closes it. */
function chargebackHandlers() {
  return {
    ChargebackOpened: { actions: 'evolve' },
    ChargebackClosed: { guard: 'closesChargeback', actions: 'evolve' },
  } as const;
}

/** From one child of `milestones` to the one the milestones' status names now. */
function routesFrom(self: keyof typeof milestoneChildren) {
  return (Object.keys(milestoneChildren) as (keyof typeof milestoneChildren)[])
    .filter((child) => child !== self)
    .map((child) => ({
      guard: {
        type: 'statusByMilestones',
        params: { status: milestoneChildren[child] },
      },
      target: child,
    })) as never;
}

/**
 * What a deal with milestones takes while they run: an event naming a milestone when the deal and
 * the milestone both allow it (the child state follows from the milestones), and for the whole
 * deal what an admin may do with everything not yet released: hold, resume, release, refund,
 * split. A split's outcomes answer the split under way (a milestone's or the whole deal's).
 */
function milestoneHandlers() {
  const whole = { ...escrowHandlers(), ...adminReleaseHandlers() } as Record<
    string,
    { guard?: string; target?: string; actions: 'evolve' } | readonly unknown[]
  >;
  const on: Record<string, unknown> = { ...whole };
  for (const type of milestoneEventTypes) {
    // The whole deal's split divides what the open milestones hold, each its part.
    const own =
      type === 'DealSplitRequested'
        ? { guard: 'planSplitRequestable', actions: 'evolve' as const }
        : whole[type];
    // No target: the outcome settles the open milestones, and their status routes the deal (`always`).
    const forDeal = (
      own === undefined ? [] : Array.isArray(own) ? own : [own]
    ).map((t) => ({
      actions: 'evolve' as const,
      guard: (t as { guard?: string }).guard
        ? and([not('namesMilestone'), (t as { guard: string }).guard as never])
        : not('namesMilestone'),
    }));
    on[type] = [{ guard: 'milestoneEventFits', actions: 'evolve' }, ...forDeal];
  }
  // A split's outcomes are answered like any split's; its milestone(s) settle on the last.
  on.SplitTransferSucceeded = { guard: 'answersSplitPart', actions: 'evolve' };
  on.SplitRefundSucceeded = { guard: 'answersSplitPart', actions: 'evolve' };
  return on as never;
}

export type DealMachine = typeof dealMachine;
