import type { DealEvent, DealTerms } from './deal.events';
import type {
  DealContext,
  DealDispute,
  DealRevisionEntry,
} from './deal-context.types';
import { dealEscrowEvents } from '../escrow/escrow-events';
import { evolveEscrow } from '../escrow/escrow-fold';
import { noAccounts } from '../escrow/escrow-accounts';
import { noMoney, splitSettled } from '../escrow/escrow-ledger';
import { postEvent } from '../escrow/escrow-postings';
import { revisionRoundsOf } from './deal-contract';
import {
  evolveMilestone,
  milestonesOf,
  settleOpenMilestones,
} from './deal-milestone-context';

/**
 * The data a deal carries, and the one pure function that folds an event into it. The statechart
 * decides *whether* an event may happen and which state follows; this function only records what
 * the event says. Both the machine (as its single assign action) and the read-model projections
 * use it, so the deal's fields are computed in exactly one place.
 */

export type { DealContext } from './deal-context.types';

export { heldCents, escrowedCents } from '../escrow/escrow-ledger';

export const emptyDealContext: DealContext = {
  dealId: 0,
  ownerId: '',
  terms: null,
  amounts: null,
  createdAt: null,
  shareableToken: null,
  checkoutSessionId: null,
  paymentIntentId: null,
  chargeId: null,
  paidCents: 0,
  paidAt: null,
  paymentMethod: null,
  lastPaymentFailure: null,
  influencerAcceptedAt: null,
  onboardingAccountId: null,
  stripeAccountId: null,
  deliveredAt: null,
  revisionRounds: 0,
  revisionsUsed: 0,
  revisions: [],
  reviewPeriodStartsAt: null,
  reviewPeriodEndsAt: null,
  reviewElapsedAt: null,
  disputeCreatedAt: null,
  disputePeriodEndsAt: null,
  disputeElapsedAt: null,
  dispute: null,
  hold: null,
  lastTransferError: null,
  transferId: null,
  releaseTrigger: null,
  completedAt: null,
  refundId: null,
  cancelledAt: null,
  chargebacks: [],
  deletedAt: null,
  lastFailedSessionId: null,
  claimSecretHash: null,
  claimedByUserId: null,
  contractHash: null,
  duplicateRefunds: [],
  openSession: null,
  pendingRelease: null,
  pendingRefund: null,
  lastRefundError: null,
  unexpectedPayments: [],
  accounts: noAccounts,
  money: noMoney,
  split: null,
};

const amountsOf = ({ amountCents, feeCents, totalCents }: DealTerms) => ({
  amountCents,
  feeCents,
  totalCents,
});

const settleDispute = (
  c: DealContext,
  status: DealDispute['status'],
): DealDispute | null =>
  c.dispute && c.dispute.status === 'open'
    ? { ...c.dispute, status }
    : c.dispute;

const revision = (
  kind: DealRevisionEntry['kind'],
  data: { note?: string | null | undefined; links?: string[] | undefined },
  at: string,
): DealRevisionEntry => ({
  kind,
  note: data.note ?? null,
  links: data.links ?? [],
  at,
});

type Evolve = {
  [T in DealEvent['type']]: (
    c: DealContext,
    event: Extract<DealEvent, { type: T }>,
    at: string,
  ) => DealContext;
};

const escrow = (c: DealContext, event: DealEvent): DealContext =>
  evolveEscrow(c, event, dealEscrowEvents);

/** A split's part succeeded; once both have, the money has left escrow: nothing is held, the dispute is resolved. */
const splitPartDone = (
  c: DealContext,
  event: DealEvent,
  at: string,
): DealContext => {
  const next = escrow(c, event);
  return splitSettled(next.split)
    ? {
        ...next,
        completedAt: at,
        hold: null,
        dispute: settleDispute(c, 'resolved'),
      }
    : next;
};

