import { describe, expect, it } from 'vitest';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import { paymentRequestStateView } from '@machines/payment-request/payment-request.view';
import { dealMachine } from '@machines/deal/deal.machine';
import {
  actors,
  at,
  dealGiven,
  event,
  requestHistory,
} from '@tests/support/event-factory';
import { machineSpec } from '@tests/support/machine-spec';

/** Money held in escrow after payment: chargebacks, deferred payouts and refunded duplicate payments. */
const request = machineSpec(paymentRequestMachine);
const deal = machineSpec(dealMachine);
const { created, accepted, checkout, paid, payoutRequested, completed } =
  requestHistory;
const paidH = () => [created(), accepted(), checkout(), paid()];
const chargeback = (disputeId = 'dp_2') =>
  event(
    'PaymentRequestChargebackOpened',
    { disputeId, reason: 'fraudulent' },
    at(5),
    actors.stripe,
  );
const released = () =>
  event('PaymentRequestHoldReleased', {}, at(6), actors.admin);
const deferred = () =>
  event('PaymentRequestPayoutDeferred', {}, at(7), actors.creator);
const duplicate = (checkoutSessionId = 'cs_test_r2') =>
  event(
    'PaymentRequestDuplicatePaymentRefunded',
    { checkoutSessionId },
    at(8),
    actors.stripe,
  );

describe('payment request: chargeback hold', () => {
  it('a chargeback on a paid request holds the money; completion waits for an admin', () => {
    request
      .given(paidH())
      .when(chargeback())
      .then({
        state: 'paid',
        step: 3,
        context: {
          hold: { disputeId: 'dp_2', reason: 'Chargeback: fraudulent' },
        },
      });
    request
      .given([...paidH(), chargeback()])
      .when(payoutRequested())
      .thenRefused();
    request
      .given([...paidH(), chargeback()])
      .when(deferred())
      .thenRefused();
    request
      .given([...paidH(), chargeback()])
      .when(released())
      .then({ context: { hold: null } });
    request
      .given([...paidH(), chargeback(), released(), payoutRequested()])
      .when(completed())
      .then({ state: 'completed', step: 7 });
  });

  it('the same chargeback is recorded once; a release needs a hold', () => {
    request
      .given([...paidH(), chargeback()])
      .when(chargeback())
      .thenRefused();
    request.given(paidH()).when(released()).thenRefused();
  });

  it('no chargeback before payment', () => {
    request.given([created(), accepted()]).when(chargeback()).thenRefused();
  });
});

describe('payment request: deferred payout', () => {
  it('completing before the payout account is ready: payout_pending, shown as completed (step 7)', () => {
    const snapshot = request
      .given(paidH())
      .when(deferred())
      .then({
        state: 'payout_pending',
        status: 'completed',
        step: 7,
        context: { completedAt: at(7), payoutDeferredAt: at(7) },
      });
    expect(paymentRequestStateView(snapshot, at(8)).can).toEqual([]);
  });

  it('the payout leaves payout_pending only with a transfer, keeping the completion time', () => {
    request
      .given([...paidH(), deferred()])
      .when(event('PaymentRequestCompleted', { transferId: null }, at(9)))
      .thenRefused();
    request
      .given([...paidH(), deferred()])
      .when(event('PaymentRequestCompleted', { transferId: 'tr_9' }, at(9)))
      .then({
        state: 'completed',
        context: { completedAt: at(7), transferId: 'tr_9' },
      });
  });

  it('a chargeback during payout_pending blocks the payout until released', () => {
    const held = [...paidH(), deferred(), chargeback()];
    request
      .given(held)
      .when(event('PaymentRequestCompleted', { transferId: 'tr_9' }, at(9)))
      .thenRefused();
    request
      .given([...held, released()])
      .when(event('PaymentRequestCompleted', { transferId: 'tr_9' }, at(9)))
      .then({ state: 'completed' });
  });
});

describe('refunded duplicate payments', () => {
  it('a request records each extra paid session once, never the one that paid it', () => {
    request
      .given(paidH())
      .when(duplicate())
      .then({
        state: 'paid',
        context: {
          duplicateRefunds: [
            { checkoutSessionId: 'cs_test_r2', refundId: 're_3' },
          ],
        },
      });
    request
      .given([...paidH(), duplicate()])
      .when(duplicate())
      .thenRefused();
    request.given(paidH()).when(duplicate('cs_test_r1')).thenRefused();
    request.given([created(), accepted()]).when(duplicate()).thenRefused();
  });

  it('a payment that does not fund the request is recorded in any state and its refund answers it once', () => {
    const unexpected = event(
      'PaymentRequestUnexpectedPaymentReceived',
      {
        checkoutSessionId: 'cs_late',
        amountCents: 42_000,
        reason: 'already_paid',
      },
      at(40),
      actors.stripe,
    );
    const done = [...paidH(), payoutRequested(), completed()];
    request
      .given(done)
      .when(unexpected)
      .then({
        state: 'completed',
        context: { money: { chargedCents: 84_000, transferredCents: 40_000 } },
      });
    request
      .given([...done, unexpected])
      .when(unexpected)
      .thenRefused();
    request
      .given([...done, unexpected])
      .when(
        event(
          'PaymentRequestDuplicatePaymentRefunded',
          { checkoutSessionId: 'cs_late', amountCents: 42_000 },
          at(41),
          actors.system,
        ),
      )
      .then({
        context: {
          money: {
            chargedCents: 84_000,
            refundedCents: 42_000,
            transferredCents: 40_000,
            feeKeptCents: 2_000,
          },
          unexpectedPayments: [{ refundId: 're_3' }],
        },
      });
  });

  it('a deal records each extra paid session once while the money is in escrow', () => {
    const extra = (id = 'cs_test_b2') =>
      event(
        'DuplicatePaymentRefunded',
        { checkoutSessionId: id },
        at(9),
        actors.stripe,
      );
    for (const history of [
      dealGiven.awaitingAcceptance(),
      dealGiven.delivered(),
      dealGiven.dispute(),
    ]) {
      deal
        .given(history)
        .when(extra())
        .then({
          context: {
            duplicateRefunds: [
              { checkoutSessionId: 'cs_test_b2', amountCents: 27_050 },
            ],
          },
        });
      deal
        .given([...history, extra()])
        .when(extra())
        .thenRefused();
      deal.given(history).when(extra('cs_test_a1b2')).thenRefused();
    }
    deal.given(dealGiven.pendingPayment()).when(extra()).thenRefused();
  });

  it('a deal records a payment that does not fund it, also after the end, and its refund once', () => {
    const unexpected = event(
      'UnexpectedPaymentReceived',
      {
        checkoutSessionId: 'cs_late',
        amountCents: 27_050,
        reason: 'already_paid',
      },
      at(40),
      actors.stripe,
    );
    const refunded = event(
      'DuplicatePaymentRefunded',
      { checkoutSessionId: 'cs_late', amountCents: 27_050 },
      at(41),
      actors.system,
    );
    deal
      .given(dealGiven.completed())
      .when(unexpected)
      .then({
        state: 'completed',
        context: { money: { chargedCents: 54_100 } },
      });
    deal
      .given([...dealGiven.completed(), unexpected])
      .when(unexpected)
      .thenRefused();
    deal
      .given([...dealGiven.completed(), unexpected])
      .when(refunded)
      .then({
        context: {
          money: {
            chargedCents: 54_100,
            refundedCents: 27_050,
            transferredCents: 25_000,
            feeKeptCents: 2_050,
          },
        },
      });
    deal
      .given([...dealGiven.completed(), unexpected, refunded])
      .when(refunded)
      .thenRefused();
  });
});
