import { setup } from 'xstate';
import type { DealEvent, ReleaseTrigger } from './deal.events';
import type { Milestone, MilestoneStatus } from './deal-context.types';
import type { SnapshotFrom } from 'xstate';
import { step } from '../statechart';

/**
 * One milestone of a deal, as its own small statechart (one actor per milestone, run purely: the
 * deal's context keeps each milestone's state and data, and the deal's statechart steps it with the
 * events that name it). in progress → delivered → (changes requested → redelivered)* → released
 * (approved, automatically 48 h after the latest delivery, or by an admin), or disputed (72 h,
 * then released; the brand can still approve) → released, refunded or split by an admin. Its rules
 * are the milestone's own; the deal adds the money's (one effect at a time, holds, the escrow's
 * limits) and derives its status from its milestones (`dealStatusOfMilestones`).
 */

export type { Milestone, MilestoneStatus } from './deal-context.types';

const reached = (now: string, deadline: string | null): boolean =>
  deadline !== null && Date.parse(now) >= Date.parse(deadline);

/** The milestone's refusal of a change request: within the review, while its rounds last. */
export function milestoneChangeRefusal(
  m: Milestone,
): 'revision_rounds_used' | 'milestone_not_in_state' | null {
  if (m.status !== 'delivered' || m.reviewElapsedAt !== null)
    return 'milestone_not_in_state';
  return m.revisionsUsed >= m.revisionRounds ? 'revision_rounds_used' : null;
}

const triggerOf = (e: DealEvent): ReleaseTrigger | null =>
  e.type === 'FundsReleaseRequested' ? e.data.trigger : null;

/** An event the milestone takes without changing state (its deal records the data). */
const stay = (guard?: string) =>
  (guard ? { guard, actions: 'record' } : { actions: 'record' }) as {
    actions: 'record';
  };

export const milestoneMachine = setup({
  types: {
    context: {} as Milestone,
    events: {} as DealEvent,
    input: {} as Milestone,
  },
  guards: {
    changesRequestable: ({ context, event }) =>
      event.type === 'ChangesRequested' &&
      event.data.round === context.revisionsUsed + 1 &&
      milestoneChangeRefusal(context) === null,
    redeliversRound: ({ context, event }) =>
      event.type === 'ContentRedelivered' &&
      event.data.round === context.revisionsUsed,
    reviewNotStarted: ({ context }) => context.reviewPeriodEndsAt === null,
    reviewOpen: ({ context }) =>
      context.reviewElapsedAt === null && !context.splitRequested,
    reviewOver: ({ context, event }) =>
      context.reviewElapsedAt === null &&
      reached(event.metadata.at, context.reviewPeriodEndsAt),
    disputeOver: ({ context, event }) =>
      context.disputeElapsedAt === null &&
      reached(event.metadata.at, context.disputePeriodEndsAt),
    /** Who may release the milestone in review: the brand, an admin, or the review's end. */
    releasableInReview: ({ context, event }) => {
      const t = triggerOf(event);
      return (
        t === 'brand' ||
        t === 'admin' ||
        (t === 'review_period_elapsed' && context.reviewElapsedAt !== null)
      );
    },
    releasableInDispute: ({ context, event }) => {
      const t = triggerOf(event);
      return (
        t === 'brand' ||
        t === 'admin' ||
        (t === 'dispute_period_elapsed' && context.disputeElapsedAt !== null)
      );
    },
    byAdmin: ({ event }) => triggerOf(event) === 'admin',
    notSplit: ({ context }) => !context.splitRequested,
  },
  // The milestone's data is recorded by its deal (deal.context.ts); its own transitions only decide.
  actions: { record: () => undefined },
}).createMachine({
  id: 'milestone',
  initial: 'in_progress',
  context: ({ input }) => input,
  states: {
    in_progress: {
      on: {
        ContentDelivered: 'delivered',
        FundsReleaseRequested: stay('byAdmin'),
        FundsReleased: 'released',
        TransferFailed: stay(),
        RefundRequested: stay(),
        DealRefunded: 'refunded',
        RefundFailed: stay(),
        DealSplitRequested: stay(),
      },
    },
    delivered: {
      on: {
        ReviewPeriodStarted: stay('reviewNotStarted'),
        ReviewPeriodElapsed: stay('reviewOver'),
        ChangesRequested: {
          guard: 'changesRequestable',
          target: 'changes_requested',
        },
        DisputeOpened: { guard: 'reviewOpen', target: 'dispute' },
        FundsReleaseRequested: stay('releasableInReview'),
        FundsReleased: 'released',
        TransferFailed: stay(),
        RefundRequested: stay(),
        DealRefunded: 'refunded',
        RefundFailed: stay(),
        DealSplitRequested: stay('notSplit'),
      },
    },
    changes_requested: {
      on: {
        ContentRedelivered: { guard: 'redeliversRound', target: 'delivered' },
        FundsReleaseRequested: stay('byAdmin'),
        FundsReleased: 'released',
        TransferFailed: stay(),
        RefundRequested: stay(),
        DealRefunded: 'refunded',
        RefundFailed: stay(),
        DealSplitRequested: stay('notSplit'),
      },
    },
    dispute: {
      on: {
        DisputePeriodElapsed: stay('disputeOver'),
        FundsReleaseRequested: stay('releasableInDispute'),
        FundsReleased: 'released',
        TransferFailed: stay(),
        RefundRequested: stay(),
        DealRefunded: 'refunded',
        RefundFailed: stay(),
        DealSplitRequested: stay('notSplit'),
      },
    },
    released: { type: 'final' },
    refunded: { type: 'final' },
    split: { type: 'final' },
  },
});

type MilestoneSnapshot = SnapshotFrom<typeof milestoneMachine>;

/** The milestone's snapshot, from the state and data its deal keeps. */
const snapshotOf = (m: Milestone): MilestoneSnapshot =>
  milestoneMachine.resolveState({
    value: m.status,
    context: m,
  }) as MilestoneSnapshot;

/** Does the milestone's statechart take the event (a transition, or an event it records in place)? */
export function milestoneTakes(m: Milestone, event: DealEvent): boolean {
  return snapshotOf(m).can(event);
}

/** The milestone's state after an event it took (its data is recorded by the deal's evolve). */
export function milestoneStatusAfter(
  m: Milestone,
  event: DealEvent,
): MilestoneStatus {
  return step(milestoneMachine, snapshotOf(m), event).value as MilestoneStatus;
}

/** A milestone at its outcome: released, refunded or split; nothing more happens to it. */
export const settled = (m: Milestone): boolean =>
  m.status === 'released' || m.status === 'refunded' || m.status === 'split';
