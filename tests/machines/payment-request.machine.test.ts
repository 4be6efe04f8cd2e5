import { describe, expect, it } from 'vitest';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import { paymentRequestEventDefinitions } from '@machines/payment-request/payment-request.events';
import { paymentRequestStateView } from '@machines/payment-request/payment-request.view';
import { MAX_REQUEST_CENTS } from '@machines/money';
import {
  at,
  event,
  plusMs,
  requestHistory,
} from '@tests/support/event-factory';
import { machineSpec } from '@tests/support/machine-spec';

const { given, fold } = machineSpec(paymentRequestMachine);
const {
  created,
  accepted,
  checkout,
  paid,
  payoutRequested,
  completed,
  expiresAt,
} = requestHistory;
const expire = (atIso = expiresAt) =>
  event('PaymentRequestExpired', { expiresAt }, atIso);
const reject = () =>
  event('PaymentRequestRejected', { reason: 'no budget' }, at(3));
const pending = () => [created()];
const acceptedH = () => [created(), accepted()];
const openH = () => [created(), accepted(), checkout()];
const paidH = () => [created(), accepted(), checkout(), paid()];

describe('payment request: creation', () => {
  it('starts pending, step 1', () => {
    given([])
      .when(created())
      .then({
        state: 'pending',
        status: 'pending',
        step: 1,
        context: {
          createdAt: at(0),
          request: { amountCents: 40_000, expiresAt },
        },
      });
  });

  it.each([
    ['zero', { amountCents: 0, feeCents: 0, totalCents: 0 }],
    [
      'above the maximum',
      {
        amountCents: MAX_REQUEST_CENTS + 1,
        feeCents: 0,
        totalCents: MAX_REQUEST_CENTS + 1,
      },
    ],
    [
      'a total that is not amount + fee',
      { amountCents: 40_000, feeCents: 2_000, totalCents: 40_000 },
    ],
  ])('refuses a request with %s', (_n, money) => {
    given([]).when(event('PaymentRequestCreated', money)).thenRefused();
  });
});

describe('payment request: pending', () => {
  it('the brand accepts before expiry: accepted, step 2', () => {
    given(pending())
      .when(accepted())
      .then({
        state: 'accepted',
        status: 'accepted',
        step: 2,
        context: { acceptedAt: at(1) },
      });
  });

  it('acceptance at or after expiresAt is refused', () => {
    given(pending())
      .when(event('PaymentRequestAccepted', {}, expiresAt))
      .thenRefused();
    given(pending())
      .when(event('PaymentRequestAccepted', {}, plusMs(expiresAt, -1)))
      .then({ state: 'accepted' });
  });

  it('expires at expiresAt, not 1 ms earlier', () => {
    given(pending())
      .when(expire(plusMs(expiresAt, -1)))
      .thenRefused();
    given(pending())
      .when(expire())
      .then({
        state: 'expired',
        status: 'expired',
        step: null,
        context: { expiredAt: expiresAt },
      });
  });

  it('the brand rejects', () => {
    given(pending())
      .when(reject())
      .then({
        state: 'rejected',
        status: 'rejected',
        step: null,
        context: { rejectedAt: at(3) },
      });
  });

  it.each([
    'PaymentRequestPaid',
    'PaymentRequestCompleted',
    'PaymentRequestCheckoutCreated',
    'PaymentRequestCreated',
  ] as const)('refuses %s while pending', (type) =>
    given(pending())
      .when(event(type, {}, at(1)))
      .thenRefused(),
  );
});

