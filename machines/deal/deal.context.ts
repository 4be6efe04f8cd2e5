import type { DealEvent, DealTerms, ReleaseTrigger } from './deal.events';
import {
  addMoney as addEscrowMoney,
  escrowedCents,
  noMoney,
  recordUnexpected,
  recordUnexpectedRefund,
  type EscrowMoney,
  type UnexpectedPayment,
} from '../escrow-money';

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
  /** What the terms make due, kept apart from the terms so the guards (and list items) need only this. */
  amounts: { amountCents: number; feeCents: number; totalCents: number } | null;
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
  /** The last refused transfer; `key` names the release request it answered. */
  lastTransferError: { code: string; message: string; at: string; key: string | null } | null;
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
  /** The one checkout session that can fund the deal, and what it charges; null once paid or closed. */
  openSession: { sessionId: string; totalCents: number } | null;
  /** A transfer asked for and not yet answered by the gateway (FundsReleaseRequested). */
  pendingRelease: { key: string; trigger: ReleaseTrigger; amountCents: number } | null;
  /** A refund asked for and not yet answered (RefundRequested). */
  pendingRefund: { key: string; amountCents: number } | null;
  lastRefundError: { code: string; message: string; at: string; key: string } | null;
  /** Payments that did not fund the deal, refunded (or to be refunded) by the payments reactor. */
  unexpectedPayments: UnexpectedPayment[];
  /** The money as the ledger knows it: every cent charged, refunded, transferred, or kept as fee. */
  money: EscrowMoney;
}

export type { UnexpectedPayment } from '../escrow-money';
export { heldCents, escrowedCents } from '../escrow-money';

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
  openSession: null,
  pendingRelease: null,
  pendingRefund: null,
  lastRefundError: null,
  unexpectedPayments: [],
  money: noMoney,
};

const amountsOf = ({ amountCents, feeCents, totalCents }: DealTerms) => ({ amountCents, feeCents, totalCents });

const addMoney = (c: DealContext, change: Partial<EscrowMoney>): EscrowMoney => addEscrowMoney(c.money, change);

const settleDispute = (c: DealContext, status: DealDispute['status']): DealDispute | null =>
  c.dispute && c.dispute.status === 'open' ? { ...c.dispute, status } : c.dispute;

export function evolveDealContext(c: DealContext, event: DealEvent): DealContext {
  const at = event.metadata.at;
  switch (event.type) {
    case 'DealCreated': {
      const { dealId, ownerId, ...terms } = event.data;
      return { ...c, dealId, ownerId, terms, amounts: amountsOf(terms), createdAt: at };
    }
    case 'DealUpdated':
      return { ...c, terms: event.data, amounts: amountsOf(event.data) };
    case 'ShareLinkGenerated':
      return { ...c, shareableToken: event.data.token };
    case 'CheckoutSessionCreated':
      return { ...c, checkoutSessionId: event.data.sessionId, openSession: { sessionId: event.data.sessionId, totalCents: event.data.totalCents } };
    case 'CheckoutSessionClosed':
      return { ...c, openSession: c.openSession?.sessionId === event.data.sessionId ? null : c.openSession };
    case 'UnexpectedPaymentReceived': {
      const { checkoutSessionId, paymentIntentId, chargeId, amountCents, gatewayEventId, reason } = event.data;
      return recordUnexpected(c, { checkoutSessionId, paymentIntentId, chargeId, amountCents, gatewayEventId, reason });
    }
    case 'PaymentSucceeded':
      return {
        ...c,
        openSession: null,
        money: addMoney(c, { chargedCents: event.data.amountCents }),
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
    case 'FundsReleaseRequested':
      return { ...c, pendingRelease: { key: event.data.key, trigger: event.data.trigger, amountCents: event.data.amountCents } };
    case 'FundsReleased':
      return {
        ...c,
        pendingRelease: null,
        // The creator's share leaves; the platform fee is what the platform keeps of the charge.
        money: addMoney(c, { transferredCents: event.data.amountCents, feeKeptCents: Math.max(0, escrowedCents(c) - event.data.amountCents) }),
        transferId: event.data.transferId,
        releaseTrigger: event.data.trigger,
        completedAt: at,
        lastTransferError: null,
        // The money has left escrow: nothing is held any more (an admin may release a held deal).
        hold: null,
        dispute: settleDispute(c, event.data.trigger === 'dispute_period_elapsed' ? 'auto_resolved' : 'resolved'),
      };
    case 'TransferFailed':
      return { ...c, pendingRelease: null, lastTransferError: { code: event.data.code, message: event.data.message, at, key: event.data.key ?? null } };
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
    case 'RefundRequested':
      return { ...c, pendingRefund: { key: event.data.key, amountCents: event.data.amountCents } };
    case 'DealRefunded':
      return {
        ...c,
        pendingRefund: null,
        money: addMoney(c, { refundedCents: event.data.amountCents }),
        refundId: event.data.refundId,
        cancelledAt: at,
        hold: null,
        dispute: settleDispute(c, 'resolved'),
      };
    case 'RefundFailed':
      return {
        ...c,
        pendingRefund: c.pendingRefund?.key === event.data.key ? null : c.pendingRefund,
        lastRefundError: { code: event.data.code, message: event.data.message, at, key: event.data.key },
      };
    case 'ChargebackOpened': {
      const chargebacks = [...c.chargebacks, { disputeId: event.data.disputeId, amountCents: event.data.amountCents, reason: event.data.reason, at }];
      // Money still in escrow is frozen until an admin acts; after release there is nothing to hold.
      const active = c.completedAt === null && c.cancelledAt === null && c.paidAt !== null;
      const hold = active && c.hold === null ? { since: at, source: 'chargeback' as const, reason: `Chargeback: ${event.data.reason}` } : c.hold;
      return { ...c, chargebacks, hold };
    }
    case 'DealDeleted':
      return { ...c, deletedAt: at };
    case 'DealNoteAdded':
      // A note is history only (the timelines read it from the stream); the deal's data is unchanged.
      return c;
    case 'DuplicatePaymentRefunded':
      return recordUnexpectedRefund(c, event.data, at);
  }
}
