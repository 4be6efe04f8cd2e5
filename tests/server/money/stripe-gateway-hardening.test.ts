import { describe, expect, it } from 'vitest';
import type { PaymentGateway } from '@server/money/gateway/payment-gateway';
import {
  stripeError,
  type FakeStripe,
  useFakeStripeGateway,
} from './support/fake-stripe';

describe('Stripe adapter: stale sessions, duplicate refunds and late reversals', () => {
  let stripe: FakeStripe;
  let gateway: PaymentGateway;

  useFakeStripeGateway((s, g) => {
    stripe = s;
    gateway = g;
  });

  it('given an open session, when it is expired, then POST /v1/checkout/sessions/:id/expire is sent with a key', async () => {
    stripe.on('POST', '/v1/checkout/sessions/cs_old/expire', () => ({
      body: { id: 'cs_old', object: 'checkout.session', status: 'expired' },
    }));
    await gateway.expireCheckoutSession('cs_old');
    expect(stripe.requests).toMatchObject([
      {
        method: 'POST',
        path: '/v1/checkout/sessions/cs_old/expire',
        idempotencyKey: 'cs_old:expire',
      },
    ]);
  });

  it('given a session already paid, when it is expired, then the refusal is ignored (nothing left to close)', async () => {
    stripe.on('POST', '/v1/checkout/sessions/cs_paid/expire', () =>
      stripeError(
        400,
        'checkout_session_not_open',
        'Only Checkout Sessions with a status of open can be expired.',
      ),
    );
    await expect(
      gateway.expireCheckoutSession('cs_paid'),
    ).resolves.toBeUndefined();
  });

  it('given a duplicate payment, when it is refunded without reversal, then no transfer is listed or reversed and the refund names its intent', async () => {
    stripe.on('POST', '/v1/refunds', () => ({
      body: { id: 're_dup', object: 'refund', amount: 27_050 },
    }));
    const refund = await gateway.refund({
      paymentIntentId: 'pi_dup',
      chargeId: 'ch_dup',
      amountCents: 27_050,
      transferGroup: 'deal-7',
      idempotencyKey: 'deal-7:duplicate:pi_dup',
      reverseTransfers: false,
    });
    expect(refund).toEqual({ refundId: 're_dup', transferReversalId: null });
    expect(stripe.requests).toHaveLength(1);
    expect(stripe.requests[0]).toMatchObject({
      path: '/v1/refunds',
      idempotencyKey: 'deal-7:duplicate:pi_dup',
      form: { payment_intent: 'pi_dup', amount: '27050' },
    });
  });

  it('given a transfer that lost a race against a refund, when it is reversed, then one reversal with the key is created', async () => {
    stripe.on('POST', '/v1/transfers/tr_late/reversals', () => ({
      body: {
        id: 'trr_late',
        object: 'transfer_reversal',
        transfer: 'tr_late',
      },
    }));
    await expect(
      gateway.reverseTransfer({
        transferId: 'tr_late',
        idempotencyKey: 'deal-7:reversal:tr_late',
      }),
    ).resolves.toEqual({ reversalId: 'trr_late' });
    expect(stripe.requests).toMatchObject([
      {
        method: 'POST',
        path: '/v1/transfers/tr_late/reversals',
        idempotencyKey: 'deal-7:reversal:tr_late',
      },
    ]);
  });
});
