import type { ActionCode } from '../errors/action-texts';
import { DomainError } from '../command-error';
import { splitKeys } from '../escrow/escrow-ledger';
import {
  chargebackEnd,
  dealCanTake,
  refusal,
  type DealDraft,
  type DealSnapshot,
} from './deal-escrow';
import { milestonesIn } from './deal-milestone-context';
import {
  milestoneEventRefusal,
  milestoneFeeKeptCents,
  milestonePayableCents,
  milestoneSplitParts,
  milestoneSplitRefusal,
} from './deal-milestone-guards';
import { addHours, releaseAfter } from './deal-periods';
import { settled, type Milestone } from './milestone.machine';
import type { ReleaseTrigger } from './deal.events';

/**
 * The decisions of the commands that name a milestone of a deal with a plan: each gives the
 * events about that milestone (`milestone` in their data), which the deal's statechart takes when
 * the deal's rules and the milestone's statechart allow them (deal-milestone-guards.ts). A refusal
 * is the rule's code; where the milestone, as it stands, has no such step, `milestone_not_in_state`
 * names the action, the milestone and its state.
 */

export type MilestoneCommand = { milestone: number } & (
  | {
      type: 'DeliverContent';
      reviewPeriodHours: number;
      note?: string | null;
      links?: string[];
    }
  | { type: 'RequestChanges'; note: string }
  | {
      type: 'OpenDispute';
      reason: string;
      description: string | null;
      disputePeriodHours: number;
    }
  | { type: 'ReleaseFunds'; trigger: 'brand' | 'admin'; key: string }
  | { type: 'ElapseReviewPeriod'; key: string }
  | { type: 'ElapseDisputePeriod'; key: string }
  | { type: 'RequestRefund'; key: string }
  | { type: 'ResolveWithSplit'; creatorCents: number; key: string }
);

const actions: Record<MilestoneCommand['type'], ActionCode> = {
  DeliverContent: 'deliver_milestone',
  RequestChanges: 'request_changes',
  OpenDispute: 'open_dispute',
  ReleaseFunds: 'release_milestone',
  ElapseReviewPeriod: 'end_review',
  ElapseDisputePeriod: 'end_dispute',
  RequestRefund: 'refund_milestone',
  ResolveWithSplit: 'split_milestone',
};

/**
 * The refusal of a milestone's first event: the milestone's state once it is at its outcome (a
 * second approval of a released milestone is refused for being released, not for the money that
 * left escrow with the first), else the deal's rule's code, else the milestone's state.
 */
function refuse(
  snapshot: DealSnapshot,
  m: Milestone,
  action: ActionCode,
  draft: DealDraft,
): DomainError {
  const probe = {
    ...draft,
    metadata: { at: new Date(0).toISOString() },
  } as never;
  const code = settled(m)
    ? null
    : milestoneEventRefusal(snapshot.context, probe);
  if (code === 'revision_rounds_used')
    return new DomainError(code, { rounds: String(m.revisionRounds) });
  if (
    code !== null &&
    code !== 'deal_not_in_state' &&
    code !== 'milestone_not_in_state'
  )
    return refusal(snapshot, code, action);
  return new DomainError('milestone_not_in_state', {
    action,
    milestone: String(m.index),
    status: m.status,
  });
}

/** The events, the first one probed on the statechart (the bus checks every one as it appends). */
function checked(
  snapshot: DealSnapshot,
  m: Milestone,
  now: string,
  action: ActionCode,
  drafts: DealDraft[],
): DealDraft[] {
  if (!dealCanTake(snapshot, drafts[0]!, now))
    throw refuse(snapshot, m, action, drafts[0]!);
  return drafts;
}

const release = (
  snapshot: DealSnapshot,
  m: Milestone,
  trigger: ReleaseTrigger,
  key: string,
): DealDraft => ({
  type: 'FundsReleaseRequested',
  data: {
    milestone: m.index,
    trigger,
    amountCents: milestonePayableCents(snapshot.context, m),
    key,
    feeCents: milestoneFeeKeptCents(snapshot.context, m),
  },
});

