import { describe, expect, it } from 'vitest';
import type { ConfirmedPayment } from '@machines/escrow/escrow-ledger';
import {
  decidePaymentRequest,
  EXPIRED_MESSAGE,
  type PaymentRequestCommand,
} from '@machines/payment-request/payment-request.commands';
import type { PaymentRequestEvent } from '@machines/payment-request/payment-request.events';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import { deciderSpec } from '@tests/support/decider-spec';
import {
  actors,
  at,
  EFFECT_KEY,
  event,
  plusMs,
  requestHistory,
} from '@tests/support/event-factory';

/** Every command of the payment request's union: given(history).when(command, now).then(events | refusal). No I/O. */
const { given } = deciderSpec(paymentRequestMachine, decidePaymentRequest);
const KEY2 = 'key-0002';
const TOTAL = 42_000;

const pending = (): PaymentRequestEvent[] => [requestHistory.created()];
const accepted = (): PaymentRequestEvent[] => [
  ...pending(),
  requestHistory.accepted(),
];
const withSession = (): PaymentRequestEvent[] => [
  ...accepted(),
  requestHistory.checkout(),
];
const paid = (): PaymentRequestEvent[] => [
  ...withSession(),
  requestHistory.paid(),
];
const payoutPending = (): PaymentRequestEvent[] => [
  ...paid(),
  requestHistory.payoutRequested(),
];
const completed = (): PaymentRequestEvent[] => [
  ...payoutPending(),
  requestHistory.completed(),
];
const deferred = (): PaymentRequestEvent[] => [
  ...paid(),
  event('PaymentRequestPayoutDeferred', {}, at(30), actors.creator),
];
const held = (): PaymentRequestEvent[] => [
  ...paid(),
  event(
    'PaymentRequestChargebackOpened',
    { disputeId: 'dp_1' },
    at(3),
    actors.stripe,
  ),
];

const complete: PaymentRequestCommand = {
  type: 'CompletePaymentRequest',
  note: ' Live now ',
  links: ['https://example.com/p/1'],
  reviewPeriodHours: 48,
};
const delivered = (): PaymentRequestEvent[] => [
  event(
    'PaymentRequestDelivered',
    { reviewPeriodEndsAt: at(78) },
    at(30),
    actors.creator,
  ),
];

const payment = (over: Partial<ConfirmedPayment> = {}): ConfirmedPayment => ({
  checkoutSessionId: 'cs_test_r1',
  paymentIntentId: 'pi_x',
  chargeId: 'ch_x',
  amountCents: TOTAL,
  method: 'card',
  gatewayEventId: 'evt_x',
  ...over,
});
const confirm = (
  over: Partial<ConfirmedPayment> = {},
): PaymentRequestCommand => ({
  type: 'ConfirmPayment',
  payment: payment(over),
});
const session = (
  sessionId: string,
  totalCents = TOTAL,
): PaymentRequestCommand => ({
  type: 'RecordCheckoutSession',
  sessionId,
  totalCents,
  gateway: 'simulated',
});

