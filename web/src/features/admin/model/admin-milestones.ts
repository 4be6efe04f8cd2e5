import type { AdminDealDto } from '@machines/contract/api';
import {
  escrowedCents,
  type EscrowLedger,
} from '@machines/escrow/escrow-ledger';

/** One milestone of a deal with a plan as the admin answer carries it (with `adminCan`). */
export type AdminMilestone = NonNullable<AdminDealDto['milestones']>[number];

const settled: readonly string[] = ['released', 'refunded', 'split'];

/** The milestones without an outcome yet: what the deal's own release or refund moves. */
export const openMilestones = (deal: AdminDealDto): AdminMilestone[] =>
  (deal.milestones ?? []).filter((m) => !settled.includes(m.status));

/**
 * "Everything not yet released" of a deal with a plan: what its release pays the creator (the open
 * milestones' amounts) and what its refund returns to the brand (with their fee shares).
 */
export function unreleased(deal: AdminDealDto): {
  count: number;
  releaseCents: number;
  refundCents: number;
} {
  const open = openMilestones(deal);
  const releaseCents = open.reduce((sum, m) => sum + m.amountCents, 0);
  return {
    count: open.length,
    releaseCents,
    refundCents: releaseCents + open.reduce((sum, m) => sum + m.feeCents, 0),
  };
}

/**
 * What the admin's refund of the whole deal gives back, as its button says: what the escrow still
 * holds (less than was paid after a lost chargeback), at most the total paid or, on a plan, the open
 * milestones' amounts with their fee shares.
 */
export function wholeDealRefundCents(deal: AdminDealDto): number {
  const upTo =
    deal.milestones === undefined
      ? deal.totalAmountCents
      : unreleased(deal).refundCents;
  const { accounts } = deal.machine.context as Partial<EscrowLedger>;
  return accounts ? Math.min(upTo, escrowedCents({ accounts })) : upTo;
}

/** Whether a milestone was ever disputed (its conversation is the deal's). */
export const anyMilestoneDisputed = (deal: AdminDealDto): boolean =>
  (deal.milestones ?? []).some((m) => m.disputeCreatedAt !== null);