/** A timer's end of the milestone's review or dispute, and the release it triggers; nothing when it is not due. */
function elapse(
  snapshot: DealSnapshot,
  m: Milestone,
  review: boolean,
  key: string,
  now: string,
) {
  const endsAt = review ? m.reviewPeriodEndsAt : m.disputePeriodEndsAt;
  if (endsAt === null) return [];
  const elapsed: DealDraft = review
    ? { type: 'ReviewPeriodElapsed', data: { milestone: m.index, endsAt } }
    : { type: 'DisputePeriodElapsed', data: { milestone: m.index, endsAt } };
  const paid = release(
    snapshot,
    m,
    review ? 'review_period_elapsed' : 'dispute_period_elapsed',
    key,
  );
  if (dealCanTake(snapshot, elapsed, now))
    return releaseAfter(snapshot, elapsed, paid, now);
  // Elapsed already and its transfer refused since: the timer asks again, never early, never twice at
  // once; a lost chargeback that left nothing to release ends the deal instead (ADR 0040).
  const already = review
    ? m.reviewElapsedAt !== null
    : m.disputeElapsedAt !== null;
  if (!already) return [];
  return dealCanTake(snapshot, paid, now)
    ? [paid]
    : chargebackEnd(snapshot, now);
}

function delivery(
  command: Extract<MilestoneCommand, { type: 'DeliverContent' }>,
  m: Milestone,
  now: string,
): DealDraft[] {
  const details = {
    milestone: m.index,
    ...(command.note ? { note: command.note } : {}),
    ...(command.links?.length ? { links: command.links } : {}),
  };
  const delivered: DealDraft =
    m.status === 'changes_requested'
      ? {
          type: 'ContentRedelivered',
          data: { ...details, round: m.revisionsUsed },
        }
      : { type: 'ContentDelivered', data: details };
  const endsAt = addHours(now, command.reviewPeriodHours);
  return [
    delivered,
    {
      type: 'ReviewPeriodStarted',
      data: { milestone: m.index, startsAt: now, endsAt },
    },
  ];
}

function split(
  snapshot: DealSnapshot,
  m: Milestone,
  creatorCents: number,
  key: string,
  action: ActionCode,
) {
  const code = milestoneSplitRefusal(snapshot.context, m, creatorCents);
  if (code !== null)
    throw refusal(snapshot, code, action, {
      creatorCents: String(creatorCents),
      amountCents: String(m.amountCents),
      status: m.status,
    });
  const data = {
    milestone: m.index,
    ...milestoneSplitParts(m, creatorCents),
    ...splitKeys(key),
  };
  return [{ type: 'DealSplitRequested', data } as DealDraft];
}

/** The events of a command about milestone `command.milestone`; `milestone_not_found` when the deal has none such. */
export function decideMilestone(
  command: MilestoneCommand,
  snapshot: DealSnapshot,
  now: string,
): DealDraft[] {
  const m = milestonesIn(snapshot.context)[command.milestone - 1];
  if (m === undefined) throw new DomainError('milestone_not_found', {});
  const action = actions[command.type];
  const check = (...drafts: DealDraft[]) =>
    checked(snapshot, m, now, action, drafts);
  switch (command.type) {
    case 'DeliverContent':
      return check(...delivery(command, m, now));
    case 'RequestChanges':
      return check({
        type: 'ChangesRequested',
        data: {
          milestone: m.index,
          note: command.note.trim(),
          round: m.revisionsUsed + 1,
        },
      });
    case 'OpenDispute':
      return check({
        type: 'DisputeOpened',
        data: {
          milestone: m.index,
          reason: command.reason.trim() || 'Not satisfied with deliverables',
          description: command.description?.trim() || null,
          endsAt: addHours(now, command.disputePeriodHours),
        },
      });
    case 'ReleaseFunds':
      return check(release(snapshot, m, command.trigger, command.key));
    case 'ElapseReviewPeriod':
      return elapse(snapshot, m, true, command.key, now);
    case 'ElapseDisputePeriod':
      return elapse(snapshot, m, false, command.key, now);
    case 'RequestRefund':
      return check({
        type: 'RefundRequested',
        data: {
          milestone: m.index,
          amountCents: m.amountCents + m.feeCents,
          key: command.key,
        },
      });
    case 'ResolveWithSplit':
      return check(
        ...split(snapshot, m, command.creatorCents, command.key, action),
      );
  }
}

/** The milestone a pending effect is for, as its outcome event repeats it (nothing for a deal without a plan). */
export const milestoneTag = (
  pending: { milestone?: number } | null,
): { milestone?: number } =>
  pending?.milestone === undefined ? {} : { milestone: pending.milestone };
