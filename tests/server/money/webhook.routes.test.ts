import Fastify, { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dealAggregate } from '@server/commands/aggregate';
import { webhookRoutes } from '@server/money/webhook.routes';
import {
  brand,
  createHarness,
  dealState,
  givenDeal,
  type Harness,
} from './support/escrow-harness';

describe('POST /api/stripe/webhook', () => {
  let h: Harness;
  let app: FastifyInstance;
  let dealId: number;
  let sessionId: string;

  beforeEach(async () => {
    h = await createHarness();
    app = Fastify();
    await app.register(webhookRoutes, {
      escrow: h.realEscrow,
      gateway: h.gateway,
    });
    app.post('/api/echo', async (request) => ({ body: request.body }));
    await app.ready();
    ({ dealId } = await givenDeal(h));
    const { url } = await h.escrow.startDealCheckout(dealId, brand);
    sessionId = new URL(url).pathname.split('/').pop()!;
    // The simulated "Stripe" charges the card; the webhook below is what confirms it.
    h.gateway.ledger.charge(h.gateway.ledger.sessions.get(sessionId)!, 'card');
  });
  afterEach(async () => {
    await app.close();
    await h.close();
  });

  const event = (id: string, type: string, paymentStatus = 'paid') =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: {
        object: h.gateway.ledger.sessionObject(
          h.gateway.ledger.sessions.get(sessionId)!,
          paymentStatus as 'paid',
        ),
      },
    });
  const post = (payload: string, signature: string) =>
    app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signature,
      },
      payload,
    });
  const sign = (
    payload: string,
    options: { secret?: string; timestamp?: number } = {},
  ) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? h.gateway.webhookSecret,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });

  it('given a validly signed checkout.session.completed, when posted, then 200 and the deal is paid', async () => {
    const payload = event('evt_valid', 'checkout.session.completed');
    const response = await post(payload, sign(payload));
    expect(response.statusCode).toBe(200);
    expect((await dealState(h, dealId)).status).toBe('pending_delivery');
  });

  it('given a payload signed with another secret, when posted, then 400 JSON and nothing is recorded', async () => {
    const payload = event('evt_forged', 'checkout.session.completed');
    const response = await post(
      payload,
      sign(payload, { secret: 'whsec_attacker' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid_signature',
      message: expect.stringContaining('signature'),
    });
    expect((await dealState(h, dealId)).status).toBe('pending_payment');
  });

  it('given a signed payload altered after signing, when posted, then 400', async () => {
    const payload = event('evt_altered', 'checkout.session.completed');
    const response = await post(payload.replace('27050', '1'), sign(payload));
    expect(response.statusCode).toBe(400);
  });

  it('given a signature older than the 5-minute tolerance, when posted, then 400 (replay refused)', async () => {
    const payload = event('evt_stale', 'checkout.session.completed');
    const response = await post(
      payload,
      sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
    );
    expect(response.statusCode).toBe(400);
    expect((await dealState(h, dealId)).status).toBe('pending_payment');
  });

  it('given no signature header, when posted, then 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ["the deal's own session", () => sessionId],
    ['another session', () => 'cs_sim_other'],
  ])(
    'given a signed paid session with no payment intent (%s), when posted, then 200 and nothing is recorded: no payment, no unexpected payment',
    async (_label, idOf) => {
      const object = {
        ...h.gateway.ledger.sessionObject(
          h.gateway.ledger.sessions.get(sessionId)!,
          'paid',
        ),
        id: idOf(),
        payment_intent: null,
      };
      const payload = JSON.stringify({
        id: 'evt_no_intent',
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      expect((await post(payload, sign(payload))).statusCode).toBe(200);
      const types = await h.types(dealAggregate.streamId(dealId));
      expect(types).not.toContain('UnexpectedPaymentReceived');
      expect(types).not.toContain('PaymentSucceeded');
      expect((await dealState(h, dealId)).status).toBe('pending_payment');
    },
  );

  it('given the same event delivered twice, when posted again, then 200 and still one PaymentSucceeded', async () => {
    const payload = event('evt_dup', 'checkout.session.completed');
    expect((await post(payload, sign(payload))).statusCode).toBe(200);
    expect((await post(payload, sign(payload))).statusCode).toBe(200);
    const types = await h.types(dealAggregate.streamId(dealId));
    expect(types.filter((t) => t === 'PaymentSucceeded')).toHaveLength(1);
  });

  it('given a failure event redelivered while the deal awaits payment, when posted twice, then one PaymentFailed', async () => {
    const payload = event(
      'evt_fail',
      'checkout.session.async_payment_failed',
      'unpaid',
    );
    expect((await post(payload, sign(payload))).statusCode).toBe(200);
    expect((await post(payload, sign(payload))).statusCode).toBe(200);
    const types = await h.types(dealAggregate.streamId(dealId));
    expect(types.filter((t) => t === 'PaymentFailed')).toHaveLength(1);
  });

  it('given a payment confirmed, when a late async_payment_failed arrives out of order, then nothing changes', async () => {
    const paid = event('evt_paid', 'checkout.session.async_payment_succeeded');
    await post(paid, sign(paid));
    const late = event(
      'evt_late_fail',
      'checkout.session.async_payment_failed',
      'unpaid',
    );
    expect((await post(late, sign(late))).statusCode).toBe(200);
    const { status, context } = await dealState(h, dealId);
    expect(status).toBe('pending_delivery');
    expect(context.lastPaymentFailure).toBeNull();
  });

  it('given the webhook plugin, when another route receives JSON, then it is still parsed as JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/echo',
      payload: { a: 1 },
    });
    expect(response.json()).toEqual({ body: { a: 1 } });
  });
});

