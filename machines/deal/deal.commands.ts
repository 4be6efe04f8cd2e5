import type { SnapshotFrom } from 'xstate';
import { DomainError } from '../command-error';
import type { DraftOf } from '../events/define';
import { probeMetadata } from '../events/probe';
import { deepestMeta } from '../statechart';
import { alreadyRecorded, escrowedCents, unexpectedReason, unexpectedRefundData } from '../escrow-money';
import type { DealContext } from './deal.context';
import type { DealEvent, DealTerms, ReleaseTrigger } from './deal.events';
import type { dealMachine, DealStateMeta } from './deal.machine';

/**
 * Everything that can happen to a deal, as commands, and the one pure function that decides each:
 * `decideDeal(command, snapshot, now) → events`. No I/O: what a command needs from outside (a
 * checkout session the gateway opened, a fresh key, the configured hours) arrives in the command.
 * The statechart still checks every event the bus appends; a decider refuses early with the words
 * users read, and also when the command repeats one already done (409).
 */

export type DealDraft = DraftOf<DealEvent>;
export type DealSnapshot = SnapshotFrom<typeof dealMachine>;

/** A payment the gateway confirmed, as its webhook says. */
export interface ConfirmedPayment {
  checkoutSessionId: string;
  paymentIntentId: string | null;
  chargeId: string | null;
  amountCents: number;
  method: string | null;
  gatewayEventId: string;
}

export type DealCommand =
  | { type: 'CreateDeal'; dealId: number; ownerId: string; terms: DealTerms }
  | { type: 'UpdateDealTerms'; terms: DealTerms }
  | { type: 'DeleteDeal' }
  | { type: 'GenerateShareLink'; token: string }
  | { type: 'RecordCheckoutSession'; sessionId: string; totalCents: number; gateway: 'stripe' | 'simulated' }
  | { type: 'ConfirmPayment'; payment: ConfirmedPayment }
  | { type: 'RecordPaymentFailure'; checkoutSessionId: string; reason: string; gatewayEventId: string }
  /** Binds the deal to the accepting browser (hash of its claim secret) and, when signed in, the creator account. */
  | { type: 'AcceptDeal'; claimSecretHash?: string; claimedByUserId?: string | null }
  | { type: 'RotateShareLink'; token: string }
  | { type: 'StartBankOnboarding'; accountId: string }
  | { type: 'ConnectBankAccount'; accountId: string }
  | { type: 'DeliverContent'; reviewPeriodHours: number }
  | { type: 'OpenDispute'; reason: string; description: string | null; disputePeriodHours: number }
  | { type: 'ReleaseFunds'; trigger: 'brand' | 'admin'; key: string }
  | { type: 'ElapseReviewPeriod'; key: string }
  | { type: 'ElapseDisputePeriod'; key: string }
  | { type: 'RecordTransfer'; key: string; transferId: string }
  | { type: 'RecordTransferFailure'; key: string; code: string; message: string }
  | { type: 'RequestRefund'; key: string }
  | { type: 'RecordRefund'; key: string; refundId: string; transferReversalId: string | null }
  | { type: 'RecordRefundFailure'; key: string; code: string; message: string }
  | { type: 'RecordUnexpectedPaymentRefund'; checkoutSessionId: string; refundId: string }
  | { type: 'CompleteManually' }
  | { type: 'PutOnHold'; reason: string }
  | { type: 'AddNote'; note: string }
  | { type: 'ReleaseHold' }
  | { type: 'RecordChargeback'; disputeId: string; amountCents: number; reason: string; gatewayEventId: string };

export type DealCommandType = DealCommand['type'];

/** The status users read ("pending_payment", "delivered", ...). */
export function dealStatus(snapshot: DealSnapshot): string {
  return deepestMeta<DealStateMeta>(snapshot)?.status ?? String(snapshot.value);
}

function refused(snapshot: DealSnapshot, action: string): DomainError {
  const status = dealStatus(snapshot);
  return new DomainError('illegal_transition', `Cannot ${action} while the deal is ${status}`, { status });
}

/** Would the statechart take this draft now? */
export function dealCanTake(snapshot: DealSnapshot, draft: DealDraft, now: string): boolean {
  return snapshot.can({ ...draft, metadata: probeMetadata(now) } as DealEvent);
}

