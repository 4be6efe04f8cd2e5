import type { SnapshotFrom } from 'xstate';
import { DomainError } from '../command-error';
import type { DraftOf } from '../events/define';
import { probeMetadata } from '../events/probe';
import { deepestMeta } from '../statechart';
import type { ConfirmedPayment } from '../deal/deal.commands';
import { alreadyRecorded, unexpectedReason, unexpectedRefundData } from '../escrow-money';
import type { PaymentRequestEvent } from './payment-request.events';
import type { paymentRequestMachine, PaymentRequestStateMeta } from './payment-request.machine';

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
  | { type: 'CreatePaymentRequest'; request: Created }
  | { type: 'AcceptPaymentRequest' }
  | { type: 'RejectPaymentRequest'; reason: string | null }
  | { type: 'RecordCheckoutSession'; sessionId: string; totalCents: number; gateway: 'stripe' | 'simulated' }
  | { type: 'ConfirmPayment'; payment: ConfirmedPayment }
  | { type: 'RecordPaymentFailure'; checkoutSessionId: string; reason: string; gatewayEventId: string }
  /** The creator completes a paid request: a payout now to a ready account, else deferred until it is ready. */
  | { type: 'CompletePaymentRequest'; payoutAccountId: string | null; key: string }
  /** The timer's retry of a deferred payout, once the creator's account is ready. */
  | { type: 'RequestDeferredPayout'; payoutAccountId: string; key: string }
  | { type: 'RecordPayout'; key: string; transferId: string }
  | { type: 'RecordPayoutFailure'; key: string; code: string; message: string }
  | { type: 'ExpirePaymentRequest' }
  | { type: 'RecordChargeback'; disputeId: string; amountCents: number; reason: string; gatewayEventId: string }
  | { type: 'ReleaseChargebackHold'; note: string | null }
  | { type: 'RecordUnexpectedPaymentRefund'; checkoutSessionId: string; refundId: string };

export function paymentRequestStatus(snapshot: PaymentRequestSnapshot): string {
  return deepestMeta<PaymentRequestStateMeta>(snapshot)?.status ?? String(snapshot.value);
}

/** Unpaid and past its expiry (whether or not the expiry event has landed yet). */
export function isExpired(status: string, expiresAt: string, now: string): boolean {
  if (status === 'expired') return true;
  return (status === 'pending' || status === 'accepted') && Date.parse(now) >= Date.parse(expiresAt);
}

function refused(snapshot: PaymentRequestSnapshot, action: string): DomainError {
  const status = paymentRequestStatus(snapshot);
  return new DomainError('illegal_transition', `Cannot ${action} while the payment request is ${status}`, { status });
}

export function requestCanTake(snapshot: PaymentRequestSnapshot, draft: PaymentRequestDraft, now: string): boolean {
  return snapshot.can({ ...draft, metadata: probeMetadata(now) } as PaymentRequestEvent);
}

function only(snapshot: PaymentRequestSnapshot, now: string, action: string, ...drafts: PaymentRequestDraft[]): PaymentRequestDraft[] {
  if (!requestCanTake(snapshot, drafts[0]!, now)) throw refused(snapshot, action);
  return drafts;
}

/** An unpaid request past its expiry answers 410 to the brand's link actions. */
function assertNotExpired(snapshot: PaymentRequestSnapshot, now: string): void {
  const request = snapshot.context.request;
  if (request && isExpired(paymentRequestStatus(snapshot), request.expiresAt, now)) throw new DomainError('expired', EXPIRED_MESSAGE);
}

const closeOpenSession = (snapshot: PaymentRequestSnapshot, reason: 'replaced' | 'request_closed'): PaymentRequestDraft[] =>
  snapshot.context.openSession ? [{ type: 'PaymentRequestCheckoutClosed', data: { sessionId: snapshot.context.openSession.sessionId, reason } }] : [];

function confirmPayment(snapshot: PaymentRequestSnapshot, payment: ConfirmedPayment, now: string): PaymentRequestDraft[] {
  if (alreadyRecorded(snapshot.context, payment.checkoutSessionId)) return [];
  const paid: PaymentRequestDraft = { type: 'PaymentRequestPaid', data: payment };
  if (requestCanTake(snapshot, paid, now)) return [paid];
  const reason = unexpectedReason(snapshot.context, payment.checkoutSessionId, paymentRequestStatus(snapshot) === 'accepted');
  return [{ type: 'PaymentRequestUnexpectedPaymentReceived', data: { ...payment, reason: reason === 'closed' ? 'request_closed' : reason } }];
}

function payoutRefusal(snapshot: PaymentRequestSnapshot): DomainError {
  const c = snapshot.context;
  if (c.hold !== null) {
    return new DomainError('illegal_transition', 'Cannot complete the request while a chargeback holds the payment; an admin must act', { status: 'on_hold' });
  }
  return refused(snapshot, 'complete the request');
}