describe('decidePaymentRequest: creation, acceptance, rejection, expiry', () => {
  it('CreatePaymentRequest on a new stream; again on an existing request is refused', () => {
    const command: PaymentRequestCommand = {
      type: 'CreatePaymentRequest',
      request: requestHistory.created().data,
    };
    given([])
      .when(command, at(0))
      .then({
        type: 'PaymentRequestCreated',
        data: { amountCents: 40_000, totalCents: TOTAL },
      });
    given(pending()).when(command, at(0)).thenRefused({
      code: 'illegal_transition',
      status: 409,
      message: 'Cannot create the request while the payment request is pending',
    });
  });

  it('AcceptPaymentRequest before expiry; a second accept is refused; after expiry it is 410', () => {
    given(pending())
      .when({ type: 'AcceptPaymentRequest' }, at(1))
      .then({ type: 'PaymentRequestAccepted' });
    given(accepted())
      .when({ type: 'AcceptPaymentRequest' }, at(2))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: 'The payment request has already been accepted',
      });
    given(pending())
      .when({ type: 'AcceptPaymentRequest' }, requestHistory.expiresAt)
      .thenRefused({ code: 'expired', status: 410, message: EXPIRED_MESSAGE });
  });

  it('RejectPaymentRequest closes an open session first; a paid request cannot be declined', () => {
    given(pending())
      .when({ type: 'RejectPaymentRequest', reason: 'no' }, at(1))
      .then({ type: 'PaymentRequestRejected', data: { reason: 'no' } });
    given(withSession())
      .when({ type: 'RejectPaymentRequest', reason: null }, at(1.6))
      .then(
        {
          type: 'PaymentRequestCheckoutClosed',
          data: { sessionId: 'cs_test_r1', reason: 'request_closed' },
        },
        { type: 'PaymentRequestRejected' },
      );
    given(paid())
      .when({ type: 'RejectPaymentRequest', reason: null }, at(3))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: 'Cannot decline the request while the payment request is paid',
      });
  });

  it('ExpirePaymentRequest is never early: 1 ms before nothing; at expiry it closes the session and expires; a paid request never expires', () => {
    given(withSession())
      .when(
        { type: 'ExpirePaymentRequest' },
        plusMs(requestHistory.expiresAt, -1),
      )
      .thenNothing();
    given(withSession())
      .when({ type: 'ExpirePaymentRequest' }, requestHistory.expiresAt)
      .then(
        {
          type: 'PaymentRequestCheckoutClosed',
          data: { reason: 'request_closed' },
        },
        {
          type: 'PaymentRequestExpired',
          data: { expiresAt: requestHistory.expiresAt },
        },
      );
    given(pending())
      .when({ type: 'ExpirePaymentRequest' }, requestHistory.expiresAt)
      .then({ type: 'PaymentRequestExpired' });
    given(paid()).when({ type: 'ExpirePaymentRequest' }, at(300)).thenNothing();
    given([]).when({ type: 'ExpirePaymentRequest' }, at(300)).thenNothing();
  });
});