/** The drafts, if the statechart takes all of them in order from `snapshot`; else a refusal for `action`. */
function only(snapshot: DealSnapshot, now: string, action: string, ...drafts: DealDraft[]): DealDraft[] {
  // Only the first is probed: later drafts of one command depend on the first being applied, and the bus checks each.
  if (!dealCanTake(snapshot, drafts[0]!, now)) throw refused(snapshot, action);
  return drafts;
}

const addHours = (iso: string, hours: number): string => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();

/** Closing the open session comes first, so it is recorded while the deal can still take it. */
function closeOpenSession(c: DealContext, reason: 'terms_changed' | 'replaced' | 'deal_deleted'): DealDraft[] {
  return c.openSession ? [{ type: 'CheckoutSessionClosed', data: { sessionId: c.openSession.sessionId, reason } }] : [];
}

function releaseRefusal(snapshot: DealSnapshot, trigger: ReleaseTrigger): DomainError {
  const c = snapshot.context;
  if (c.pendingRelease !== null) return new DomainError('conflict', 'A release of these funds is already under way', { status: 'release_pending' });
  if (c.pendingRefund !== null) return new DomainError('conflict', 'A refund of this deal is under way', { status: 'refund_pending' });
  if (c.hold !== null && trigger !== 'admin') {
    return new DomainError('illegal_transition', 'Cannot release funds while the deal is on hold; an admin must act', { status: 'on_hold' });
  }
  const inEscrow = c.paidAt !== null && c.cancelledAt === null && c.completedAt === null;
  if (c.stripeAccountId === null && inEscrow) {
    return new DomainError('conflict', 'no_bank_account: The creator has not connected a bank account yet', { gatewayCode: 'no_bank_account' });
  }
  return refused(snapshot, 'release the funds');
}

/** Running periods are extended by the time they spent on hold, so a hold never shortens one. */
function resumeDraft(snapshot: DealSnapshot, now: string): DealDraft {
  const c = snapshot.context;
  const status = dealStatus(snapshot);
  const hold = c.hold;
  const extend = (endsAt: string | null, startedAt: string | null, running: boolean): string | null => {
    if (hold === null || !running || endsAt === null) return null;
    const pausedFrom = Math.max(Date.parse(hold.since), Date.parse(startedAt ?? hold.since));
    return new Date(Date.parse(endsAt) + Math.max(0, Date.parse(now) - pausedFrom)).toISOString();
  };
  return {
    type: 'DealReleasedFromHold',
    data: {
      reviewPeriodEndsAt: extend(c.reviewPeriodEndsAt, c.reviewPeriodStartsAt, status === 'delivered' && c.reviewElapsedAt === null),
      disputePeriodEndsAt: extend(c.disputePeriodEndsAt, c.disputeCreatedAt, status === 'dispute' && c.disputeElapsedAt === null),
    },
  };
}

/** A confirmed payment funds the deal only for its open session and the exact total; anything else is refunded. */
function confirmPayment(snapshot: DealSnapshot, payment: ConfirmedPayment, now: string): DealDraft[] {
  // A redelivery of a payment already recorded (funding, or to be refunded) changes nothing.
  if (alreadyRecorded(snapshot.context, payment.checkoutSessionId)) return [];
  const paid: DealDraft = { type: 'PaymentSucceeded', data: payment };
  if (dealCanTake(snapshot, paid, now)) return [paid];
  const reason = unexpectedReason(snapshot.context, payment.checkoutSessionId, dealStatus(snapshot) === 'pending_payment');
  return [{ type: 'UnexpectedPaymentReceived', data: { ...payment, reason: reason === 'closed' ? 'deal_closed' : reason } }];
}