export function decidePaymentRequest(command: PaymentRequestCommand, snapshot: PaymentRequestSnapshot, now: string): PaymentRequestDraft[] {
  const c = snapshot.context;
  switch (command.type) {
    case 'CreatePaymentRequest':
      return only(snapshot, now, 'create the request', { type: 'PaymentRequestCreated', data: command.request });
    case 'AcceptPaymentRequest':
      assertNotExpired(snapshot, now);
      if (c.acceptedAt !== null)
        throw new DomainError('illegal_transition', 'The payment request has already been accepted', { status: paymentRequestStatus(snapshot) });
      return only(snapshot, now, 'accept the request', { type: 'PaymentRequestAccepted', data: {} });
    case 'RejectPaymentRequest': {
      assertNotExpired(snapshot, now);
      const rejected: PaymentRequestDraft = { type: 'PaymentRequestRejected', data: { reason: command.reason } };
      if (!requestCanTake(snapshot, rejected, now)) throw refused(snapshot, 'decline the request');
      return [...closeOpenSession(snapshot, 'request_closed'), rejected];
    }
    case 'RecordCheckoutSession': {
      assertNotExpired(snapshot, now);
      if (paymentRequestStatus(snapshot) !== 'accepted') throw refused(snapshot, 'start a payment');
      if (c.openSession?.sessionId === command.sessionId) return [];
      const session: PaymentRequestDraft = {
        type: 'PaymentRequestCheckoutCreated',
        data: { sessionId: command.sessionId, totalCents: command.totalCents, gateway: command.gateway },
      };
      if (c.request === null || command.totalCents !== c.request.totalCents) throw new DomainError('conflict', 'The checkout does not charge the total due');
      return [...closeOpenSession(snapshot, 'replaced'), session];
    }
    case 'ConfirmPayment':
      return confirmPayment(snapshot, command.payment, now);
    case 'RecordPaymentFailure': {
      const failed: PaymentRequestDraft = {
        type: 'PaymentRequestPaymentFailed',
        data: { checkoutSessionId: command.checkoutSessionId, reason: command.reason, gatewayEventId: command.gatewayEventId },
      };
      return requestCanTake(snapshot, failed, now) ? [failed] : [];
    }
    case 'CompletePaymentRequest': {
      if (paymentRequestStatus(snapshot) !== 'paid') throw payoutRefusal(snapshot);
      if (c.hold !== null) throw payoutRefusal(snapshot);
      const amountCents = c.request?.amountCents ?? 0;
      if (command.payoutAccountId === null) {
        return only(snapshot, now, 'complete the request', {
          type: 'PaymentRequestPayoutDeferred',
          data: { creatorId: c.request!.creatorId, amountCents, reason: 'payout account not ready' },
        });
      }
      return only(snapshot, now, 'complete the request', {
        type: 'PaymentRequestPayoutRequested',
        data: { amountCents, destinationAccountId: command.payoutAccountId, key: command.key },
      });
    }
    case 'RequestDeferredPayout': {
      if (c.payoutDeferredAt === null || c.pendingPayout !== null) return [];
      const request: PaymentRequestDraft = {
        type: 'PaymentRequestPayoutRequested',
        data: { amountCents: c.request?.amountCents ?? 0, destinationAccountId: command.payoutAccountId, key: command.key },
      };
      return requestCanTake(snapshot, request, now) ? [request] : [];
    }
    case 'RecordPayout':
      if (c.pendingPayout?.key !== command.key) return [];
      return [{ type: 'PaymentRequestCompleted', data: { transferId: command.transferId, key: command.key } }];
    case 'RecordPayoutFailure':
      if (c.pendingPayout?.key !== command.key) return [];
      return [
        {
          type: 'PaymentRequestPayoutFailed',
          data: { creatorId: c.request?.creatorId ?? 'unknown', code: command.code, message: command.message, key: command.key },
        },
      ];
    case 'ExpirePaymentRequest': {
      const expiresAt = c.request?.expiresAt;
      if (!expiresAt) return [];
      const expired: PaymentRequestDraft = { type: 'PaymentRequestExpired', data: { expiresAt } };
      return requestCanTake(snapshot, expired, now) ? [...closeOpenSession(snapshot, 'request_closed'), expired] : [];
    }
    case 'RecordChargeback': {
      const opened: PaymentRequestDraft = {
        type: 'PaymentRequestChargebackOpened',
        data: { disputeId: command.disputeId, amountCents: command.amountCents, reason: command.reason, gatewayEventId: command.gatewayEventId },
      };
      return requestCanTake(snapshot, opened, now) ? [opened] : [];
    }
    case 'ReleaseChargebackHold':
      return only(snapshot, now, 'release the hold', { type: 'PaymentRequestHoldReleased', data: { note: command.note } });
    case 'RecordUnexpectedPaymentRefund': {
      const data = unexpectedRefundData(c, command);
      return data ? [{ type: 'PaymentRequestDuplicatePaymentRefunded', data }] : [];
    }
  }
}
