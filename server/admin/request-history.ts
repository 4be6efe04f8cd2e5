import type { PaymentRequestContext } from '@machines/payment-request/payment-request.context';
import type { PaymentRequestEvent } from '@machines/payment-request/payment-request.events';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import { paymentRequestStateView } from '@machines/payment-request/payment-request.view';
import { decodeEvent } from '@machines/events/codec';
import type {
  EventText,
  EventTextCode,
  EventTextParams,
} from '@machines/events/event-texts';
import { initialOf, step } from '@machines/statechart';
import type { RecordedEvent } from '../event-store/event-store';
import type { ActorNames } from '../deals/actor-names';
import { redactForAdmin } from '../shared/redaction';
import {
  describeDisputeMessage,
  type DisputeHistoryEntry,
} from './deal-history';

const text = (
  code: EventTextCode,
  params: EventTextParams = {},
): EventText => ({ code, params });

type Describe = {
  [T in PaymentRequestEvent['type']]: (
    event: Extract<PaymentRequestEvent, { type: T }>,
    before: PaymentRequestContext,
    name: string,
  ) => EventText;
};

/** A release asked for: who or what released it (the deal's texts), or a plain payout in older history. */
const describePayout: Describe['PaymentRequestPayoutRequested'] = (
  { data },
  before,
  name,
) => {
  const { trigger, amountCents } = data;
  if (!trigger) return text('PaymentRequestPayoutRequested', { amountCents });
  const endsAt =
    trigger === 'review_period_elapsed'
      ? before.reviewPeriodEndsAt
      : trigger === 'dispute_period_elapsed'
        ? (before.dispute?.endsAt ?? null)
        : null;
  return text(`FundsReleaseRequested.${trigger}`, {
    amountCents,
    name,
    ...(endsAt ? { endsAt } : {}),
  });
};

/**
 * What each payment request event means, as a text of the one catalogue (machines/events/event-texts.ts):
 * the deal's texts where they say the same thing, the request's own where a deal's would name a deal.
 */