describe('decidePaymentRequest: checkout and payment', () => {
  it('RecordCheckoutSession records the session; a new one replaces the open one; the same one changes nothing', () => {
    given(accepted())
      .when(session('cs_1'), at(1.5))
      .then({
        type: 'PaymentRequestCheckoutCreated',
        data: { sessionId: 'cs_1', totalCents: TOTAL },
      });
    given(withSession())
      .when(session('cs_2'), at(1.6))
      .then(
        {
          type: 'PaymentRequestCheckoutClosed',
          data: { sessionId: 'cs_test_r1', reason: 'replaced' },
        },
        { type: 'PaymentRequestCheckoutCreated', data: { sessionId: 'cs_2' } },
      );
    given(withSession()).when(session('cs_test_r1'), at(1.6)).thenNothing();
  });

  it('RecordCheckoutSession for another total is a conflict; before acceptance refused; after expiry 410', () => {
    given(accepted()).when(session('cs_1', 100), at(1.5)).thenRefused({
      code: 'conflict',
      status: 409,
      message: 'The checkout does not charge the total due',
    });
    given(pending()).when(session('cs_1'), at(0.5)).thenRefused({
      code: 'illegal_transition',
      status: 409,
      message: 'Cannot start a payment while the payment request is pending',
    });
    given(accepted())
      .when(session('cs_1'), requestHistory.expiresAt)
      .thenRefused({ code: 'expired', status: 410, message: EXPIRED_MESSAGE });
  });

  it('ConfirmPayment of the open session for the total pays the request', () => {
    given(withSession())
      .when(confirm(), at(2))
      .then({
        type: 'PaymentRequestPaid',
        data: { checkoutSessionId: 'cs_test_r1', amountCents: TOTAL },
      });
  });

  it('ConfirmPayment of another session, a wrong amount, a closed or a paid request is unexpected with its reason', () => {
    given(withSession())
      .when(confirm({ checkoutSessionId: 'cs_other' }), at(2))
      .then({
        type: 'PaymentRequestUnexpectedPaymentReceived',
        data: { reason: 'not_open_session' },
      });
    given(withSession())
      .when(confirm({ amountCents: 1 }), at(2))
      .then({
        type: 'PaymentRequestUnexpectedPaymentReceived',
        data: { reason: 'amount_mismatch', amountCents: 1 },
      });
    given([...pending(), event('PaymentRequestRejected', {}, at(1))])
      .when(confirm(), at(2))
      .then({
        type: 'PaymentRequestUnexpectedPaymentReceived',
        data: { reason: 'request_closed' },
      });
    given(paid())
      .when(confirm({ checkoutSessionId: 'cs_second' }), at(3))
      .then({
        type: 'PaymentRequestUnexpectedPaymentReceived',
        data: { reason: 'already_paid' },
      });
  });

  it('ConfirmPayment redelivered changes nothing', () => {
    given(paid()).when(confirm(), at(3)).thenNothing();
    const unexpected = event(
      'PaymentRequestUnexpectedPaymentReceived',
      { checkoutSessionId: 'cs_other' },
      at(1.7),
      actors.stripe,
    );
    given([...withSession(), unexpected])
      .when(confirm({ checkoutSessionId: 'cs_other', amountCents: 100 }), at(2))
      .thenNothing();
  });

  it('RecordPaymentFailure counts once for the open session only', () => {
    const failure: PaymentRequestCommand = {
      type: 'RecordPaymentFailure',
      checkoutSessionId: 'cs_test_r1',
      reason: 'async_payment_failed',
      gatewayEventId: 'evt_f',
    };
    given(withSession())
      .when(failure, at(1.7))
      .then({
        type: 'PaymentRequestPaymentFailed',
        data: { checkoutSessionId: 'cs_test_r1' },
      });
    given([...withSession(), event('PaymentRequestPaymentFailed', {}, at(1.7))])
      .when(failure, at(1.8))
      .thenNothing();
    given(withSession())
      .when({ ...failure, checkoutSessionId: 'cs_stale' }, at(1.7))
      .thenNothing();
  });

  it('RecordUnexpectedPaymentRefund records the refund of a recorded unexpected payment once', () => {
    const unexpected = event(
      'PaymentRequestUnexpectedPaymentReceived',
      { checkoutSessionId: 'cs_other', amountCents: 100 },
      at(1.7),
      actors.stripe,
    );
    const command: PaymentRequestCommand = {
      type: 'RecordUnexpectedPaymentRefund',
      checkoutSessionId: 'cs_other',
      refundId: 're_1',
    };
    given([...withSession(), unexpected])
      .when(command, at(1.8))
      .then({
        type: 'PaymentRequestDuplicatePaymentRefunded',
        data: {
          checkoutSessionId: 'cs_other',
          refundId: 're_1',
          amountCents: 100,
        },
      });
    const refunded = event(
      'PaymentRequestDuplicatePaymentRefunded',
      { checkoutSessionId: 'cs_other', refundId: 're_1', amountCents: 100 },
      at(1.8),
    );
    given([...withSession(), unexpected, refunded])
      .when(command, at(1.9))
      .thenNothing();
    given(withSession()).when(command, at(1.9)).thenNothing();
  });
});

