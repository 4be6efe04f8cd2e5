import type { SnapshotFrom } from 'xstate';
import { DomainError } from '../command-error';
import type { DraftOf } from '../events/define';
import { statusOf, step } from '../statechart';
import type { EventMetadata } from '../events/metadata';
import { probeMetadata } from '../events/probe';
import { paymentRequestEscrowEvents } from '../escrow/escrow-events';
import { payableNowCents } from '../escrow/escrow-limits';
import {
  dispatch,
  escrowDecider,
  type Deciders,
  type EscrowCommand,
  type EscrowKind,
} from '../escrow/escrow-decider';
import { escrowedCents, splitKeys } from '../escrow/escrow-ledger';
import { splitFeeCents } from '../money';
import type { ReleaseTrigger } from '../deal/deal.events';
import type { ErrorCode } from '../errors/error-catalogue';
import type { PaymentRequestEvent } from './payment-request.events';
import type { DisputeMessage } from '../escrow/dispute-message';
import {
  deliveryRefusal,
  disputeRefusal,
  refundRefusal,
  releaseRefusal,
  splitRefusal,
} from './payment-request.guards';
import { paymentRequestMachine } from './payment-request.machine';

/**
 * Everything that can happen to a payment request, as commands, and the one pure function that
 * decides each: `decidePaymentRequest(command, snapshot, now) → events`. Like the deal's
 * deciders: no I/O, refusals in words users read, repeats refused, money as intent then outcome.
 */

export type PaymentRequestDraft = DraftOf<PaymentRequestEvent>;
export type PaymentRequestSnapshot = SnapshotFrom<typeof paymentRequestMachine>;
type Created = Extract<
  PaymentRequestEvent,
  { type: 'PaymentRequestCreated' }
>['data'];

export const EXPIRED_MESSAGE = 'Payment request has expired';

export type PaymentRequestCommand =
  | EscrowCommand
  | { type: 'CreatePaymentRequest'; request: Created }
  | { type: 'AcceptPaymentRequest' }
  | { type: 'RejectPaymentRequest'; reason: string | null }
  /** The creator marks a paid request completed: the brand reviews it for `reviewPeriodHours`. */
  | {
      type: 'CompletePaymentRequest';
      note: string | null;
      links: string[];
      reviewPeriodHours: number;
    }
  /**
   * The money goes to the creator: the brand approves, an admin releases. A payout now to a ready
   * account (`payoutAccountId`), else deferred until it is ready.
   */
  | {
      type: 'ReleasePaymentRequest';
      trigger: 'brand' | 'admin';
      payoutAccountId: string | null;
      key: string;
    }
  | {
      type: 'DisputePaymentRequest';
      reason: string;
      disputePeriodHours: number;
    }
  /** A message in the dispute's conversation (the brand, the creator or an admin), while in dispute. */
  | { type: 'PostDisputeMessage'; message: DisputeMessage }
  /** A timer: the review or dispute period ended; the release follows (asked again after a refusal). */
  | {
      type: 'ElapseRequestPeriod';
      period: 'review' | 'dispute';
      payoutAccountId: string | null;
      key: string;
    }
  | { type: 'RefundPaymentRequest'; key: string }
  | {
      type: 'RecordRefund';
      key: string;
      refundId: string;
      transferReversalId: string | null;
    }
  | { type: 'RecordRefundFailure'; key: string; code: string; message: string }
  /** An admin resolves the request: the creator receives `creatorCents`, the brand the rest less the fee in proportion. */
  | {
      type: 'SplitPaymentRequest';
      creatorCents: number;
      payoutAccountId: string | null;
      key: string;
    }
  | { type: 'RetryRequestSplit' }
  /** The timer's retry of a deferred payout, once the creator's account is ready (null: not ready). */
  | {
      type: 'RequestDeferredPayout';
      payoutAccountId: string | null;
      key: string;
    }
  | { type: 'ExpirePaymentRequest' }
  | { type: 'ReleaseChargebackHold'; note: string | null };

/** Unpaid and past its expiry (whether or not the expiry event has landed yet). */
export function isExpired(
  status: string,
  expiresAt: string,
  now: string,
): boolean {
  if (status === 'expired') return true;
  return (
    (status === 'pending' || status === 'accepted') &&
    Date.parse(now) >= Date.parse(expiresAt)
  );
}

/** How a payment request plays the escrow (machines/escrow). */
export const paymentRequestEscrow: EscrowKind<
  PaymentRequestSnapshot,
  PaymentRequestDraft
