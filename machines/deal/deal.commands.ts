import type { SnapshotFrom } from 'xstate';
import { DomainError } from '../command-error';
import type { DraftOf } from '../events/define';
import { statusOf } from '../statechart';
import { dealEscrowEvents } from '../escrow/escrow-events';
import { chargebackOpen, payableNowCents } from '../escrow/escrow-limits';
import {
  dispatch,
  escrowDecider,
  type Deciders,
  type EscrowCommand,
  type EscrowKind,
} from '../escrow/escrow-decider';
import { escrowedCents, splitKeys } from '../escrow/escrow-ledger';
import { splitFeeCents, splitParts, type SplitParts } from '../money';
import type { DealEvent, DealTerms, ReleaseTrigger } from './deal.events';
import type { DisputeMessage } from '../escrow/dispute-message';
import { splitAllowed, type dealMachine } from './deal.machine';

/**
 * Everything that can happen to a deal, as commands, and the one pure function that decides each:
 * `decideDeal(command, snapshot, now) → events`. No I/O: what a command needs from outside (a
 * checkout session the gateway opened, a fresh key, the configured hours) arrives in the command.
 * The statechart still checks every event the bus appends; a decider refuses early with the words
 * users read, and also when the command repeats one already done (409).
 */

export type DealDraft = DraftOf<DealEvent>;
export type DealSnapshot = SnapshotFrom<typeof dealMachine>;

export type DealCommand =
  | EscrowCommand
  | { type: 'CreateDeal'; dealId: number; ownerId: string; terms: DealTerms }
  | { type: 'UpdateDealTerms'; terms: DealTerms }
  | { type: 'DeleteDeal' }
  | { type: 'GenerateShareLink'; token: string }
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
  | { type: 'RequestRefund'; key: string }
  | { type: 'RecordRefund'; key: string; refundId: string; transferReversalId: string | null }
  | { type: 'RecordRefundFailure'; key: string; code: string; message: string }
  | { type: 'CompleteManually' }
  | { type: 'PutOnHold'; reason: string }
  | { type: 'AddNote'; note: string }
  /** A message in the dispute's conversation (the brand, the creator or an admin), while in dispute. */
  | { type: 'PostDisputeMessage'; message: DisputeMessage }
  | { type: 'ReleaseHold' }
  /** An admin resolves the deal: the creator receives `creatorCents`, the brand the rest of the charge (less the fee in proportion). */
  | { type: 'ResolveWithSplit'; creatorCents: number; key: string }
  /** An admin asks again for the refused part(s) of a split, under their original keys. */
  | { type: 'RetrySplit' };

/** How a deal plays the escrow (machines/escrow). */
export const dealEscrow: EscrowKind<DealSnapshot, DealDraft> = {
  noun: 'deal',
  events: dealEscrowEvents,
  status: statusOf,
  awaitingPayment: 'pending_payment',
  holding: ['pending_delivery', 'delivered', 'dispute'],
  closedReason: 'deal_closed',
  dueCents: (snapshot) => snapshot.context.terms?.totalCents ?? null,
  checkoutChanged: () => new DomainError('deal_changed_during_checkout'),
  draft: (type, data) => ({ type, data }) as DealDraft,
};

const {
  refused,
  only,
  closeOpenSession,
  decide: escrow,
  canTake: dealCanTake,
  limitRefusal,
  splitOutcome,
  retrySplit,
} = escrowDecider(dealEscrow);

const addHours = (iso: string, hours: number): string =>
  new Date(Date.parse(iso) + hours * 3_600_000).toISOString();

function releaseRefusal(snapshot: DealSnapshot, trigger: ReleaseTrigger): DomainError {
  const c = snapshot.context;
  if (c.pendingRelease !== null)
    return new DomainError('release_already_under_way', { status: 'release_pending' });
  if (c.pendingRefund !== null)
    return new DomainError('refund_under_way', { status: 'refund_pending' });
  if (c.hold !== null && trigger !== 'admin') {
    return new DomainError('deal_on_hold', { status: 'on_hold' });
  }
  const inEscrow = c.paidAt !== null && c.cancelledAt === null && c.completedAt === null;
  if (c.stripeAccountId === null && inEscrow) {
    return new DomainError('no_bank_account', { gatewayCode: 'no_bank_account' });
  }
  return refused(snapshot, 'release the funds');
}