describe('decidePaymentRequest: payout', () => {
  it('CompletePaymentRequest starts the review: the note and links, the review end', () => {
    given(paid())
      .when(complete, at(30))
      .then({
        type: 'PaymentRequestDelivered',
        data: {
          note: 'Live now',
          links: ['https://example.com/p/1'],
          reviewPeriodEndsAt: at(78),
        },
      });
  });

  it('CompletePaymentRequest twice, unpaid, or under a chargeback hold is refused', () => {
    given(paid().concat(delivered())).when(complete, at(31)).thenRefused({
      code: 'illegal_transition',
      status: 409,
      message:
        'Cannot complete the request while the payment request is delivered',
    });
    given(accepted()).when(complete, at(2)).thenRefused({
      code: 'illegal_transition',
      status: 409,
      message:
        'Cannot complete the request while the payment request is accepted',
    });
    given(held()).when(complete, at(30)).thenRefused({
      code: 'illegal_transition',
      status: 409,
      message:
        'Cannot complete the request while a chargeback holds the payment; an admin must act',
    });
  });

  it('RequestDeferredPayout asks for the deferred payout once', () => {
    const command: PaymentRequestCommand = {
      type: 'RequestDeferredPayout',
      payoutAccountId: 'acct_2',
      key: KEY2,
    };
    given(deferred())
      .when(command, at(40))
      .then({
        type: 'PaymentRequestPayoutRequested',
        data: {
          amountCents: 40_000,
          destinationAccountId: 'acct_2',
          key: KEY2,
        },
      });
    given([
      ...deferred(),
      event('PaymentRequestPayoutRequested', { key: EFFECT_KEY }, at(40)),
    ])
      .when(command, at(41))
      .thenNothing();
    given(paid()).when(command, at(40)).thenNothing();
  });

  it('RecordTransfer answers the pending payout the pending payout; a wrong key or an answered payout changes nothing', () => {
    given(payoutPending())
      .when(
        { type: 'RecordTransfer', key: EFFECT_KEY, transferId: 'tr_9' },
        at(30.01),
      )
      .then({
        type: 'PaymentRequestCompleted',
        data: { transferId: 'tr_9', key: EFFECT_KEY },
      });
    given(payoutPending())
      .when(
        { type: 'RecordTransfer', key: 'wrong', transferId: 'tr_9' },
        at(30.01),
      )
      .thenNothing();
    given(completed())
      .when(
        { type: 'RecordTransfer', key: EFFECT_KEY, transferId: 'tr_9' },
        at(31),
      )
      .thenNothing();
  });

  it('RecordTransferFailure answers the pending payout; a wrong key changes nothing', () => {
    given(payoutPending())
      .when(
        {
          type: 'RecordTransferFailure',
          key: EFFECT_KEY,
          code: 'payouts_not_enabled',
          message: 'no',
        },
        at(30.01),
      )
      .then({
        type: 'PaymentRequestPayoutFailed',
        data: { code: 'payouts_not_enabled', key: EFFECT_KEY },
      });
    given(payoutPending())
      .when(
        {
          type: 'RecordTransferFailure',
          key: 'wrong',
          code: 'x',
          message: 'y',
        },
        at(30.01),
      )
      .thenNothing();
  });
});

describe('decidePaymentRequest: chargebacks', () => {
  it('RecordChargeback holds a paid request, once per dispute; an unpaid request ignores it', () => {
    const command: PaymentRequestCommand = {
      type: 'RecordChargeback',
      disputeId: 'dp_1',
      amountCents: TOTAL,
      reason: 'fraudulent',
      gatewayEventId: 'evt_cb',
    };
    given(paid())
      .when(command, at(3))
      .then({
        type: 'PaymentRequestChargebackOpened',
        data: { disputeId: 'dp_1', amountCents: TOTAL },
      });
    given(held()).when(command, at(4)).thenNothing();
    given(accepted()).when(command, at(3)).thenNothing();
  });

  it('ReleaseChargebackHold lifts a hold; without one it is refused', () => {
    given(held())
      .when({ type: 'ReleaseChargebackHold', note: 'won' }, at(5))
      .then({ type: 'PaymentRequestHoldReleased', data: { note: 'won' } });
    given(paid())
      .when({ type: 'ReleaseChargebackHold', note: null }, at(5))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: 'Cannot release the hold while the payment request is paid',
      });
  });
});

