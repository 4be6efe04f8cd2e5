import { DomainError } from '../command-error';
import type { DealContext } from './deal-context.types';
import type { DealSnapshot } from './deal-escrow';
import {
  decideMilestone,
  type MilestoneCommand,
} from './deal-milestone-commands';
import { milestonesIn } from './deal-milestone-context';
import {
  settled,
  type Milestone,
  type MilestoneStatus,
} from './milestone.machine';

/**
 * A deal's milestones as its screens show them: each one's data, its step on the compact tracker
 * (1 in progress, 2 delivered or in dispute, 3 its outcome) and what can be done with it now,
 * probed on the decider (so a button shows exactly when the command would be taken); and the
 * summary lists and dashboards show ("2 of 3 milestones released", the next due date).
 */

export const milestoneActions = [
  'deliver',
  'requestChanges',
  'release',
  'dispute',
] as const;
export type MilestoneAction = (typeof milestoneActions)[number];

export interface MilestoneView extends Omit<Milestone, 'splitRequested'> {
  step: 1 | 2 | 3;
  can: MilestoneAction[];
  /** Present on a milestone a lost chargeback ended: the card issuer took it back, nothing was refunded. */
  chargedBack?: true;
}

/**
 * A milestone the lost chargeback's end settled (ADR 0040): ended refunded with no refund at the
 * gateway, on a deal that ended by the chargeback. Its screens and documents say it was charged
 * back, not refunded.
 */
export const chargedBackMilestone = (
  m: Pick<Milestone, 'status' | 'refundId'>,
  endReason: DealContext['endReason'],
): boolean =>
  m.status === 'refunded' &&
  m.refundId === null &&
  endReason === 'charged_back';

const steps: Record<MilestoneStatus, 1 | 2 | 3> = {
  in_progress: 1,
  changes_requested: 1,
  delivered: 2,
  dispute: 2,
  released: 3,
  refunded: 3,
  split: 3,
};

const probes = (
  milestone: number,
): Record<MilestoneAction, MilestoneCommand> => ({
  deliver: { type: 'DeliverContent', milestone, reviewPeriodHours: 48 },
  requestChanges: { type: 'RequestChanges', milestone, note: 'probe' },
  release: { type: 'ReleaseFunds', milestone, trigger: 'brand', key: 'probe' },
  dispute: {
    type: 'OpenDispute',
    milestone,
    reason: 'probe',
    description: null,
    disputePeriodHours: 72,
  },
});

const can = (
  snapshot: DealSnapshot,
  milestone: number,
  now: string,
): MilestoneAction[] =>
  probed(snapshot, now, milestoneActions, probes(milestone));

/** What an admin may do with one milestone: release its amount, refund it, split it. */
export const milestoneAdminActions = ['release', 'refund', 'split'] as const;
export type MilestoneAdminAction = (typeof milestoneAdminActions)[number];

const adminProbes = (
  milestone: number,
): Record<MilestoneAdminAction, MilestoneCommand> => ({
  release: { type: 'ReleaseFunds', milestone, trigger: 'admin', key: 'probe' },
  refund: { type: 'RequestRefund', milestone, key: 'probe' },
  // A cent to the creator: every milestone is at least €1.00, so only the state decides.
  split: { type: 'ResolveWithSplit', milestone, creatorCents: 1, key: 'probe' },
});

function probed<A extends string>(
  snapshot: DealSnapshot,
  now: string,
  actions: readonly A[],
  commands: Record<A, MilestoneCommand>,
): A[] {
  return actions.filter((action) => {
    try {
      return decideMilestone(commands[action], snapshot, now).length > 0;
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  });
}

/** The admin's actions on each milestone now (probed on the decider as the buttons' `can` is). */
export const milestoneAdminCan = (
  snapshot: DealSnapshot,
  milestone: number,
  now: string,
): MilestoneAdminAction[] =>
  probed(snapshot, now, milestoneAdminActions, adminProbes(milestone));

/** The deal's milestones with their tracker step and actions (none: a deal without a plan). */
export function milestoneViews(
  snapshot: DealSnapshot,
  now: string,
): MilestoneView[] {
  return milestonesIn(snapshot.context).map(({ splitRequested: _s, ...m }) => ({
    ...m,
    step: steps[m.status],
    can: can(snapshot, m.index, now),
    ...(chargedBackMilestone(m, snapshot.context.endReason)
      ? { chargedBack: true as const }
      : {}),
  }));
}

/** "2 of 3 milestones released" and the next due date of those still open. */
export function milestoneSummary(milestones: readonly Milestone[]): {
  released: number;
  total: number;
  nextDueDate: string | null;
} {
  const open = milestones
    .filter((m) => !settled(m))
    .map((m) => m.dueDate)
    .sort();
  return {
    released: milestones.filter(
      (m) => m.status === 'released' || m.status === 'split',
    ).length,
    total: milestones.length,
    nextDueDate: open[0] ?? null,
  };
}