> = {
  noun: 'payment request',
  events: paymentRequestEscrowEvents,
  status: statusOf,
  awaitingPayment: 'accepted',
  holding: ['paid', 'delivered', 'dispute'],
  closedReason: 'request_closed',
  dueCents: (snapshot) => snapshot.context.request?.totalCents ?? null,
  checkoutChanged: () => new DomainError('checkout_total_mismatch'),
  draft: (type, data) => ({ type, data }) as PaymentRequestDraft,
  next: (snapshot, draft, now) =>
    step(paymentRequestMachine, snapshot, {
      ...draft,
      metadata: probeMetadata(now) as EventMetadata,
    } as never),
};

const {
  refused,
  only,
  closeOpenSession,
  decide: escrow,
  canTake: requestCanTake,
  splitOutcome,
  retrySplit,
  chargebackEnd,
} = escrowDecider(paymentRequestEscrow);

const addHours = (iso: string, hours: number): string =>
  new Date(Date.parse(iso) + hours * 3_600_000).toISOString();

/** A guard's refusal as the decider throws it, with the request's status. */
function refuse(
  code: ErrorCode | null,
  snapshot: PaymentRequestSnapshot,
): void {
  if (code !== null)
    throw new DomainError(code, { status: statusOf(snapshot) });
}

/** The release to the creator: a payout intent to a ready account, else deferred until it is ready. */
function releaseDraft(
  snapshot: PaymentRequestSnapshot,
  trigger: ReleaseTrigger,
  payoutAccountId: string | null,
  key: string,
): PaymentRequestDraft {
  const request = snapshot.context.request!;
  const amountCents = payableNowCents(snapshot.context, request.amountCents);
  return payoutAccountId === null
    ? {
        type: 'PaymentRequestPayoutDeferred',
        data: {
          creatorId: request.creatorId,
          amountCents,
          reason: 'payout account not ready',
          trigger,
          key,
        },
      }
    : {
        type: 'PaymentRequestPayoutRequested',
        data: {
          amountCents,
          destinationAccountId: payoutAccountId,
          key,
          trigger,
        },
      };
}

/** A timer's command: the period elapsed, and the release it triggers; asked again after a refused payout. */
function elapsePeriod(
  {
    period,
    payoutAccountId,
    key,
  }: Extract<PaymentRequestCommand, { type: 'ElapseRequestPeriod' }>,
  snapshot: PaymentRequestSnapshot,
  now: string,
): PaymentRequestDraft[] {
  const c = snapshot.context;
  const endsAt =
    period === 'review' ? c.reviewPeriodEndsAt : (c.dispute?.endsAt ?? null);
  if (endsAt === null || c.request === null) return [];
  const elapsed: PaymentRequestDraft =
    period === 'review'
      ? { type: 'PaymentRequestReviewElapsed', data: { endsAt } }
      : { type: 'PaymentRequestDisputeElapsed', data: { endsAt } };
  const trigger =
    period === 'review' ? 'review_period_elapsed' : 'dispute_period_elapsed';
  const release = releaseDraft(snapshot, trigger, payoutAccountId, key);
  if (requestCanTake(snapshot, elapsed, now)) return [elapsed, release];
  const alreadyElapsed =
    period === 'review' ? c.reviewElapsedAt : c.disputeElapsedAt;
  return alreadyElapsed !== null && requestCanTake(snapshot, release, now)
    ? [release]
    : [];
}

/** What a split would move now: the parts, what the escrow holds and the request's amount. */
export interface RequestSplitPreview {
  creatorCents: number;
  feeKeptCents: number;
  refundCents: number;
  chargedCents: number;
  amountCents: number;
}

/**
 * What an admin's split giving the creator `creatorCents` would move now, or the split's refusal:
 * the one set of checks the split itself and its preview (GET …/split-preview) both go through.
 */
export function previewRequestSplit(
  snapshot: PaymentRequestSnapshot,
  creatorCents: number,
  payoutAccountId: string | null,
): RequestSplitPreview {
  const c = snapshot.context;
  refuse(
    splitRefusal(c, {
      creatorCents,
      inDispute: statusOf(snapshot) === 'dispute',
    }),
    snapshot,
  );
  if (payoutAccountId === null)
    throw new DomainError('no_bank_account', {
      gatewayCode: 'no_bank_account',
    });
  const { amountCents, feeCents } = c.request!;
  const chargedCents = escrowedCents(c);
  const feeKeptCents = splitFeeCents(amountCents, feeCents, creatorCents);
  const refundCents = chargedCents - creatorCents - feeKeptCents;
  return { creatorCents, feeKeptCents, refundCents, chargedCents, amountCents };
}