describe('webhook timestamps and shapes', () => {
  let h: Harness;
  let app: FastifyInstance;
  beforeEach(async () => {
    h = await createHarness();
    app = Fastify();
    await app.register(webhookRoutes, {
      escrow: h.realEscrow,
      gateway: h.gateway,
    });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await h.close();
  });
  const send = (body: unknown, timestamp?: number) => {
    const payload = JSON.stringify(body);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: h.gateway.webhookSecret,
      ...(timestamp ? { timestamp } : {}),
    });
    return app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signature,
      },
      payload,
    });
  };
  const base = {
    id: 'evt_x',
    object: 'event',
    type: 'checkout.session.completed',
  };

  it('given a future-dated (10 min) or old signature, then 400', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now + 600, now - 600]) {
      const res = await send(
        {
          ...base,
          data: {
            object: { id: 'cs_1', payment_status: 'paid', metadata: {} },
          },
        },
        timestamp,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/tolerance/i);
    }
  });

  it.each([
    { ...base, data: null },
    { ...base, data: { object: 'x' } },
    {
      ...base,
      data: {
        object: {
          id: 'cs_1',
          payment_status: 'paid',
          amount_total: 'lots',
          metadata: { dealId: '1' },
        },
      },
    },
    {
      ...base,
      data: {
        object: {
          id: 'cs_1',
          payment_status: 'paid',
          metadata: { dealId: '../1' },
        },
      },
    },
    { ...base, data: { object: { id: { $gt: '' }, payment_status: 'paid' } } },
    {
      ...base,
      type: 'charge.dispute.created',
      data: { object: { id: 'dp_1', charge: 42 } },
    },
    {
      ...base,
      type: 'account.updated',
      data: { object: { id: 'acct_1', metadata: 'x' } },
    },
    { id: 7, type: 'x', data: { object: {} } },
  ])('given a signed but malformed event %#, then 400', async (body) => {
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation_failed');
  });

  it('given an unknown event type with a valid envelope, then 200 (acknowledged, ignored)', async () => {
    expect(
      (
        await send({
          id: 'evt_u',
          type: 'customer.created',
          data: { object: { id: 'cus_1' } },
        })
      ).statusCode,
    ).toBe(200);
  });
});