/** Running periods are extended by the time they spent on hold, so a hold never shortens one. */
function resumeDraft(snapshot: DealSnapshot, now: string): DealDraft {
  const c = snapshot.context;
  const status = statusOf(snapshot);
  const hold = c.hold;
  const extend = (
    endsAt: string | null,
    startedAt: string | null,
    running: boolean,
  ): string | null => {
    if (hold === null || !running || endsAt === null) return null;
    const pausedFrom = Math.max(Date.parse(hold.since), Date.parse(startedAt ?? hold.since));
    return new Date(Date.parse(endsAt) + Math.max(0, Date.parse(now) - pausedFrom)).toISOString();
  };
  return {
    type: 'DealReleasedFromHold',
    data: {
      reviewPeriodEndsAt: extend(
        c.reviewPeriodEndsAt,
        c.reviewPeriodStartsAt,
        status === 'delivered' && c.reviewElapsedAt === null,
      ),
      disputePeriodEndsAt: extend(
        c.disputePeriodEndsAt,
        c.disputeCreatedAt,
        status === 'dispute' && c.disputeElapsedAt === null,
      ),
    },
  };
}

/** A timer's command: the period elapsed, and the release it triggers; asked again after a refused transfer. */
function elapsePeriod(
  review: boolean,
  key: string,
  snapshot: DealSnapshot,
  now: string,
): DealDraft[] {
  const c = snapshot.context;
  const endsAt = review ? c.reviewPeriodEndsAt : c.disputePeriodEndsAt;
  if (endsAt === null) return [];
  const elapsed: DealDraft = review
    ? { type: 'ReviewPeriodElapsed', data: { endsAt } }
    : { type: 'DisputePeriodElapsed', data: { endsAt } };
  const trigger = review ? ('review_period_elapsed' as const) : ('dispute_period_elapsed' as const);
  const release: DealDraft = {
    type: 'FundsReleaseRequested',
    data: { trigger, amountCents: payableNowCents(c, c.terms?.amountCents ?? 0), key },
  };
  if (dealCanTake(snapshot, elapsed, now)) return [elapsed, release];
  // Already elapsed and the transfer was refused since: the timer asks again. Never early, never twice at once.
  const alreadyElapsed = review ? c.reviewElapsedAt !== null : c.disputeElapsedAt !== null;
  return alreadyElapsed && dealCanTake(snapshot, release, now) ? [release] : [];
}

/** A split as it would be made now: its parts, what the escrow holds and the creator amount; or the refusal. */
export interface SplitPreview extends SplitParts {
  chargedCents: number;
  amountCents: number;
}

/**
 * What a split giving the creator `creatorCents` would be now, or why not: a positive whole number of
 * cents, in dispute or on hold, with no other effect asked for, a bank account to pay into, within
 * what the escrow holds (the creator's part plus the fee kept) and less than the creator amount.
 */
export function previewSplit(snapshot: DealSnapshot, creatorCents: number): SplitPreview {
  const c = snapshot.context;
  if (!Number.isSafeInteger(creatorCents) || creatorCents <= 0)
    throw new DomainError('split_amount_invalid', { creatorCents: String(creatorCents) });
  const status = statusOf(snapshot);
  const inEscrow = ['pending_delivery', 'delivered', 'dispute'].includes(status);
  if (!inEscrow || (status !== 'dispute' && c.hold === null) || c.amounts === null)
    throw new DomainError('split_not_allowed', { status });
  if (c.pendingRelease !== null)
    throw new DomainError('release_under_way', { status: 'release_pending' });
  if (c.pendingRefund !== null)
    throw new DomainError('refund_under_way', { status: 'refund_pending' });
  if (c.split !== null) throw new DomainError('split_under_way', { status: 'split_pending' });
  if (c.stripeAccountId === null)
    throw new DomainError('no_bank_account', { gatewayCode: 'no_bank_account' });
  const disputed = chargebackOpen(c);
  if (disputed !== null) throw new DomainError(disputed);
  const { amountCents, feeCents } = c.amounts;
  const chargedCents = escrowedCents(c);
  if (creatorCents + splitFeeCents(amountCents, feeCents, creatorCents) > chargedCents) {
    throw new DomainError('split_above_escrow', {
      creatorCents: String(creatorCents),
      chargedCents: String(chargedCents),
    });
  }
  if (creatorCents >= amountCents)
    throw new DomainError('split_whole_amount', {
      creatorCents: String(creatorCents),
      amountCents: String(amountCents),
    });
  if (!splitAllowed(c, status === 'dispute')) throw refused(snapshot, 'split the funds');
  return {
    ...splitParts(amountCents, feeCents, chargedCents, creatorCents),
    chargedCents,
    amountCents,
  };
}

