import type { SnapshotFrom } from 'xstate';
import { DomainError } from '../command-error';
import type { DraftOf } from '../events/define';
import { statusOf } from '../statechart';
import { paymentRequestEscrowEvents } from '../escrow/escrow-events';
import { payableNowCents } from '../escrow/escrow-limits';
import {
  dispatch,
  escrowDecider,
  type Deciders,
  type EscrowCommand,
  type EscrowKind,
} from '../escrow/escrow-decider';
import type { PaymentRequestEvent } from './payment-request.events';
import type { paymentRequestMachine } from './payment-request.machine';

/**
 * Everything that can happen to a payment request, as commands, and the one pure function that
 * decides each: `decidePaymentRequest(command, snapshot, now) → events`. Like the deal's
 * deciders: no I/O, refusals in words users read, repeats refused, money as intent then outcome.
 */

export type PaymentRequestDraft = DraftOf<PaymentRequestEvent>;
export type PaymentRequestSnapshot = SnapshotFrom<typeof paymentRequestMachine>;
type Created = Extract<PaymentRequestEvent, { type: 'PaymentRequestCreated' }>['data'];

export const EXPIRED_MESSAGE = 'Payment request has expired';

export type PaymentRequestCommand =
  | EscrowCommand
  | { type: 'CreatePaymentRequest'; request: Created }
  | { type: 'AcceptPaymentRequest' }
  | { type: 'RejectPaymentRequest'; reason: string | null }
  /** The creator completes a paid request: a payout now to a ready account, else deferred until it is ready. */
  | { type: 'CompletePaymentRequest'; payoutAccountId: string | null; key: string }
  /** The timer's retry of a deferred payout, once the creator's account is ready. */
  | { type: 'RequestDeferredPayout'; payoutAccountId: string; key: string }
  | { type: 'ExpirePaymentRequest' }
  | { type: 'ReleaseChargebackHold'; note: string | null };

/** Unpaid and past its expiry (whether or not the expiry event has landed yet). */
export function isExpired(status: string, expiresAt: string, now: string): boolean {
  if (status === 'expired') return true;
  return (
    (status === 'pending' || status === 'accepted') && Date.parse(now) >= Date.parse(expiresAt)
  );
}

/** How a payment request plays the escrow (machines/escrow). */
export const paymentRequestEscrow: EscrowKind<PaymentRequestSnapshot, PaymentRequestDraft> = {
  noun: 'payment request',
  events: paymentRequestEscrowEvents,
  status: statusOf,
  awaitingPayment: 'accepted',
  holding: ['paid'],
  closedReason: 'request_closed',
  dueCents: (snapshot) => snapshot.context.request?.totalCents ?? null,
  checkoutChanged: () => new DomainError('checkout_total_mismatch'),
  draft: (type, data) => ({ type, data }) as PaymentRequestDraft,
};

const {
  refused,
  only,
  closeOpenSession,
  decide: escrow,
  canTake: requestCanTake,
} = escrowDecider(paymentRequestEscrow);

/** An unpaid request past its expiry answers 410 to the brand's link actions. */
function assertNotExpired(snapshot: PaymentRequestSnapshot, now: string): void {
  const request = snapshot.context.request;
  if (request && isExpired(statusOf(snapshot), request.expiresAt, now))
    throw new DomainError('payment_request_expired');
}

function payoutRefusal(snapshot: PaymentRequestSnapshot): DomainError {
  const c = snapshot.context;
  if (c.hold !== null) {
    return new DomainError('payment_request_on_hold', { status: 'on_hold' });
  }
  return refused(snapshot, 'complete the request');
}

/** The creator completes a paid request: a payout now to a ready account, else deferred until it is ready. */
function complete(
  { payoutAccountId, key }: { payoutAccountId: string | null; key: string },
  snapshot: PaymentRequestSnapshot,
  now: string,
) {
  const c = snapshot.context;
  if (statusOf(snapshot) !== 'paid' || c.hold !== null) throw payoutRefusal(snapshot);
  const amountCents = payableNowCents(c, c.request?.amountCents ?? 0);
  if (payoutAccountId === null) {
    return only(snapshot, now, 'complete the request', {
      type: 'PaymentRequestPayoutDeferred',
      data: { creatorId: c.request!.creatorId, amountCents, reason: 'payout account not ready' },
    });
  }
  return only(snapshot, now, 'complete the request', {
    type: 'PaymentRequestPayoutRequested',
    data: { amountCents, destinationAccountId: payoutAccountId, key },
  });
}

/** One named decision per command. */
const deciders: Deciders<PaymentRequestCommand, PaymentRequestSnapshot, PaymentRequestDraft> = {
  CreatePaymentRequest: ({ request }, snapshot, now) =>
    only(snapshot, now, 'create the request', { type: 'PaymentRequestCreated', data: request }),
  AcceptPaymentRequest: (_command, snapshot, now) => {
    assertNotExpired(snapshot, now);
    if (snapshot.context.acceptedAt !== null) {
      throw new DomainError('payment_request_already_accepted', { status: statusOf(snapshot) });
    }
    return only(snapshot, now, 'accept the request', { type: 'PaymentRequestAccepted', data: {} });
  },
  RejectPaymentRequest: ({ reason }, snapshot, now) => {
    assertNotExpired(snapshot, now);
    const rejected: PaymentRequestDraft = { type: 'PaymentRequestRejected', data: { reason } };
    if (!requestCanTake(snapshot, rejected, now)) throw refused(snapshot, 'decline the request');
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
  /** The timer's retry of a deferred payout, once the creator's account is ready. */
  RequestDeferredPayout: ({ payoutAccountId, key }, snapshot, now) => {
    const c = snapshot.context;
    if (c.payoutDeferredAt === null || c.pendingPayout !== null) return [];
    const request: PaymentRequestDraft = {
      type: 'PaymentRequestPayoutRequested',
      data: {
        amountCents: payableNowCents(c, c.request?.amountCents ?? 0),
        destinationAccountId: payoutAccountId,
        key,
      },
    };
    return requestCanTake(snapshot, request, now) ? [request] : [];
  },
  RecordTransfer: ({ key, transferId }, { context }) =>
    context.pendingPayout?.key !== key
      ? []
      : [{ type: 'PaymentRequestCompleted', data: { transferId, key } }],
  RecordTransferFailure: ({ key, code, message }, { context }) =>
    context.pendingPayout?.key !== key
      ? []
      : [
          {
            type: 'PaymentRequestPayoutFailed',
            data: { creatorId: context.request?.creatorId ?? 'unknown', code, message, key },
          },
        ],
  ExpirePaymentRequest: (_command, snapshot, now) => {
    const expiresAt = snapshot.context.request?.expiresAt;
    if (!expiresAt) return [];
    const expired: PaymentRequestDraft = { type: 'PaymentRequestExpired', data: { expiresAt } };
    return requestCanTake(snapshot, expired, now)
      ? [...closeOpenSession(snapshot, 'request_closed'), expired]
      : [];
  },
  ReleaseChargebackHold: ({ note }, snapshot, now) =>
    only(snapshot, now, 'release the hold', { type: 'PaymentRequestHoldReleased', data: { note } }),
};

/** `decidePaymentRequest(command, snapshot, now) → events`: dispatches the command to its decision. */
export function decidePaymentRequest(
  command: PaymentRequestCommand,
  snapshot: PaymentRequestSnapshot,
  now: string,
): PaymentRequestDraft[] {
  return dispatch(deciders, command, snapshot, now);
}