/** An admin's split: the parts as money.ts makes them, to the creator's payout account. */
function split(
  {
    creatorCents,
    payoutAccountId,
    key,
  }: Extract<PaymentRequestCommand, { type: 'SplitPaymentRequest' }>,
  snapshot: PaymentRequestSnapshot,
  now: string,
): PaymentRequestDraft[] {
  const { amountCents: _amount, ...parts } = previewRequestSplit(
    snapshot,
    creatorCents,
    payoutAccountId,
  );
  const data = {
    ...parts,
    destinationAccountId: payoutAccountId!,
    ...splitKeys(key),
  };
  return only(snapshot, now, 'split_funds', {
    type: 'PaymentRequestSplitRequested',
    data,
  });
}

/** An unpaid request past its expiry answers 410 to the brand's link actions. */
function assertNotExpired(snapshot: PaymentRequestSnapshot, now: string): void {
  const request = snapshot.context.request;
  if (request && isExpired(statusOf(snapshot), request.expiresAt, now))
    throw new DomainError('payment_request_expired');
}

/** The creator marks a paid request completed; the brand's review starts. */
function complete(
  {
    note,
    links,
    reviewPeriodHours,
  }: Extract<PaymentRequestCommand, { type: 'CompletePaymentRequest' }>,
  snapshot: PaymentRequestSnapshot,
  now: string,
) {
  if (statusOf(snapshot) === 'paid')
    refuse(deliveryRefusal(snapshot.context), snapshot);
  return only(snapshot, now, 'complete_request', {
    type: 'PaymentRequestDelivered',
    data: {
      note: note?.trim() || null,
      links: links.map((l) => l.trim()),
      reviewPeriodEndsAt: addHours(now, reviewPeriodHours),
    },
  });
}

/** One named decision per command. */
const deciders: Deciders<
  PaymentRequestCommand,
  PaymentRequestSnapshot,
  PaymentRequestDraft