const describers: Describe = {
  PaymentRequestCreated: ({ data }, _b, name) =>
    text('PaymentRequestCreated', {
      name,
      amountCents: data.amountCents,
      totalCents: data.totalCents,
    }),
  PaymentRequestAccepted: () => text('PaymentRequestAccepted'),
  PaymentRequestCheckoutCreated: ({ data }) =>
    text('CheckoutSessionCreated', { totalCents: data.totalCents }),
  PaymentRequestCheckoutClosed: () => text('PaymentRequestCheckoutClosed'),
  PaymentRequestPaid: ({ data }) =>
    data.method
      ? text('PaymentSucceeded', {
          amountCents: data.amountCents,
          method: data.method,
        })
      : text('PaymentSucceeded.noMethod', { amountCents: data.amountCents }),
  PaymentRequestUnexpectedPaymentReceived: ({ data }) =>
    text('PaymentRequestUnexpectedPaymentReceived', {
      amountCents: data.amountCents,
      reason: data.reason,
    }),
  PaymentRequestPaymentFailed: ({ data }) =>
    text('PaymentFailed', { reason: data.reason }),
  PaymentRequestDuplicatePaymentRefunded: ({ data }) =>
    text('PaymentRequestDuplicatePaymentRefunded', {
      amountCents: data.amountCents,
    }),
  PaymentRequestPayoutRequested: describePayout,
  PaymentRequestCompleted: () => text('PaymentRequestCompleted'),
  PaymentRequestPayoutFailed: ({ data }) =>
    text('PaymentRequestPayoutFailed', {
      code: data.code,
      message: data.message,
    }),
  PaymentRequestExpired: () => text('PaymentRequestExpired'),
  PaymentRequestRejected: () => text('PaymentRequestRejected'),
  PaymentRequestPayoutDeferred: ({ data }) =>
    text('PaymentRequestPayoutDeferred', {
      amountCents: data.amountCents,
      reason: data.reason,
    }),
  PaymentRequestChargebackOpened: ({ data }) =>
    text('PaymentRequestChargebackOpened', {
      amountCents: data.amountCents,
      reason: data.reason,
    }),
  PaymentRequestChargebackClosed: ({ data }) =>
    text(`ChargebackClosed.${data.outcome}`, { reason: data.reason }),
  PaymentRequestHoldReleased: (_e, _b, name) =>
    text('PaymentRequestHoldReleased', { name }),
  PaymentRequestDelivered: ({ data }) =>
    text('PaymentRequestDelivered', { endsAt: data.reviewPeriodEndsAt }),
  PaymentRequestReviewElapsed: ({ data }) =>
    text('ReviewPeriodElapsed', { endsAt: data.endsAt }),
  PaymentRequestDisputeOpened: ({ data }) =>
    text('DisputeOpened', { reason: data.reason, endsAt: data.endsAt }),
  PaymentRequestDisputeElapsed: ({ data }) =>
    text('DisputePeriodElapsed', { endsAt: data.endsAt }),
  PaymentRequestRefundRequested: ({ data }, _b, name) =>
    text('RefundRequested', { name, amountCents: data.amountCents }),
  PaymentRequestRefunded: ({ data }) =>
    data.reason === 'charged_back'
      ? text('PaymentRequestRefunded.chargedBack', {})
      : text('PaymentRequestRefunded', { amountCents: data.amountCents }),
  PaymentRequestRefundFailed: ({ data }) =>
    text('RefundFailed', { code: data.code, message: data.message }),
  PaymentRequestSplitRequested: ({ data }, _b, name) =>
    text('PaymentRequestSplitRequested', {
      name,
      creatorCents: data.creatorCents,
      refundCents: data.refundCents,
      feeKeptCents: data.feeKeptCents,
      chargedCents: data.chargedCents,
    }),
  PaymentRequestSplitRetried: ({ data }, _b, name) =>
    text(`DealSplitRetried.${data.part}`, { name }),
  PaymentRequestSplitTransferSucceeded: ({ data }) =>
    text('SplitTransferSucceeded', { amountCents: data.amountCents }),
  PaymentRequestSplitTransferFailed: ({ data }) =>
    text('SplitTransferFailed', { code: data.code, message: data.message }),
  PaymentRequestSplitRefundSucceeded: ({ data }) =>
    text('SplitRefundSucceeded', { amountCents: data.amountCents }),
  PaymentRequestSplitRefundFailed: ({ data }) =>
    text('SplitRefundFailed', { code: data.code, message: data.message }),
  PaymentRequestDisputeMessagePosted: ({ data }, _b, name) =>
    describeDisputeMessage(data, name),
};

/** Why a payment request event happened, as a code and params; `before` is the request just before it. */
export function describeRequestEvent(
  event: PaymentRequestEvent,
  before: PaymentRequestContext,
  name: string,
): EventText {
  const describe = describers[event.type] as (
    e: PaymentRequestEvent,
    b: PaymentRequestContext,
    n: string,
  ) => EventText;
  return describe(event, before, name);
}

/**
 * Replays a payment request's stream through its statechart, recording after every event what the
 * dispute page reads (the same entry as a deal's history: server/admin/disputes.ts reads both).
 */
export function requestHistory(
  recorded: RecordedEvent[],
  actorName: ActorNames,
): DisputeHistoryEntry[] {
  let snapshot = initialOf(paymentRequestMachine);
  return recorded.map((r) => {
    const event = decodeEvent(r) as PaymentRequestEvent;
    const before = snapshot.context;
    snapshot = step(paymentRequestMachine, snapshot, event);
    // A request's link is the brand's (a deal's link is the creator's).
    const actor = event.metadata.actor;
    const link = { kind: 'creator-link', id: 'payment-request-link' };
    const name = actorName(actor.kind === 'creator-link' ? link : actor);
    return {
      type: r.type,
      at: event.metadata.at,
      actor: { kind: event.metadata.actor.kind, name },
      data: redactForAdmin(event.data),
      status: paymentRequestStateView(snapshot, event.metadata.at).status,
      view: { onHold: snapshot.context.hold !== null },
      summary: describeRequestEvent(event, before, name),
    };
  });
}