/** What each event records, one entry per event type (a new event does not compile until it has one). */
const evolvers: Evolve = {
  DealCreated: (c, { data: { dealId, ownerId, ...terms } }, at) => ({
    ...c,
    ...withPlan(terms),
    dealId,
    ownerId,
    terms,
    amounts: amountsOf(terms),
    revisionRounds: revisionRoundsOf(terms),
    createdAt: at,
  }),
  DealUpdated: (c, { data }) => ({
    ...withoutPlan(c),
    ...withPlan(data),
    terms: data,
    amounts: amountsOf(data),
    revisionRounds: revisionRoundsOf(data),
  }),
  ShareLinkGenerated: (c, { data }) => ({ ...c, shareableToken: data.token }),
  CheckoutSessionCreated: escrow,
  CheckoutSessionClosed: escrow,
  UnexpectedPaymentReceived: escrow,
  PaymentFailed: escrow,
  DuplicatePaymentRefunded: escrow,
  PaymentSucceeded: (c, event) => ({
    ...escrow(c, event),
    paymentMethod: event.data.method,
  }),
  CreatorAccepted: (c, { data }, at) => ({
    ...c,
    influencerAcceptedAt: at,
    claimSecretHash: data.claimSecretHash ?? null,
    claimedByUserId: data.claimedByUserId ?? null,
    contractHash: data.contractHash ?? null,
  }),
  ShareLinkRotated: (c, { data }) => ({ ...c, shareableToken: data.token }),
  BankOnboardingStarted: (c, { data }) => ({
    ...c,
    onboardingAccountId: data.accountId,
    payoutIdentity: data.identity ?? c.payoutIdentity ?? null,
  }),
  BankAccountConnected: (c, { data }) => ({
    ...c,
    stripeAccountId: data.accountId,
  }),
  ContentDelivered: (c, { data }, at) => ({
    ...c,
    deliveredAt: at,
    revisions: [...c.revisions, revision('delivered', data, at)],
  }),
  // The review stops: a redelivery starts a new one.
  ChangesRequested: (c, { data }, at) => ({
    ...c,
    revisionsUsed: c.revisionsUsed + 1,
    reviewPeriodStartsAt: null,
    reviewPeriodEndsAt: null,
    revisions: [...c.revisions, revision('changes_requested', data, at)],
  }),
  ContentRedelivered: (c, { data }, at) => ({
    ...c,
    deliveredAt: at,
    revisions: [...c.revisions, revision('redelivered', data, at)],
  }),
  ReviewPeriodStarted: (c, { data }) => ({
    ...c,
    reviewPeriodStartsAt: data.startsAt,
    reviewPeriodEndsAt: data.endsAt,
  }),
  ReviewPeriodElapsed: (c, _event, at) => ({ ...c, reviewElapsedAt: at }),
  DisputeOpened: (c, { data }, at) => ({
    ...c,
    disputeCreatedAt: at,
    disputePeriodEndsAt: data.endsAt,
    dispute: {
      reason: data.reason,
      description: data.description,
      status: 'open',
    },
  }),
  DisputePeriodElapsed: (c, _event, at) => ({ ...c, disputeElapsedAt: at }),
  FundsReleaseRequested: (c, { data }) => ({
    ...c,
    pendingRelease: {
      key: data.key,
      trigger: data.trigger,
      amountCents: data.amountCents,
    },
  }),
  FundsReleased: (c, { data }, at) => ({
    ...c,
    pendingRelease: null,
    transferId: data.transferId,
    releaseTrigger: data.trigger,
    completedAt: at,
    lastTransferError: null,
    // The money has left escrow: nothing is held any more (an admin may release a held deal).
    hold: null,
    dispute: settleDispute(
      c,
      data.trigger === 'dispute_period_elapsed' ? 'auto_resolved' : 'resolved',
    ),
  }),
  TransferFailed: (c, { data }, at) => ({
    ...c,
    pendingRelease: null,
    lastTransferError: {
      code: data.code,
      message: data.message,
      at,
      key: data.key ?? null,
    },
  }),
  DealCompletedManually: (c, _event, at) => ({
    ...c,
    completedAt: at,
    releaseTrigger: 'manual',
    hold: null,
    dispute: settleDispute(c, 'resolved'),
  }),
  DealPutOnHold: (c, { data }, at) => ({
    ...c,
    hold: { since: at, source: data.source, reason: data.reason },
  }),
  DealReleasedFromHold: (c, { data }) => ({
    ...c,
    ...(c.milestones && data.milestones
      ? {
          milestones: c.milestones.map((m) => {
            const moved = data.milestones!.find((x) => x.milestone === m.index);
            return {
              ...m,
              reviewPeriodEndsAt:
                moved?.reviewPeriodEndsAt ?? m.reviewPeriodEndsAt,
              disputePeriodEndsAt:
                moved?.disputePeriodEndsAt ?? m.disputePeriodEndsAt,
            };
          }),
        }
      : {}),
    hold: null,
    reviewPeriodEndsAt: data.reviewPeriodEndsAt ?? c.reviewPeriodEndsAt,
    disputePeriodEndsAt: data.disputePeriodEndsAt ?? c.disputePeriodEndsAt,
  }),
  RefundRequested: (c, { data }) => ({
    ...c,
    pendingRefund: { key: data.key, amountCents: data.amountCents },
  }),
  DealRefunded: (c, { data }, at) => ({
    ...c,
    ...(data.reason ? { endReason: data.reason } : {}),
    pendingRefund: null,
    refundId: data.refundId ?? null,
    cancelledAt: at,
    hold: null,
    dispute: settleDispute(c, 'resolved'),
  }),
  RefundFailed: (c, { data }, at) => ({
    ...c,
    pendingRefund: c.pendingRefund?.key === data.key ? null : c.pendingRefund,
    lastRefundError: {
      code: data.code,
      message: data.message,
      at,
      key: data.key,
    },
  }),
  ChargebackOpened: (c, event, at) => {
    // Money still in escrow is frozen until an admin acts; after release there is nothing to hold.
    const active =
      c.completedAt === null && c.cancelledAt === null && c.paidAt !== null;
    const hold =
      active && c.hold === null
        ? {
            since: at,
            source: 'chargeback' as const,
            reason: `Chargeback: ${event.data.reason}`,
          }
        : c.hold;
    return { ...escrow(c, event), hold };
  },
  ChargebackClosed: escrow,
  DealDeleted: (c, _event, at) => ({ ...c, deletedAt: at }),
  DealSplitRequested: escrow,
  DealSplitRetried: escrow,
  SplitTransferSucceeded: splitPartDone,
  SplitTransferFailed: escrow,
  SplitRefundSucceeded: splitPartDone,
  SplitRefundFailed: escrow,
  // A note is history only (the timelines read it from the stream); the deal's data is unchanged.
  DealNoteAdded: (c) => c,
  // A dispute message is history too: the conversation is read from the stream.
  DisputeMessagePosted: (c) => c,
};