export function decideDeal(command: DealCommand, snapshot: DealSnapshot, now: string): DealDraft[] {
  const c = snapshot.context;
  switch (command.type) {
    case 'CreateDeal':
      return only(snapshot, now, 'create the deal', { type: 'DealCreated', data: { dealId: command.dealId, ownerId: command.ownerId, ...command.terms } });
    case 'UpdateDealTerms': {
      const updated: DealDraft = { type: 'DealUpdated', data: command.terms };
      if (!dealCanTake(snapshot, updated, now)) throw refused(snapshot, 'edit the deal');
      return [...closeOpenSession(c, 'terms_changed'), updated];
    }
    case 'DeleteDeal': {
      const deleted: DealDraft = { type: 'DealDeleted', data: {} };
      if (!dealCanTake(snapshot, deleted, now)) throw refused(snapshot, 'delete the deal');
      return [...closeOpenSession(c, 'deal_deleted'), deleted];
    }
    case 'GenerateShareLink':
      // A deal keeps the first link it was given: asking again is answered with that link.
      if (c.shareableToken !== null) return [];
      return only(snapshot, now, 'create a share link', { type: 'ShareLinkGenerated', data: { token: command.token } });
    case 'RecordCheckoutSession': {
      if (dealStatus(snapshot) !== 'pending_payment') throw refused(snapshot, 'start a payment');
      if (c.terms === null || command.totalCents !== c.terms.totalCents) {
        throw new DomainError('conflict', 'The deal changed while its payment was being prepared; please try again');
      }
      const session: DealDraft = {
        type: 'CheckoutSessionCreated',
        data: { sessionId: command.sessionId, totalCents: command.totalCents, gateway: command.gateway },
      };
      if (c.openSession?.sessionId === command.sessionId) return [];
      return [...closeOpenSession(c, 'replaced'), session];
    }
    case 'ConfirmPayment':
      return confirmPayment(snapshot, command.payment, now);
    case 'RecordPaymentFailure': {
      const failed: DealDraft = {
        type: 'PaymentFailed',
        data: { checkoutSessionId: command.checkoutSessionId, reason: command.reason, gatewayEventId: command.gatewayEventId },
      };
      // Only the open session's first failure counts; a stale or repeated one changes nothing.
      return dealCanTake(snapshot, failed, now) ? [failed] : [];
    }
    case 'AcceptDeal':
      if (c.influencerAcceptedAt !== null) {
        throw new DomainError('illegal_transition', 'The deal has already been accepted', { status: dealStatus(snapshot) });
      }
      // A brand signed in on its own link would bind the deal (and its payout) to itself.
      if (command.claimedByUserId && command.claimedByUserId === c.ownerId) {
        throw new DomainError('conflict', 'You created this deal: only the creator you invited can accept it');
      }
      return only(snapshot, now, 'accept the deal', {
        type: 'CreatorAccepted',
        data: {
          ...(command.claimSecretHash ? { claimSecretHash: command.claimSecretHash } : {}),
          ...(command.claimedByUserId ? { claimedByUserId: command.claimedByUserId } : {}),
        },
      });
    case 'RotateShareLink':
      // Only before acceptance: afterwards the link belongs to whoever claimed the deal.
      if (c.influencerAcceptedAt !== null) throw new DomainError('conflict', 'The creator already accepted this deal; its link can no longer be replaced');
      if (c.shareableToken === null) return only(snapshot, now, 'create a share link', { type: 'ShareLinkGenerated', data: { token: command.token } });
      return only(snapshot, now, 'replace the share link', { type: 'ShareLinkRotated', data: { token: command.token } });
    case 'StartBankOnboarding':
      // A second visit continues the same onboarding.
      if (c.onboardingAccountId === command.accountId) return [];
      return only(snapshot, now, 'start bank setup', { type: 'BankOnboardingStarted', data: { accountId: command.accountId } });
    case 'ConnectBankAccount': {
      if (c.stripeAccountId === command.accountId) return [];
      const connected: DealDraft = { type: 'BankAccountConnected', data: { accountId: command.accountId } };
      // A gateway report the deal cannot use (another account, wrong state) is ignored, not an error.
      return dealCanTake(snapshot, connected, now) ? [connected] : [];
    }
    case 'DeliverContent':
      return only(
        snapshot,
        now,
        'mark the assignment as completed',
        { type: 'ContentDelivered', data: {} },
        { type: 'ReviewPeriodStarted', data: { startsAt: now, endsAt: addHours(now, command.reviewPeriodHours) } },
      );
    case 'OpenDispute':
      return only(snapshot, now, 'open a dispute', {
        type: 'DisputeOpened',
        data: {
          reason: command.reason.trim() || 'Not satisfied with deliverables',
          description: command.description?.trim() || null,
          endsAt: addHours(now, command.disputePeriodHours),
        },
      });
    case 'ReleaseFunds': {
      const amountCents = c.terms?.amountCents ?? 0;
      const request: DealDraft = { type: 'FundsReleaseRequested', data: { trigger: command.trigger, amountCents, key: command.key } };
      if (!dealCanTake(snapshot, request, now)) throw releaseRefusal(snapshot, command.trigger);
      return [request];
    }
    case 'ElapseReviewPeriod':
    case 'ElapseDisputePeriod': {
      const review = command.type === 'ElapseReviewPeriod';
      const endsAt = review ? c.reviewPeriodEndsAt : c.disputePeriodEndsAt;
      if (endsAt === null) return [];
      const elapsed: DealDraft = review ? { type: 'ReviewPeriodElapsed', data: { endsAt } } : { type: 'DisputePeriodElapsed', data: { endsAt } };
      const trigger = review ? ('review_period_elapsed' as const) : ('dispute_period_elapsed' as const);
      const release: DealDraft = { type: 'FundsReleaseRequested', data: { trigger, amountCents: c.terms?.amountCents ?? 0, key: command.key } };
      if (dealCanTake(snapshot, elapsed, now)) return [elapsed, release];
      // Already elapsed and the transfer was refused since: the timer asks again. Never early, never twice at once.
      const alreadyElapsed = review ? c.reviewElapsedAt !== null : c.disputeElapsedAt !== null;
      return alreadyElapsed && dealCanTake(snapshot, release, now) ? [release] : [];
    }
    case 'RecordTransfer': {
      const pending = c.pendingRelease;
      if (pending === null || pending.key !== command.key) return [];
      return [
        { type: 'FundsReleased', data: { trigger: pending.trigger, transferId: command.transferId, amountCents: pending.amountCents, key: pending.key } },
      ];
    }
    case 'RecordTransferFailure': {
      const pending = c.pendingRelease;
      if (pending === null || pending.key !== command.key) return [];
      return [{ type: 'TransferFailed', data: { trigger: pending.trigger, code: command.code, message: command.message, key: pending.key } }];
    }
    case 'RequestRefund': {
      if (c.refundId !== null) throw new DomainError('illegal_transition', 'The deal has already been refunded', { status: dealStatus(snapshot) });
      const request: DealDraft = { type: 'RefundRequested', data: { amountCents: escrowedCents(c), key: command.key } };
      if (c.pendingRefund !== null) throw new DomainError('conflict', 'A refund of this deal is already under way', { status: 'refund_pending' });
      if (c.pendingRelease !== null) throw new DomainError('conflict', 'A release of these funds is under way', { status: 'release_pending' });
      return only(snapshot, now, 'refund the payment', request);
    }
    case 'RecordRefund': {
      const pending = c.pendingRefund;
      if (pending === null || pending.key !== command.key) return [];
      return [
        {
          type: 'DealRefunded',
          data: { refundId: command.refundId, amountCents: pending.amountCents, transferReversalId: command.transferReversalId, key: pending.key },
        },
      ];
    }
    case 'RecordRefundFailure': {
      if (c.pendingRefund?.key !== command.key) return [];
      return [{ type: 'RefundFailed', data: { code: command.code, message: command.message, key: command.key } }];
    }
    case 'RecordUnexpectedPaymentRefund': {
      const data = unexpectedRefundData(c, command);
      return data ? [{ type: 'DuplicatePaymentRefunded', data }] : [];
    }
    case 'CompleteManually':
      return only(snapshot, now, 'complete the deal manually', {
        type: 'DealCompletedManually',
        data: { reason: 'Payout could not be made; completed manually in test mode' },
      });
    case 'AddNote':
      // Accepted in every state (the statechart's root takes it); the author is the event's actor.
      return only(snapshot, now, 'add a note', { type: 'DealNoteAdded', data: { note: command.note } });
    case 'PutOnHold':
      if (c.hold !== null) throw new DomainError('illegal_transition', 'The deal is already on hold', { status: 'on_hold' });
      return only(snapshot, now, 'put the deal on hold', { type: 'DealPutOnHold', data: { source: 'admin', reason: command.reason } });
    case 'ReleaseHold':
      return only(snapshot, now, 'resume the deal', resumeDraft(snapshot, now));
    case 'RecordChargeback': {
      if (c.chargebacks.some((cb) => cb.disputeId === command.disputeId)) return [];
      const opened: DealDraft = {
        type: 'ChargebackOpened',
        data: { disputeId: command.disputeId, amountCents: command.amountCents, reason: command.reason, gatewayEventId: command.gatewayEventId },
      };
      return dealCanTake(snapshot, opened, now) ? [opened] : [];
    }
  }
}