> = {
  CreatePaymentRequest: ({ request }, snapshot, now) =>
    only(snapshot, now, 'create_request', {
      type: 'PaymentRequestCreated',
      data: request,
    }),
  AcceptPaymentRequest: (_command, snapshot, now) => {
    assertNotExpired(snapshot, now);
    if (snapshot.context.acceptedAt !== null) {
      throw new DomainError('payment_request_already_accepted', {
        status: statusOf(snapshot),
      });
    }
    return only(snapshot, now, 'accept_request', {
      type: 'PaymentRequestAccepted',
      data: {},
    });
  },
  RejectPaymentRequest: ({ reason }, snapshot, now) => {
    assertNotExpired(snapshot, now);
    const rejected: PaymentRequestDraft = {
      type: 'PaymentRequestRejected',
      data: { reason },
    };
    if (!requestCanTake(snapshot, rejected, now))
      throw refused(snapshot, 'decline_request');
    return [...closeOpenSession(snapshot, 'request_closed'), rejected];
  },
  RecordCheckoutSession: (command, snapshot, now) => {
    assertNotExpired(snapshot, now);
    return escrow(command, snapshot, now);
  },
  ConfirmPayment: escrow,
  RecordPaymentFailure: escrow,
  RecordUnexpectedPaymentRefund: escrow,
  RecordChargeback: escrow,
  RecordChargebackOutcome: escrow,
  CompletePaymentRequest: complete,
  ReleasePaymentRequest: ({ trigger, payoutAccountId, key }, snapshot, now) => {
    const action = trigger === 'brand' ? 'approve_work' : 'release_funds';
    if (!paymentRequestEscrow.holding.includes(statusOf(snapshot)))
      throw refused(snapshot, action);
    refuse(releaseRefusal(snapshot.context, { trigger, at: now }), snapshot);
    return only(
      snapshot,
      now,
      action,
      releaseDraft(snapshot, trigger, payoutAccountId, key),
    );
  },
  DisputePaymentRequest: ({ reason, disputePeriodHours }, snapshot, now) => {
    if (statusOf(snapshot) === 'delivered')
      refuse(disputeRefusal(snapshot.context, { at: now }), snapshot);
    return only(snapshot, now, 'open_dispute', {
      type: 'PaymentRequestDisputeOpened',
      data: {
        reason: reason.trim(),
        endsAt: addHours(now, disputePeriodHours),
      },
    });
  },
  PostDisputeMessage: ({ message }, snapshot, now) =>
    only(snapshot, now, 'post_dispute_message', {
      type: 'PaymentRequestDisputeMessagePosted',
      data: message,
    }),
  ElapseRequestPeriod: elapsePeriod,
  RefundPaymentRequest: ({ key }, snapshot, now) => {
    // A lost chargeback emptied the escrow: the refund ends the request with nothing to refund.
    const end = chargebackEnd(snapshot, now);
    if (end.length > 0) return end;
    const amountCents = escrowedCents(snapshot.context);
    refuse(refundRefusal(snapshot.context, { amountCents }), snapshot);
    return only(snapshot, now, 'refund_payment', {
      type: 'PaymentRequestRefundRequested',
      data: { amountCents, key },
    });
  },
  RecordRefund: ({ key, refundId, transferReversalId }, snapshot) => {
    const pending = snapshot.context.pendingRefund;
    if (pending === null || pending.key !== key)
      return splitOutcome(snapshot, key, { refundId }) ?? [];
    const data = {
      refundId,
      amountCents: pending.amountCents,
      transferReversalId,
      key,
    };
    return [{ type: 'PaymentRequestRefunded', data }];
  },
  RecordRefundFailure: ({ key, code, message }, snapshot) =>
    snapshot.context.pendingRefund?.key === key
      ? [{ type: 'PaymentRequestRefundFailed', data: { code, message, key } }]
      : (splitOutcome(snapshot, key, { code, message }) ?? []),
  SplitPaymentRequest: split,
  RetryRequestSplit: (_command, snapshot, now) => retrySplit(snapshot, now),
  /**
   * The timer's retry of a deferred payout, once the creator's account is ready; when a lost
   * chargeback took what it was to pay, the request ends instead (the timer stops with it).
   */
  RequestDeferredPayout: ({ payoutAccountId, key }, snapshot, now) => {
    const c = snapshot.context;
    if (c.payoutDeferredAt === null || c.pendingPayout !== null) return [];
    const end = chargebackEnd(snapshot, now);
    if (end.length > 0 || payoutAccountId === null) return end;
    const request: PaymentRequestDraft = {
      type: 'PaymentRequestPayoutRequested',
      data: {
        amountCents: payableNowCents(c, c.request?.amountCents ?? 0),
        destinationAccountId: payoutAccountId,
        key,
        ...(c.releaseTrigger ? { trigger: c.releaseTrigger } : {}),
      },
    };
    return requestCanTake(snapshot, request, now) ? [request] : [];
  },
  RecordTransfer: ({ key, transferId }, snapshot) =>
    snapshot.context.pendingPayout?.key !== key
      ? (splitOutcome(snapshot, key, { transferId }) ?? [])
      : [{ type: 'PaymentRequestCompleted', data: { transferId, key } }],
  RecordTransferFailure: ({ key, code, message }, snapshot) => {
    const context = snapshot.context;
    return context.pendingPayout?.key !== key
      ? (splitOutcome(snapshot, key, { code, message }) ?? [])
      : [
          {
            type: 'PaymentRequestPayoutFailed',
            data: {
              creatorId: context.request?.creatorId ?? 'unknown',
              code,
              message,
              key,
            },
          },
        ];
  },
  ExpirePaymentRequest: (_command, snapshot, now) => {
    const expiresAt = snapshot.context.request?.expiresAt;
    if (!expiresAt) return [];
    const expired: PaymentRequestDraft = {
      type: 'PaymentRequestExpired',
      data: { expiresAt },
    };
    return requestCanTake(snapshot, expired, now)
      ? [...closeOpenSession(snapshot, 'request_closed'), expired]
      : [];
  },
  ReleaseChargebackHold: ({ note }, snapshot, now) =>
    only(snapshot, now, 'release_hold', {
      type: 'PaymentRequestHoldReleased',
      data: { note },
    }),
};

/** `decidePaymentRequest(command, snapshot, now) → events`: dispatches the command to its decision. */
export function decidePaymentRequest(
  command: PaymentRequestCommand,
  snapshot: PaymentRequestSnapshot,
  now: string,
): PaymentRequestDraft[] {
  return dispatch(deciders, command, snapshot, now);
}
