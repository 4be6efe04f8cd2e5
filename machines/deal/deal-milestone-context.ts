import type { DealEvent, DealTerms } from './deal.events';
import type { DealContext, DealRevisionEntry } from './deal-context.types';
import { feeShares } from './deal-milestones';
import {
  milestoneStatusAfter,
  settled,
  type Milestone,
} from './milestone.machine';

/**
 * What the events of a deal with milestones record: each event that names a milestone steps that
 * milestone's statechart (milestone.machine.ts) and records its data there; the deal keeps the
 * one money effect under way (tagged with its milestone) and the escrow's accounts. The deal's
 * status is derived from its milestones by `dealStatusOfMilestones`.
 */

/** The milestones of a deal's terms, each with its fee share; none for a deal without a plan. */
export function milestonesOf(terms: DealTerms): Milestone[] {
  const plan = terms.milestones ?? [];
  const shares = feeShares(
    plan.map((m) => m.amountCents),
    terms.feeCents,
  );
  return plan.map((m, i) => ({
    ...m,
    index: i + 1,
    feeCents: shares[i]!,
    status: 'in_progress',
    revisionRounds: terms.revisionRounds ?? 0,
    revisionsUsed: 0,
    revisions: [],
    deliveredAt: null,
    reviewPeriodEndsAt: null,
    reviewElapsedAt: null,
    disputeCreatedAt: null,
    disputePeriodEndsAt: null,
    disputeElapsedAt: null,
    releaseTrigger: null,
    releasedAt: null,
    transferId: null,
    refundId: null,
    splitRequested: false,
  }));
}

/** The statuses a deal with milestones can have (those of deal.machine.ts it shares). */
export type MilestoneDealStatus =
  | 'pending_delivery'
  | 'delivered'
  | 'changes_requested'
  | 'dispute'
  | 'completed'
  | 'cancelled'
  | 'split_resolved';

/**
 * The one rule a deal with milestones takes its status by. Once every milestone has its outcome:
 * `cancelled` when all were refunded, `split_resolved` when one was split, else `completed`.
 * Before that, the open milestones decide, the most urgent first: one in dispute makes the deal
 * `dispute`; else one delivered (the brand reviews) `delivered`; else one with changes requested
 * `changes_requested`; else the creator is working: `pending_delivery`.
 */
export function dealStatusOfMilestones(
  milestones: readonly Milestone[],
): MilestoneDealStatus {
  const open = milestones.filter((m) => !settled(m));
  if (open.length === 0) {
    if (milestones.every((m) => m.status === 'refunded')) return 'cancelled';
    return milestones.some((m) => m.status === 'split')
      ? 'split_resolved'
      : 'completed';
  }
  for (const status of ['dispute', 'delivered', 'changes_requested'] as const)
    if (open.some((m) => m.status === status)) return status;
  return 'pending_delivery';
}

/** The milestone an event names, if the deal has it. */
export const milestoneOfEvent = (
  c: DealContext,
  event: DealEvent,
): Milestone | null => {
  const index = (event.data as { milestone?: number }).milestone;
  return index === undefined ? null : (c.milestones?.[index - 1] ?? null);
};

/** A deal with a plan disputes per milestone: the milestone of its latest dispute (null: none disputed). */
export const latestDisputedMilestone = (c: DealContext): Milestone | null =>
  milestonesIn(c)
    .filter((m) => m.disputeCreatedAt !== null)
    .sort((a, b) => a.disputeCreatedAt!.localeCompare(b.disputeCreatedAt!))
    .at(-1) ?? null;

/** What the creator is still due: the amount, or with milestones the amounts of those without an outcome. */
export const creatorDueCents = (c: DealContext): number =>
  c.milestones === undefined
    ? (c.amounts?.amountCents ?? 0)
    : c.milestones
        .filter((m) => !settled(m))
        .reduce((s, m) => s + m.amountCents, 0);

/** The deal's milestones (none: a deal without a plan). */
export const milestonesIn = (c: Pick<DealContext, 'milestones'>): Milestone[] =>
  c.milestones ?? [];

const entry = (
  kind: DealRevisionEntry['kind'],
  data: { note?: string | null | undefined; links?: string[] | undefined },
  at: string,
): DealRevisionEntry => ({
  kind,
  note: data.note ?? null,
  links: data.links ?? [],
  at,
});

/** The milestone's own fields an event records (its state is its statechart's). */
function recordOnMilestone(
  m: Milestone,
  event: DealEvent,
  at: string,
): Partial<Milestone> {
  switch (event.type) {
    case 'ContentDelivered':
      return {
        deliveredAt: at,
        revisions: [...m.revisions, entry('delivered', event.data, at)],
      };
    case 'ContentRedelivered':
      return {
        deliveredAt: at,
        revisions: [...m.revisions, entry('redelivered', event.data, at)],
      };
    case 'ChangesRequested':
      return {
        revisionsUsed: m.revisionsUsed + 1,
        reviewPeriodEndsAt: null,
        revisions: [...m.revisions, entry('changes_requested', event.data, at)],
      };
    case 'ReviewPeriodStarted':
      return { reviewPeriodEndsAt: event.data.endsAt, reviewElapsedAt: null };
    case 'ReviewPeriodElapsed':
      return { reviewElapsedAt: at };
    case 'DisputeOpened':
      return { disputeCreatedAt: at, disputePeriodEndsAt: event.data.endsAt };
    case 'DisputePeriodElapsed':
      return { disputeElapsedAt: at };
    case 'FundsReleased':
      return {
        releaseTrigger: event.data.trigger,
        releasedAt: at,
        transferId: event.data.transferId,
        ...(event.data.amountCents < m.amountCents
          ? { paidOutCents: event.data.amountCents }
          : {}),
      };
    case 'DealRefunded':
      return { refundId: event.data.refundId ?? null };
    case 'DealSplitRequested':
      return { splitRequested: true };
    default:
      return {};
  }
}