/** The milestones of a plan (none: the fields stay absent). */
const withPlan = (
  terms: DealTerms,
): Pick<DealContext, 'milestones' | 'splitMilestone'> =>
  terms.milestones
    ? { milestones: milestonesOf(terms), splitMilestone: null }
    : {};
const withoutPlan = (c: DealContext): DealContext => {
  const { milestones: _m, splitMilestone: _s, ...rest } = c;
  return rest;
};

/** The deal's own record of an event (a deal with milestones: the milestone's, when the event names one). */
function recordEvent(c: DealContext, event: DealEvent): DealContext {
  if (c.milestones !== undefined) {
    const byMilestone = evolveMilestone(c, event, (x) => escrow(x, event));
    if (byMilestone !== null) return byMilestone;
  }
  const evolve = evolvers[event.type] as (
    c: DealContext,
    event: DealEvent,
    at: string,
  ) => DealContext;
  const next = evolve(c, event, event.metadata.at);
  return c.milestones === undefined ? next : settleOpenMilestones(next, event);
}

/** Records what the event says, and posts the money it moves to the deal's accounts. */
export function evolveDealContext(
  c: DealContext,
  event: DealEvent,
): DealContext {
  return postEvent(c, recordEvent(c, event), event, dealEscrowEvents);
}
