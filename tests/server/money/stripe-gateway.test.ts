import { describe, expect, it } from 'vitest';
import { createGateway } from '@server/money/gateway/create-gateway';
import {
  GatewayError,
  type PaymentGateway,
} from '@server/money/gateway/payment-gateway';
import {
  stripeError,
  type FakeStripe,
  useFakeStripeGateway,
} from './support/fake-stripe';

describe('Stripe adapter against a local stand-in for the Stripe API', () => {
  let stripe: FakeStripe;
  let gateway: PaymentGateway;

  useFakeStripeGateway((s, g) => {
    stripe = s;
    gateway = g;
  });

  const transferInput = {
    amountCents: 25_000,
    destinationAccountId: 'acct_1',
    transferGroup: 'deal-7',
    sourceTransaction: 'ch_1',
    idempotencyKey: 'deal-7:transfer:0',
    metadata: { dealId: '7' },
  };
  const noTransfers = () => ({
    body: { object: 'list', data: [], has_more: false, url: '/v1/transfers' },
  });

  it('given a secret key, when the gateway is created, then it is Stripe in test mode', () => {
    expect(gateway.mode).toBe('stripe');
    expect(gateway.testMode).toBe(true);
  });

  it('given a deal, when a checkout session is created, then EUR, iDEAL and card, the total, deal id and URLs are sent with the key', async () => {
    stripe.on('POST', '/v1/checkout/sessions', () => ({
      body: {
        id: 'cs_test_1',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      },
    }));
    const session = await gateway.createCheckoutSession({
      kind: 'deal',
      reference: '7',
      description: 'Spring launch',
      totalCents: 27_050,
      successUrl: 'http://app.test/payment-success/7',
      cancelUrl: 'http://app.test/payment/7',
      metadata: { kind: 'deal', dealId: '7', streamId: 'deal-7' },
      transferGroup: 'deal-7',
      idempotencyKey: 'deal-7:checkout:2',
    });
    expect(session).toEqual({
      sessionId: 'cs_test_1',
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
    const [request] = stripe.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: 'deal-7:checkout:2',
      authorization: 'Bearer sk_test_123',
    });
    expect(request?.form).toMatchObject({
      mode: 'payment',
      currency: 'eur',
      'allowed_payment_method_types[0]': 'ideal',
      'allowed_payment_method_types[1]': 'card',
      'line_items[0][price_data][unit_amount]': '27050',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][quantity]': '1',
      client_reference_id: '7',
      'metadata[dealId]': '7',
      'payment_intent_data[metadata][dealId]': '7',
      'payment_intent_data[transfer_group]': 'deal-7',
      success_url: 'http://app.test/payment-success/7',
      cancel_url: 'http://app.test/payment/7',
    });
  });

  it('given a creator, when an Express account and its link are created, then owner metadata and the accept URLs are sent', async () => {
    stripe.on('POST', '/v1/accounts', () => ({
      body: { id: 'acct_1', object: 'account' },
    }));
    stripe.on('POST', '/v1/account_links', () => ({
      body: {
        object: 'account_link',
        url: 'https://connect.stripe.com/setup/e/acct_1/x',
      },
    }));
    const { accountId } = await gateway.createConnectedAccount({
      reference: 'deal-7',
      email: null,
      idempotencyKey: 'deal-7:account',
      metadata: { dealId: '7' },
    });
    const link = await gateway.createAccountLink({
      accountId,
      returnUrl: 'http://app.test/accept/tok?stripe_setup=success',
      refreshUrl: 'http://app.test/accept/tok?stripe_setup=refresh',
    });
    expect(link.url).toContain('connect.stripe.com');
    const [account, accountLink] = stripe.requests;
    expect(account).toMatchObject({
      path: '/v1/accounts',
      idempotencyKey: 'deal-7:account',
    });
    expect(account?.form).toMatchObject({
      type: 'express',
      'capabilities[transfers][requested]': 'true',
      'metadata[dealId]': '7',
    });
    expect(accountLink?.form).toMatchObject({
      account: 'acct_1',
      type: 'account_onboarding',
      return_url: 'http://app.test/accept/tok?stripe_setup=success',
      refresh_url: 'http://app.test/accept/tok?stripe_setup=refresh',
    });
  });

  it('given an account, when its status is read, then payouts_enabled and details_submitted are reported', async () => {
    stripe.on('GET', '/v1/accounts/acct_1', () => ({
      body: {
        id: 'acct_1',
        object: 'account',
        payouts_enabled: true,
        details_submitted: false,
      },
    }));
    expect(await gateway.getAccountStatus('acct_1')).toEqual({
      payoutsEnabled: true,
      detailsSubmitted: false,
    });
  });

  it('given a payment intent, when its details are read, then the latest charge and its method are returned', async () => {
    stripe.on('GET', '/v1/payment_intents/pi_1', (r) => ({
      body: {
        id: 'pi_1',
        object: 'payment_intent',
        latest_charge:
          r.query['expand[0]'] === 'latest_charge'
            ? {
                id: 'ch_1',
                object: 'charge',
                payment_method_details: { type: 'ideal' },
              }
            : 'ch_1',
      },
    }));
    expect(await gateway.paymentDetails('pi_1')).toEqual({
      chargeId: 'ch_1',
      method: 'ideal',
    });
  });

  it('given no transfer in the group yet, when releasing, then one transfer with group, source charge and key is created', async () => {
    stripe.on('GET', '/v1/transfers', noTransfers);
    stripe.on('POST', '/v1/transfers', () => ({
      body: {
        id: 'tr_1',
        object: 'transfer',
        amount: 25_000,
        amount_reversed: 0,
      },
    }));
    expect(await gateway.transfer(transferInput)).toEqual({
      transferId: 'tr_1',
    });
    const [list, create] = stripe.requests;
    expect(list).toMatchObject({
      method: 'GET',
      path: '/v1/transfers',
      query: { transfer_group: 'deal-7', limit: '100' },
    });
    expect(create).toMatchObject({
      method: 'POST',
      path: '/v1/transfers',
      idempotencyKey: 'deal-7:transfer:0',
    });
    expect(create?.form).toMatchObject({
      amount: '25000',
      currency: 'eur',
      destination: 'acct_1',
      transfer_group: 'deal-7',
      source_transaction: 'ch_1',
    });
  });

  it('given a live transfer already in the group, when releasing again, then no second transfer is created', async () => {
    stripe.on('GET', '/v1/transfers', () => ({
      body: {
        object: 'list',
        has_more: false,
        url: '/v1/transfers',
        data: [
          {
            id: 'tr_old',
            object: 'transfer',
            amount: 25_000,
            amount_reversed: 0,
            destination: 'acct_1',
          },
        ],
      },
    }));
    expect(await gateway.transfer(transferInput)).toEqual({
      transferId: 'tr_old',
    });
    expect(stripe.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it.each([
    [
      'balance_insufficient',
      'The source_transaction charge is still pending and its funds are not yet available.',
      'funds_settling',
      'funds_settling',
    ],
    [
      'balance_insufficient',
      'You have insufficient available funds in your Stripe account.',
      'balance_insufficient',
      'Insufficient funds',
    ],
    [
      'insufficient_capabilities_for_transfer',
      'Your destination account needs to have at least one of the following capabilities enabled: transfers',
      'payouts_not_enabled',
      'payouts_enabled',
    ],
    [
      'no_external_account',
      'This account has no external account.',
      'no_bank_account',
      'bank account',
    ],
  ])(
    'given Stripe refuses with %s (%s), when releasing, then the error is %s and mentions "%s"',
    async (code, message, ours, words) => {
      stripe.on('GET', '/v1/transfers', noTransfers);
      stripe.on('POST', '/v1/transfers', () => stripeError(400, code, message));
      const error = await gateway
        .transfer(transferInput)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GatewayError);
      expect(error).toMatchObject({
        code: ours,
        message: expect.stringContaining(words),
      });
    },
  );

  it('given Stripe fails with a 500, when releasing, then the outcome is unknown (gateway_unavailable) and retries keep the key', async () => {
    stripe.on('GET', '/v1/transfers', noTransfers);
    stripe.on('POST', '/v1/transfers', () =>
      stripeError(500, 'api_error', 'Something went wrong'),
    );
    await expect(gateway.transfer(transferInput)).rejects.toMatchObject({
      code: 'gateway_unavailable',
    });
    const posts = stripe.requests.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(1);
    expect(new Set(posts.map((p) => p.idempotencyKey))).toEqual(
      new Set(['deal-7:transfer:0']),
    );
  });

  it('given funds already transferred, when refunding, then the transfer is reversed first and the payment refunded in full', async () => {
    stripe.on('GET', '/v1/transfers', () => ({
      body: {
        object: 'list',
        has_more: false,
        url: '/v1/transfers',
        data: [
          {
            id: 'tr_1',
            object: 'transfer',
            amount: 25_000,
            amount_reversed: 0,
            destination: 'acct_1',
          },
        ],
      },
    }));
    stripe.on('POST', '/v1/transfers/tr_1/reversals', () => ({
      body: { id: 'trr_1', object: 'transfer_reversal', amount: 25_000 },
    }));
    stripe.on('POST', '/v1/refunds', () => ({
      body: { id: 're_1', object: 'refund', amount: 27_050 },
    }));
    const result = await gateway.refund({
      paymentIntentId: 'pi_1',
      chargeId: 'ch_1',
      amountCents: 27_050,
      transferGroup: 'deal-7',
      idempotencyKey: 'deal-7:refund',
    });
    expect(result).toEqual({ refundId: 're_1', transferReversalId: 'trr_1' });
    const posts = stripe.requests.filter((r) => r.method === 'POST');
    expect(posts.map((p) => p.path)).toEqual([
      '/v1/transfers/tr_1/reversals',
      '/v1/refunds',
    ]);
    expect(posts[0]?.idempotencyKey).toBe('deal-7:refund:reversal:tr_1');
    expect(posts[1]).toMatchObject({
      idempotencyKey: 'deal-7:refund',
      form: { payment_intent: 'pi_1', amount: '27050' },
    });
  });

  it('given a split, when its parts are carried out, then the transfer and the refund pass their partial amounts, the group and the keys, and the transfer is not reversed', async () => {
    stripe.on('GET', '/v1/transfers', noTransfers);
    stripe.on('POST', '/v1/transfers', () => ({
      body: { id: 'tr_s', object: 'transfer', amount: 15_000 },
    }));
    stripe.on('POST', '/v1/refunds', () => ({
      body: { id: 're_s', object: 'refund', amount: 10_820 },
    }));
    const transferred = await gateway.transfer({
      ...transferInput,
      amountCents: 15_000,
      idempotencyKey: 'k:transfer',
      metadata: { dealId: '7', streamId: 'deal-7', trigger: 'split' },
    });
    const refunded = await gateway.refund({
      paymentIntentId: 'pi_1',
      chargeId: 'ch_1',
      amountCents: 10_820,
      transferGroup: 'deal-7',
      idempotencyKey: 'k:refund',
      reverseTransfers: false,
    });
    expect([transferred, refunded]).toEqual([
      { transferId: 'tr_s' },
      { refundId: 're_s', transferReversalId: null },
    ]);
    const posts = stripe.requests.filter((r) => r.method === 'POST');
    expect(posts.map((p) => p.path)).toEqual(['/v1/transfers', '/v1/refunds']);
    expect(posts[0]).toMatchObject({
      idempotencyKey: 'k:transfer',
      form: {
        amount: '15000',
        transfer_group: 'deal-7',
        destination: 'acct_1',
        source_transaction: 'ch_1',
        'metadata[trigger]': 'split',
      },
    });
    expect(posts[1]).toMatchObject({
      idempotencyKey: 'k:refund',
      form: {
        payment_intent: 'pi_1',
        amount: '10820',
        'metadata[transferGroup]': 'deal-7',
      },
    });
  });

  it('given a chargeback, when the charge is looked up, then the checkout metadata of its payment intent is returned', async () => {
    stripe.on('GET', '/v1/charges/ch_1', () => ({
      body: {
        id: 'ch_1',
        object: 'charge',
        metadata: {},
        payment_intent: {
          id: 'pi_1',
          object: 'payment_intent',
          metadata: { dealId: '7' },
        },
      },
    }));
    expect(await gateway.chargeMetadata('ch_1')).toEqual({ dealId: '7' });
    expect(stripe.requests[0]?.query['expand[0]']).toBe('payment_intent');
  });

  it('given a secret key without a webhook secret, when the gateway is created, then it refuses to start', () => {
    expect(() =>
      createGateway({
        stripeSecretKey: 'sk_live_1',
        publicUrl: 'http://app.test',
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('given no secret key, when the gateway is created, then the simulated gateway runs', () => {
    expect(createGateway({ publicUrl: 'http://app.test' }).mode).toBe(
      'simulated',
    );
  });
});