describe('decidePaymentRequest: chargebacks move money', () => {
  const chargeback: PaymentRequestCommand = {
    type: 'RecordChargeback',
    disputeId: 'dp_1',
    amountCents: 5_000,
    reason: 'fraudulent',
    gatewayEventId: 'evt_cb',
  };
  const opened = () =>
    event(
      'PaymentRequestChargebackOpened',
      { disputeId: 'dp_1', amountCents: 5_000, heldCents: 5_000 },
      at(3),
      actors.stripe,
    );
  const outcome = (o: 'won' | 'lost'): PaymentRequestCommand => ({
    type: 'RecordChargebackOutcome',
    disputeId: 'dp_1',
    outcome: o,
    reason: 'fraudulent',
    gatewayEventId: 'evt_cb2',
  });
  const closed = (o: 'won' | 'lost') =>
    event(
      'PaymentRequestChargebackClosed',
      { disputeId: 'dp_1', outcome: o },
      at(4),
    );
  const released = () =>
    event('PaymentRequestHoldReleased', { note: null }, at(5), actors.admin);

  it('RecordChargeback moves the disputed amount out of the escrow; its outcome is recorded once', () => {
    given(paid())
      .when(chargeback, at(3))
      .then({
        type: 'PaymentRequestChargebackOpened',
        data: { heldCents: 5_000 },
      });
    given([...paid(), opened()])
      .when(outcome('lost'), at(4))
      .then({
        type: 'PaymentRequestChargebackClosed',
        data: { outcome: 'lost' },
      });
    given([...paid(), opened(), closed('lost')])
      .when(outcome('won'), at(5))
      .thenNothing();
  });

  it('while the chargeback is open nothing is paid out; after a loss the payout is what remains', () => {
    const approve: PaymentRequestCommand = {
      type: 'ReleasePaymentRequest',
      trigger: 'brand',
      payoutAccountId: 'acct_1',
      key: 'key-9',
    };
    const done = () =>
      event(
        'PaymentRequestDelivered',
        { reviewPeriodEndsAt: at(53) },
        at(5.5),
        actors.creator,
      );
    given([...paid(), opened(), released(), done()])
      .when(approve, at(6))
      .thenRefused({
        code: 'illegal_transition',
        id: 'chargeback_open',
        status: 409,
        message: /chargeback on this payment is open/,
      });
    given([...paid(), opened(), closed('lost'), released(), done()])
      .when(approve, at(6))
      .then({
        type: 'PaymentRequestPayoutRequested',
        data: { amountCents: 37_000 },
      });
    given([...paid(), opened(), closed('won'), released(), done()])
      .when(approve, at(6))
      .then({
        type: 'PaymentRequestPayoutRequested',
        data: { amountCents: 40_000 },
      });
  });
});

it('covers every command of the union', () => {
  // A compile-time list: adding a command to PaymentRequestCommand without a spec here fails the type check.
  const covered: Record<PaymentRequestCommand['type'], true> = {
    CreatePaymentRequest: true,
    AcceptPaymentRequest: true,
    RejectPaymentRequest: true,
    RecordCheckoutSession: true,
    ConfirmPayment: true,
    RecordPaymentFailure: true,
    CompletePaymentRequest: true,
    RequestDeferredPayout: true,
    RecordTransfer: true,
    RecordTransferFailure: true,
    ExpirePaymentRequest: true,
    RecordChargeback: true,
    RecordChargebackOutcome: true,
    ReleaseChargebackHold: true,
    RecordUnexpectedPaymentRefund: true,
    // Review, dispute and resolution: payment-request-review.commands.test.ts.
    ReleasePaymentRequest: true,
    DisputePaymentRequest: true,
    ElapseRequestPeriod: true,
    RefundPaymentRequest: true,
    RecordRefund: true,
    RecordRefundFailure: true,
    SplitPaymentRequest: true,
    RetryRequestSplit: true,
    PostDisputeMessage: true,
  };
  expect(Object.keys(covered)).toHaveLength(24);
});
