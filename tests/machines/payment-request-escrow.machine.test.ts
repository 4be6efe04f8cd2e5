import { describe, expect, it } from 'vitest';
import { paymentRequestMachine } from '../../machines/payment-request/payment-request.machine';
import { paymentRequestStateView } from '../../machines/payment-request/payment-request.view';
import { dealMachine } from '../../machines/deal/deal.machine';
import { actors, at, dealGiven, event, requestHistory } from '../support/event-factory';
import { machineSpec } from '../support/machine-spec';

/** Money held in escrow after payment: chargebacks, deferred payouts and refunded duplicate payments. */
const request = machineSpec(paymentRequestMachine);
const deal = machineSpec(dealMachine);
const { created, accepted, checkout, paid, completed } = requestHistory;
const paidH = () => [created(), accepted(), checkout(), paid()];
const chargeback = (disputeId = 'dp_2') => event('PaymentRequestChargebackOpened', { disputeId, reason: 'fraudulent' }, at(5), actors.stripe);
const released = () => event('PaymentRequestHoldReleased', {}, at(6), actors.admin);
const deferred = () => event('PaymentRequestPayoutDeferred', {}, at(7), actors.creator);
const duplicate = (checkoutSessionId = 'cs_test_r2') => event('PaymentRequestDuplicatePaymentRefunded', { checkoutSessionId }, at(8), actors.stripe);

describe('payment request: chargeback hold', () => {
  it('a chargeback on a paid request holds the money; completion waits for an admin', () => {
    request.given(paidH()).when(chargeback()).then({ state: 'paid', step: 3, context: { hold: { disputeId: 'dp_2', reason: 'Chargeback: fraudulent' } } });
    request.given([...paidH(), chargeback()]).when(completed()).thenRefused();
    request.given([...paidH(), chargeback()]).when(deferred()).thenRefused();
    request.given([...paidH(), chargeback()]).when(released()).then({ context: { hold: null } });
    request.given([...paidH(), chargeback(), released()]).when(completed()).then({ state: 'completed', step: 7 });
  });

  it('the same chargeback is recorded once; a release needs a hold', () => {
    request.given([...paidH(), chargeback()]).when(chargeback()).thenRefused();
    request.given(paidH()).when(released()).thenRefused();
  });

  it('no chargeback before payment', () => {
    request.given([created(), accepted()]).when(chargeback()).thenRefused();
  });
});

describe('payment request: deferred payout', () => {
  it('completing before the payout account is ready: payout_pending, shown as completed (step 7)', () => {
    const snapshot = request.given(paidH()).when(deferred()).then({ state: 'payout_pending', status: 'completed', step: 7, context: { completedAt: at(7), payoutDeferredAt: at(7) } });
    expect(paymentRequestStateView(snapshot, at(8)).can).toEqual([]);
  });

  it('the payout leaves payout_pending only with a transfer, keeping the completion time', () => {
    request.given([...paidH(), deferred()]).when(event('PaymentRequestCompleted', { transferId: null }, at(9))).thenRefused();
    request.given([...paidH(), deferred()]).when(event('PaymentRequestCompleted', { transferId: 'tr_9' }, at(9)))
      .then({ state: 'completed', context: { completedAt: at(7), transferId: 'tr_9' } });
  });

  it('a chargeback during payout_pending blocks the payout until released', () => {
    const held = [...paidH(), deferred(), chargeback()];
    request.given(held).when(event('PaymentRequestCompleted', { transferId: 'tr_9' }, at(9))).thenRefused();
    request.given([...held, released()]).when(event('PaymentRequestCompleted', { transferId: 'tr_9' }, at(9))).then({ state: 'completed' });
  });
});

describe('refunded duplicate payments', () => {
  it('a request records each extra paid session once, never the one that paid it', () => {
    request.given(paidH()).when(duplicate()).then({ state: 'paid', context: { duplicateRefunds: [{ checkoutSessionId: 'cs_test_r2', refundId: 're_3' }] } });
    request.given([...paidH(), duplicate()]).when(duplicate()).thenRefused();
    request.given(paidH()).when(duplicate('cs_test_r1')).thenRefused();
    request.given([created(), accepted()]).when(duplicate()).thenRefused();
    request.given([...paidH(), completed()]).when(duplicate()).thenRefused();
  });

  it('a deal records each extra paid session once while the money is in escrow', () => {
    const extra = (id = 'cs_test_b2') => event('DuplicatePaymentRefunded', { checkoutSessionId: id }, at(9), actors.stripe);
    for (const history of [dealGiven.awaitingAcceptance(), dealGiven.delivered(), dealGiven.dispute()]) {
      deal.given(history).when(extra()).then({ context: { duplicateRefunds: [{ checkoutSessionId: 'cs_test_b2', amountCents: 27_050 }] } });
      deal.given([...history, extra()]).when(extra()).thenRefused();
      deal.given(history).when(extra('cs_test_a1b2')).thenRefused();
    }
    deal.given(dealGiven.pendingPayment()).when(extra()).thenRefused();
    deal.given(dealGiven.completed()).when(extra()).thenRefused();
  });
});