describe('payment request: accepted', () => {
  it('checkout before expiry only', () => {
    given(acceptedH())
      .when(checkout())
      .then({
        state: 'accepted',
        context: { checkoutSessionId: 'cs_test_r1' },
      });
    given(acceptedH())
      .when(event('PaymentRequestCheckoutCreated', {}, expiresAt))
      .thenRefused();
  });

  it('payment moves it to paid, step 3, even when the webhook lands after expiry', () => {
    given(openH())
      .when(paid())
      .then({
        state: 'paid',
        status: 'paid',
        step: 3,
        context: { paidCents: 42_000, paidAt: at(2), openSession: null },
      });
    given(openH())
      .when(event('PaymentRequestPaid', {}, plusMs(expiresAt, 1)))
      .then({ state: 'paid' });
  });

  it('a payment counts only for the open session and exactly the total due', () => {
    given(acceptedH()).when(paid()).thenRefused();
    given(openH())
      .when(event('PaymentRequestPaid', { checkoutSessionId: 'cs_other' }))
      .thenRefused();
    given(openH())
      .when(event('PaymentRequestPaid', { amountCents: 100 }))
      .thenRefused();
    given(openH())
      .when(
        event('PaymentRequestUnexpectedPaymentReceived', {
          checkoutSessionId: 'cs_test_r1',
          amountCents: 100,
        }),
      )
      .then({
        state: 'accepted',
        context: {
          money: { chargedCents: 100, refundedCents: 0 },
          unexpectedPayments: [{ amountCents: 100, refundId: null }],
        },
      });
  });

  it('a failed payment is recorded and the request stays accepted', () => {
    given(openH())
      .when(event('PaymentRequestPaymentFailed', { reason: 'declined' }))
      .then({
        state: 'accepted',
        step: 2,
        context: { lastPaymentFailure: 'declined' },
      });
  });

  it('can still be rejected or expire while unpaid', () => {
    given(acceptedH()).when(reject()).then({ state: 'rejected' });
    given(acceptedH())
      .when(expire(plusMs(expiresAt, -1)))
      .thenRefused();
    given(acceptedH()).when(expire()).then({ state: 'expired' });
  });

  it('refuses a second acceptance and completion before payment', () => {
    given(acceptedH()).when(accepted()).thenRefused();
    given(acceptedH()).when(completed()).thenRefused();
  });
});

describe('payment request: paid and the end states', () => {
  it('the creator completes a paid request: step 7', () => {
    given(paidH())
      .when(payoutRequested())
      .then({
        state: 'payout_pending',
        status: 'completed',
        step: 7,
        context: {
          completedAt: at(30),
          pendingPayout: { amountCents: 40_000 },
        },
      });
    given([...paidH(), payoutRequested()])
      .when(completed())
      .then({
        state: 'completed',
        status: 'completed',
        step: 7,
        context: {
          completedAt: at(30),
          transferId: 'tr_7',
          pendingPayout: null,
          money: {
            chargedCents: 42_000,
            transferredCents: 40_000,
            feeKeptCents: 2_000,
          },
        },
      });
  });

  it('a paid request neither expires nor is rejected', () => {
    given(paidH())
      .when(expire(at(1_000)))
      .thenRefused();
    given(paidH()).when(reject()).thenRefused();
  });

  const samples = paymentRequestEventDefinitions.map((d) =>
    event(d.type, {}, at(2_000)),
  );
  it.each([
    ['completed', [...paidH(), payoutRequested(), completed()], true],
    ['expired', [created(), expire()], false],
    ['rejected', [created(), reject()], false],
  ])(
    '%s accepts nothing but a late payment to refund (and, once paid, a chargeback)',
    (_n, history, paid) => {
      const late = new Set([
        'PaymentRequestUnexpectedPaymentReceived',
        'PaymentRequestDuplicatePaymentRefunded',
        // A cardholder's bank can reverse the payment after the request ended.
        ...(paid ? ['PaymentRequestChargebackOpened'] : []),
      ]);
      for (const sample of samples.filter((s) => !late.has(s.type)))
        given(history).when(sample).thenRefused();
      given(history)
        .when(
          event(
            'PaymentRequestUnexpectedPaymentReceived',
            { reason: 'request_closed' },
            at(2_000),
          ),
        )
        .then({ context: { unexpectedPayments: [{ refundId: null }] } });
    },
  );

  it('a chargeback after the payout is recorded and its outcome closes it', () => {
    const done = [...paidH(), payoutRequested(), completed()];
    const opened = event('PaymentRequestChargebackOpened', {}, at(2_000));
    given(done)
      .when(opened)
      .then({ context: { chargebacks: [{ status: 'open' }] } });
    given([...done, opened])
      .when(
        event('PaymentRequestChargebackClosed', { outcome: 'lost' }, at(2_100)),
      )
      .then({ context: { chargebacks: [{ status: 'lost' }] } });
  });
});

describe('paymentRequestStateView', () => {
  it.each([
    ['pending', pending(), 1, ['accept', 'reject']],
    ['accepted', acceptedH(), 2, ['checkout', 'reject']],
    ['paid', paidH(), 3, ['complete']],
    ['completed', [...paidH(), payoutRequested(), completed()], 7, []],
    ['expired', [created(), expire()], null, []],
    ['rejected', [created(), reject()], null, []],
  ] as const)('%s → step %s', (status, history, step, can) => {
    const view = paymentRequestStateView(fold(history), at(5));
    expect(view).toMatchObject({ status, step, pastExpiry: false });
    expect(view.can).toEqual(can);
  });

  it('past expiry the view offers expire instead of accept and says so', () => {
    const view = paymentRequestStateView(fold(pending()), expiresAt);
    expect(view.pastExpiry).toBe(true);
    expect(view.can).toEqual(['reject', 'expire']);
  });
});
