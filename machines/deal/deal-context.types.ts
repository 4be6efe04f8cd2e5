import type { PayoutIdentity } from '../account/payout-identity';
import type { EscrowLedger } from '../escrow/escrow-ledger';
import type { MilestonePlanItem } from './deal-milestones';
import type { DealTerms, ReleaseTrigger } from './deal.events';

/**
 * The shapes of a deal's data (deal.context.ts folds the events into them) and of its
 * milestones' (milestone.machine.ts steps them): types only, so the modules that fold and decide
 * can share them without importing each other.
 */

export interface DealHold {
  since: string;
  source: 'admin' | 'chargeback';
  reason: string;
}

export interface DealDispute {
  reason: string;
  description: string | null;
  status: 'open' | 'resolved' | 'auto_resolved';
}

/** A delivery, redelivery or change request, in the order they happened (the revision rounds' history). */
export interface DealRevisionEntry {
  kind: 'delivered' | 'changes_requested' | 'redelivered';
  note: string | null;
  links: string[];
  at: string;
}

/** A deal: its terms and people, and the escrow ledger (machines/escrow) its money moves through. */
export interface DealContext extends EscrowLedger {
  dealId: number;
  ownerId: string;
  terms: DealTerms | null;
  /** What the terms make due, kept apart from the terms so the guards (and list items) need only this. */
  amounts: { amountCents: number; feeCents: number; totalCents: number } | null;
  createdAt: string | null;
  shareableToken: string | null;
  paymentMethod: string | null;
  influencerAcceptedAt: string | null;
  onboardingAccountId: string | null;
  /** The identity the creator gave at bank setup, for the yearly payout report (absent before it was asked). */
  payoutIdentity?: PayoutIdentity | null;
  stripeAccountId: string | null;
  /** The latest delivery (a redelivery restarts the review from it). */
  deliveredAt: string | null;
  /** Revision rounds the terms include (machines/deal/deal-contract.ts; 0 for deals made before rounds). */
  revisionRounds: number;
  /** Change requests made so far. */
  revisionsUsed: number;
  /** Deliveries and change requests with their notes and links, oldest first. */
  revisions: DealRevisionEntry[];
  reviewPeriodStartsAt: string | null;
  reviewPeriodEndsAt: string | null;
  reviewElapsedAt: string | null;
  disputeCreatedAt: string | null;
  disputePeriodEndsAt: string | null;
  disputeElapsedAt: string | null;
  dispute: DealDispute | null;
  hold: DealHold | null;
  /** The last refused transfer; `key` names the release request it answered. */
  lastTransferError: {
    code: string;
    message: string;
    at: string;
    key: string | null;
  } | null;
  releaseTrigger: ReleaseTrigger | 'manual' | null;
  refundId: string | null;
  cancelledAt: string | null;
  /** Set only when a lost chargeback, not a refund, ended the deal (absent on every other context). */
  endReason?: 'charged_back';
  deletedAt: string | null;
  /** SHA-256 (hex) of the claim secret the accepting browser got once; null before acceptance or for older deals. */
  claimSecretHash: string | null;
  /** The signed-in creator account that accepted, if any. */
  claimedByUserId: string | null;
  /** SHA-256 (hex) of the contract the creator accepted (machines/deal/deal-contract.ts); null before, or for older acceptances. */
  contractHash: string | null;
  /** A transfer asked for and not yet answered by the gateway (FundsReleaseRequested), and the milestone it pays. */
  pendingRelease: {
    key: string;
    trigger: ReleaseTrigger;
    amountCents: number;
    milestone?: number;
  } | null;
  /** A refund asked for and not yet answered (RefundRequested), and the milestone it refunds. */
  pendingRefund: {
    key: string;
    amountCents: number;
    milestone?: number;
  } | null;
  /**
   * A deal with a milestone plan: each milestone's state and data (milestone.machine.ts). Absent
   * in a deal without a plan, whose context stays exactly what it always was.
   */
  milestones?: Milestone[];
  /** The milestone a split under way is for (deals with milestones only). */
  splitMilestone?: number | null;
  lastRefundError: {
    code: string;
    message: string;
    at: string;
    key: string;
  } | null;
}

export const milestoneStatuses = [
  'in_progress',
  'delivered',
  'changes_requested',
  'dispute',
  'released',
  'refunded',
  'split',
] as const;
export type MilestoneStatus = (typeof milestoneStatuses)[number];

export interface Milestone extends MilestonePlanItem {
  /** 1-based: the `milestone` field of the events about it. */
  index: number;
  /** Its share of the deal's fee (deal-milestones.ts `feeShares`). */
  feeCents: number;
  status: MilestoneStatus;
  revisionRounds: number;
  revisionsUsed: number;
  revisions: DealRevisionEntry[];
  deliveredAt: string | null;
  reviewPeriodEndsAt: string | null;
  reviewElapsedAt: string | null;
  disputeCreatedAt: string | null;
  disputePeriodEndsAt: string | null;
  disputeElapsedAt: string | null;
  releaseTrigger: ReleaseTrigger | null;
  /** When its transfer succeeded (null before; a split's transfer is the deal's `split`). */
  releasedAt: string | null;
  /**
   * What its release paid out, present only when less than its amount (a lost chargeback left the
   * escrow holding less); absent otherwise, so every other milestone reads as before.
   */
  paidOutCents?: number;
  transferId: string | null;
  refundId: string | null;
  /** A split of this milestone asked for (it is the milestone's last money effect). */
  splitRequested: boolean;
}