function resolveWithSplit(
  { creatorCents, key }: { creatorCents: number; key: string },
  snapshot: DealSnapshot,
  now: string,
): DealDraft[] {
  const { chargedCents, refundCents, feeKeptCents } = previewSplit(snapshot, creatorCents);
  const data = { creatorCents, refundCents, feeKeptCents, chargedCents, ...splitKeys(key) };
  return only(snapshot, now, 'split the funds', { type: 'DealSplitRequested', data });
}

/** One named decision per command. */
const deciders: Deciders<DealCommand, DealSnapshot, DealDraft> = {
  CreateDeal: ({ dealId, ownerId, terms }, snapshot, now) =>
    only(snapshot, now, 'create the deal', {
      type: 'DealCreated',
      data: { dealId, ownerId, ...terms },
    }),
  UpdateDealTerms: ({ terms }, snapshot, now) => {
    const updated: DealDraft = { type: 'DealUpdated', data: terms };
    if (!dealCanTake(snapshot, updated, now)) throw refused(snapshot, 'edit the deal');
    return [...closeOpenSession(snapshot, 'terms_changed'), updated];
  },
  DeleteDeal: (_command, snapshot, now) => {
    const deleted: DealDraft = { type: 'DealDeleted', data: {} };
    if (!dealCanTake(snapshot, deleted, now)) throw refused(snapshot, 'delete the deal');
    return [...closeOpenSession(snapshot, 'deal_deleted'), deleted];
  },
  // A deal keeps the first link it was given: asking again is answered with that link.
  GenerateShareLink: ({ token }, snapshot, now) =>
    snapshot.context.shareableToken !== null
      ? []
      : only(snapshot, now, 'create a share link', { type: 'ShareLinkGenerated', data: { token } }),
  RecordCheckoutSession: escrow,
  ConfirmPayment: escrow,
  RecordPaymentFailure: escrow,
  RecordUnexpectedPaymentRefund: escrow,
  RecordChargeback: escrow,
  RecordChargebackOutcome: escrow,
  AcceptDeal: (command, snapshot, now) => {
    if (snapshot.context.influencerAcceptedAt !== null) {
      throw new DomainError('deal_already_accepted', { status: statusOf(snapshot) });
    }
    // A brand signed in on its own link would bind the deal (and its payout) to itself.
    if (command.claimedByUserId && command.claimedByUserId === snapshot.context.ownerId) {
      throw new DomainError('own_deal_not_acceptable');
    }
    return only(snapshot, now, 'accept the deal', {
      type: 'CreatorAccepted',
      data: {
        ...(command.claimSecretHash ? { claimSecretHash: command.claimSecretHash } : {}),
        ...(command.claimedByUserId ? { claimedByUserId: command.claimedByUserId } : {}),
      },
    });
  },
  RotateShareLink: ({ token }, snapshot, now) => {
    const c = snapshot.context;
    // Only before acceptance: afterwards the link belongs to whoever claimed the deal.
    if (c.influencerAcceptedAt !== null) throw new DomainError('link_already_claimed');
    if (c.shareableToken === null)
      return only(snapshot, now, 'create a share link', {
        type: 'ShareLinkGenerated',
        data: { token },
      });
    return only(snapshot, now, 'replace the share link', {
      type: 'ShareLinkRotated',
      data: { token },
    });
  },
  // A second visit continues the same onboarding.
  StartBankOnboarding: ({ accountId }, snapshot, now) =>
    snapshot.context.onboardingAccountId === accountId
      ? []
      : only(snapshot, now, 'start bank setup', {
          type: 'BankOnboardingStarted',
          data: { accountId },
        }),
  ConnectBankAccount: ({ accountId }, snapshot, now) => {
    if (snapshot.context.stripeAccountId === accountId) return [];
    const connected: DealDraft = { type: 'BankAccountConnected', data: { accountId } };
    // A gateway report the deal cannot use (another account, wrong state) is ignored, not an error.
    return dealCanTake(snapshot, connected, now) ? [connected] : [];
  },
  DeliverContent: ({ reviewPeriodHours }, snapshot, now) =>
    only(
      snapshot,
      now,
      'mark the assignment as completed',
      { type: 'ContentDelivered', data: {} },
      {
        type: 'ReviewPeriodStarted',
        data: { startsAt: now, endsAt: addHours(now, reviewPeriodHours) },
      },
    ),
  OpenDispute: (command, snapshot, now) =>
    only(snapshot, now, 'open a dispute', {
      type: 'DisputeOpened',
      data: {
        reason: command.reason.trim() || 'Not satisfied with deliverables',
        description: command.description?.trim() || null,
        endsAt: addHours(now, command.disputePeriodHours),
      },
    }),
  ReleaseFunds: ({ trigger, key }, snapshot, now) => {
    const c = snapshot.context;
    const request: DealDraft = {
      type: 'FundsReleaseRequested',
      data: { trigger, amountCents: payableNowCents(c, c.terms?.amountCents ?? 0), key },
    };
    if (!dealCanTake(snapshot, request, now))
      throw limitRefusal(snapshot, request) ?? releaseRefusal(snapshot, trigger);
    return [request];
  },
  ElapseReviewPeriod: ({ key }, snapshot, now) => elapsePeriod(true, key, snapshot, now),
  ElapseDisputePeriod: ({ key }, snapshot, now) => elapsePeriod(false, key, snapshot, now),
  RecordTransfer: ({ key, transferId }, snapshot) => {
    const pending = snapshot.context.pendingRelease;
    if (pending === null || pending.key !== key)
      return splitOutcome(snapshot, key, { transferId }) ?? [];
    return [
      {
        type: 'FundsReleased',
        data: {
          trigger: pending.trigger,
          transferId,
          amountCents: pending.amountCents,
          key: pending.key,
        },
      },
    ];
  },
  RecordTransferFailure: ({ key, code, message }, snapshot) => {
    const pending = snapshot.context.pendingRelease;
    if (pending === null || pending.key !== key)
      return splitOutcome(snapshot, key, { code, message }) ?? [];
    return [
      {
        type: 'TransferFailed',
        data: { trigger: pending.trigger, code, message, key: pending.key },
      },
    ];
  },
  RequestRefund: ({ key }, snapshot, now) => {
    const c = snapshot.context;
    if (c.refundId !== null)
      throw new DomainError('deal_already_refunded', { status: statusOf(snapshot) });
    if (c.pendingRefund !== null)
      throw new DomainError('refund_already_under_way', { status: 'refund_pending' });
    if (c.pendingRelease !== null)
      throw new DomainError('release_under_way', { status: 'release_pending' });
    return only(snapshot, now, 'refund the payment', {
      type: 'RefundRequested',
      data: { amountCents: escrowedCents(c), key },
    });
  },
  RecordRefund: ({ key, refundId, transferReversalId }, snapshot) => {
    const pending = snapshot.context.pendingRefund;
    if (pending === null || pending.key !== key)
      return splitOutcome(snapshot, key, { refundId }) ?? [];
    return [
      {
        type: 'DealRefunded',
        data: { refundId, amountCents: pending.amountCents, transferReversalId, key: pending.key },
      },
    ];
  },
  RecordRefundFailure: ({ key, code, message }, snapshot) =>
    snapshot.context.pendingRefund?.key === key
      ? [{ type: 'RefundFailed', data: { code, message, key } }]
      : (splitOutcome(snapshot, key, { code, message }) ?? []),
  CompleteManually: (_command, snapshot, now) =>
    only(snapshot, now, 'complete the deal manually', {
      type: 'DealCompletedManually',
      data: { reason: 'Payout could not be made; completed manually in test mode' },
    }),
  // Accepted in every state (the statechart's root takes it); the author is the event's actor.
  AddNote: ({ note }, snapshot, now) =>
    only(snapshot, now, 'add a note', { type: 'DealNoteAdded', data: { note } }),
  PostDisputeMessage: ({ message }, snapshot, now) =>
    only(snapshot, now, 'post a dispute message', { type: 'DisputeMessagePosted', data: message }),
  PutOnHold: ({ reason }, snapshot, now) => {
    if (snapshot.context.hold !== null)
      throw new DomainError('deal_already_on_hold', { status: 'on_hold' });
    return only(snapshot, now, 'put the deal on hold', {
      type: 'DealPutOnHold',
      data: { source: 'admin', reason },
    });
  },
  ReleaseHold: (_command, snapshot, now) =>
    only(snapshot, now, 'resume the deal', resumeDraft(snapshot, now)),
  ResolveWithSplit: resolveWithSplit,
  RetrySplit: (_command, snapshot, now) => retrySplit(snapshot, now),
};

/** `decideDeal(command, snapshot, now) → events`: dispatches the command to its decision. */
export function decideDeal(command: DealCommand, snapshot: DealSnapshot, now: string): DealDraft[] {
  return dispatch(deciders, command, snapshot, now);
}
