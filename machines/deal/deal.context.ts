import type { DealEvent, DealTerms, ReleaseTrigger } from './deal.events';

/**
 * The data a deal carries, and the one pure function that folds an event into it. The statechart
 * decides *whether* an event may happen and which state follows; this function only records what
 * the event says. Both the machine (as its single assign action) and the read-model projections
 * use it, so the deal's fields are computed in exactly one place.
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

export interface DealContext {
  dealId: number;
  ownerId: string;
  terms: DealTerms | null;
  createdAt: string | null;
  shareableToken: string | null;
  checkoutSessionId: string | null;
  paymentIntentId: string | null;
  chargeId: string | null;
  paidCents: number;
  paidAt: string | null;
  paymentMethod: string | null;
  lastPaymentFailure: string | null;
  influencerAcceptedAt: string | null;
  onboardingAccountId: string | null;
  stripeAccountId: string | null;
  deliveredAt: string | null;
  reviewPeriodStartsAt: string | null;
  reviewPeriodEndsAt: string | null;
  reviewElapsedAt: string | null;
  disputeCreatedAt: string | null;
  disputePeriodEndsAt: string | null;
  disputeElapsedAt: string | null;
  dispute: DealDispute | null;
  hold: DealHold | null;
  lastTransferError: { code: string; message: string; at: string } | null;
  transferId: string | null;
  releaseTrigger: ReleaseTrigger | 'manual' | null;
  completedAt: string | null;
  refundId: string | null;
  cancelledAt: string | null;
  chargebacks: { disputeId: string; amountCents: number; reason: string; at: string }[];
  deletedAt: string | null;
  /** The session whose failure was last recorded: each session's failure counts once. */
  lastFailedSessionId: string | null;
  /** SHA-256 (hex) of the claim secret the accepting browser got once; null before acceptance or for older deals. */
  claimSecretHash: string | null;
  /** The signed-in creator account that accepted, if any. */
  claimedByUserId: string | null;
  /** Extra payments (a second paid session) that were refunded automatically. */
  duplicateRefunds: { checkoutSessionId: string; refundId: string; amountCents: number; at: string }[];
}

export const emptyDealContext: DealContext = {
  dealId: 0,
  ownerId: '',
  terms: null,
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
  duplicateRefunds: [],
};

const settleDispute = (c: DealContext, status: DealDispute['status']): DealDispute | null =>
  c.dispute && c.dispute.status === 'open' ? { ...c.dispute, status } : c.dispute;

export function evolveDealContext(c: DealContext, event: DealEvent): DealContext {
  const at = event.metadata.at;
  switch (event.type) {
    case 'DealCreated': {
      const { dealId, ownerId, ...terms } = event.data;
      return { ...c, dealId, ownerId, terms, createdAt: at };
    }
    case 'DealUpdated':
      return { ...c, terms: event.data };
    case 'ShareLinkGenerated':
      return { ...c, shareableToken: event.data.token };
    case 'CheckoutSessionCreated':
      return { ...c, checkoutSessionId: event.data.sessionId };
    case 'PaymentSucceeded':
      return {
        ...c,
        checkoutSessionId: event.data.checkoutSessionId,
        paymentIntentId: event.data.paymentIntentId,
        chargeId: event.data.chargeId,
        paidCents: event.data.amountCents,
        paymentMethod: event.data.method,
        paidAt: at,
        lastPaymentFailure: null,
      };
    case 'PaymentFailed':
      return { ...c, lastPaymentFailure: event.data.reason, lastFailedSessionId: event.data.checkoutSessionId };
    case 'CreatorAccepted':
      return { ...c, influencerAcceptedAt: at, claimSecretHash: event.data.claimSecretHash ?? null, claimedByUserId: event.data.claimedByUserId ?? null };
    case 'ShareLinkRotated':
      return { ...c, shareableToken: event.data.token };
    case 'BankOnboardingStarted':
      return { ...c, onboardingAccountId: event.data.accountId };
    case 'BankAccountConnected':
      return { ...c, stripeAccountId: event.data.accountId };
    case 'ContentDelivered':
      return { ...c, deliveredAt: at };
    case 'ReviewPeriodStarted':
      return { ...c, reviewPeriodStartsAt: event.data.startsAt, reviewPeriodEndsAt: event.data.endsAt };
    case 'ReviewPeriodElapsed':
      return { ...c, reviewElapsedAt: at };
    case 'DisputeOpened':
      return {
        ...c,
        disputeCreatedAt: at,
        disputePeriodEndsAt: event.data.endsAt,
        dispute: { reason: event.data.reason, description: event.data.description, status: 'open' },
      };
    case 'DisputePeriodElapsed':
      return { ...c, disputeElapsedAt: at };
    case 'FundsReleased':
      return {
        ...c,
        transferId: event.data.transferId,
        releaseTrigger: event.data.trigger,
        completedAt: at,
        lastTransferError: null,
        // The money has left escrow: nothing is held any more (an admin may release a held deal).
        hold: null,
        dispute: settleDispute(c, event.data.trigger === 'dispute_period_elapsed' ? 'auto_resolved' : 'resolved'),
      };
    case 'TransferFailed':
      return { ...c, lastTransferError: { code: event.data.code, message: event.data.message, at } };
    case 'DealCompletedManually':
      return { ...c, completedAt: at, releaseTrigger: 'manual', hold: null, dispute: settleDispute(c, 'resolved') };
    case 'DealPutOnHold':
      return { ...c, hold: { since: at, source: event.data.source, reason: event.data.reason } };
    case 'DealReleasedFromHold':
      return {
        ...c,
        hold: null,
        reviewPeriodEndsAt: event.data.reviewPeriodEndsAt ?? c.reviewPeriodEndsAt,
        disputePeriodEndsAt: event.data.disputePeriodEndsAt ?? c.disputePeriodEndsAt,
      };
    case 'DealRefunded':
      return { ...c, refundId: event.data.refundId, cancelledAt: at, hold: null, dispute: settleDispute(c, 'resolved') };
    case 'ChargebackOpened': {
      const chargebacks = [
        ...c.chargebacks,
        { disputeId: event.data.disputeId, amountCents: event.data.amountCents, reason: event.data.reason, at },
      ];
      // Money still in escrow is frozen until an admin acts; after release there is nothing to hold.
      const active = c.completedAt === null && c.cancelledAt === null && c.paidAt !== null;
      const hold = active && c.hold === null ? { since: at, source: 'chargeback' as const, reason: `Chargeback: ${event.data.reason}` } : c.hold;
      return { ...c, chargebacks, hold };
    }
    case 'DealDeleted':
      return { ...c, deletedAt: at };
    case 'DuplicatePaymentRefunded': {
      const { checkoutSessionId, refundId, amountCents } = event.data;
      return { ...c, duplicateRefunds: [...c.duplicateRefunds, { checkoutSessionId, refundId, amountCents, at }] };
    }
  }
}