/** The deal's own fields a milestone's event moves: the money effect under way, the last failures. */
function recordOnDeal(
  c: DealContext,
  event: DealEvent,
  at: string,
): Partial<DealContext> {
  switch (event.type) {
    case 'FundsReleaseRequested': {
      const { key, trigger, amountCents, milestone } = event.data;
      return {
        pendingRelease: {
          key,
          trigger,
          amountCents,
          ...(milestone ? { milestone } : {}),
        },
      };
    }
    case 'FundsReleased':
      return {
        pendingRelease: null,
        transferId: event.data.transferId,
        lastTransferError: null,
      };
    case 'TransferFailed': {
      const { code, message, key } = event.data;
      return {
        pendingRelease: null,
        lastTransferError: { code, message, at, key: key ?? null },
      };
    }
    case 'RefundRequested': {
      const { key, amountCents, milestone } = event.data;
      return {
        pendingRefund: {
          key,
          amountCents,
          ...(milestone ? { milestone } : {}),
        },
      };
    }
    case 'DealRefunded':
      return { pendingRefund: null };
    case 'RefundFailed': {
      const { code, message, key } = event.data;
      return {
        pendingRefund: null,
        lastRefundError: { code, message, at, key },
      };
    }
    case 'DisputeOpened': {
      const { reason, description } = event.data;
      return { dispute: { reason, description, status: 'open' } };
    }
    case 'DealSplitRequested':
      return { splitMilestone: event.data.milestone ?? null };
    default:
      return {};
  }
}

/** Replaces milestone `m` of the deal. */
const withMilestone = (c: DealContext, m: Milestone): DealContext => ({
  ...c,
  milestones: milestonesIn(c).map((x) => (x.index === m.index ? m : x)),
});

/**
 * Records an event that names a milestone (`milestoneOfEvent`), or a split outcome of the
 * milestone being split; null for an event the deal records by its own rules.
 */
export function evolveMilestone(
  c: DealContext,
  event: DealEvent,
  escrow: (c: DealContext) => DealContext,
): DealContext | null {
  const at = event.metadata.at;
  const m = milestoneOfEvent(c, event);
  if (m !== null) {
    const next: Milestone = {
      ...m,
      ...recordOnMilestone(m, event, at),
      status: milestoneStatusAfter(m, event),
    };
    const base = event.type === 'DealSplitRequested' ? escrow(c) : c;
    return settleDeal(
      withMilestone({ ...base, ...recordOnDeal(c, event, at) }, next),
      at,
    );
  }
  return c.splitMilestone ? evolveMilestoneSplit(c, event, escrow) : null;
}

/** A split part's outcome for the milestone being split; once both parts are done the milestone is split and the deal's split cleared. */
function evolveMilestoneSplit(
  c: DealContext,
  event: DealEvent,
  escrow: (c: DealContext) => DealContext,
): DealContext | null {
  const splitEvents = [
    'SplitTransferSucceeded',
    'SplitTransferFailed',
    'SplitRefundSucceeded',
    'SplitRefundFailed',
    'DealSplitRetried',
  ];
  if (!splitEvents.includes(event.type)) return null;
  const next = escrow(c);
  const split = next.split!;
  if (split.transfer !== 'succeeded' || split.refund !== 'succeeded')
    return next;
  const m = milestonesIn(c)[c.splitMilestone! - 1]!;
  const done: Milestone = {
    ...m,
    status: 'split',
    transferId: split.transferId,
    refundId: split.refundId,
  };
  return settleDeal(
    withMilestone({ ...next, split: null, splitMilestone: null }, done),
    event.metadata.at,
  );
}

/** Every milestone at its outcome: the deal is done (completed, or cancelled when all were refunded). */
function settleDeal(c: DealContext, at: string): DealContext {
  const all = milestonesIn(c);
  if (c.completedAt !== null || c.cancelledAt !== null || !all.every(settled))
    return c;
  const refunded = all.every((m) => m.status === 'refunded');
  const dispute =
    c.dispute && c.dispute.status === 'open'
      ? { ...c.dispute, status: 'resolved' as const }
      : c.dispute;
  return refunded
    ? { ...c, cancelledAt: at, hold: null, dispute }
    : { ...c, completedAt: at, hold: null, dispute };
}

/**
 * After an event for the whole deal (an admin's release, refund or split of all that is left), the
 * open milestones take its outcome: a split asked for marks each as being split (no change request,
 * dispute or delivery any more), and once both its parts succeeded each is split.
 */
export function settleOpenMilestones(
  c: DealContext,
  event: DealEvent,
): DealContext {
  if (milestonesIn(c).length === 0) return c;
  const outcome = wholeDealOutcome(c, event);
  if (outcome === null) return c;
  return {
    ...c,
    milestones: milestonesIn(c).map((m) =>
      settled(m) ? m : { ...m, ...outcome },
    ),
  };
}

/** What a whole-deal event records on each open milestone (null: nothing). */
function wholeDealOutcome(
  c: DealContext,
  event: DealEvent,
): Partial<Milestone> | null {
  switch (event.type) {
    case 'FundsReleased':
      return { status: 'released' };
    case 'DealRefunded':
      return { status: 'refunded' };
    case 'DealSplitRequested':
      return { splitRequested: true };
    case 'SplitTransferSucceeded':
    case 'SplitRefundSucceeded': {
      const split = c.split;
      if (split?.transfer !== 'succeeded' || split.refund !== 'succeeded')
        return null;
      return {
        status: 'split',
        transferId: split.transferId,
        refundId: split.refundId,
      };
    }
    default:
      return null;
  }
}
