import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedGateway } from '@server/money/gateway/simulated/simulated-gateway';
import { deliverPaidDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  dealPayload,
  registerUser,
  type TestApp,
  simulatedGatewayOf,
} from '@tests/support/test-app';

/**
 * Money regressions through HTTP: money counts only for the deal's open session and exact
 * total, repeated money commands are refused naming the state, and Idempotency-Key makes client
 * retries safe.
 */
let t: TestApp;
let gateway: SimulatedGateway;
let brand: Awaited<ReturnType<typeof registerUser>>;
let adminToken = '';

beforeAll(async () => {
  t = await createTestApp();
  gateway = simulatedGatewayOf(t);
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
  adminToken = await createRootAdmin(t);
});
afterAll(() => t.close());

const history = async (dealId: number) =>
  t.ctx.store.readStream(`deal-${dealId}`);
const typesOf = async (dealId: number) =>
  (await history(dealId)).map((e) => e.type);
const contextOf = (dealId: number) => t.ctx.queries.deals.byId(dealId)!.context;
const statusOf = async (dealId: number) =>
  (
    await t.app.inject({
      url: `/api/deals/${dealId}`,
      headers: bearer(brand.token),
    })
  ).json().status as string;

async function openCheckout(dealId: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    headers: bearer(brand.token),
    payload: { dealId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return contextOf(dealId).openSession!.sessionId;
}

/** A signed Stripe webhook, delivered through the app's own route. */
async function webhook(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: gateway.webhookSecret,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature,
    },
    payload,
  });
  await t.ctx.quiesce();
  return res;
}

/** A deal delivered by its creator: paid, accepted, bank connected, content delivered. */
async function deliveredDeal(): Promise<number> {
  const deal = await createDeal(t.app, brand.token);
  await deliverPaidDeal(t.app, t.ctx, brand.token, deal.id);
  await t.ctx.quiesce();
  return deal.id;
}

describe('money counts only for the open session and the exact total', () => {
  it('given a €1.00 deal with an open checkout, when the amount is raised to €1,750 and the OLD session is paid, then the deal stays unpaid, the payment is refunded, and a new checkout funds it', async () => {
    const deal = await createDeal(t.app, brand.token, { amount: '1' });
    const oldSession = await openCheckout(deal.id);
    expect(gateway.ledger.sessions.get(oldSession)!.totalCents).toBe(108);

    // The brand pays the old checkout page; Stripe's webhook for it arrives only after the amount was raised.
    const charged = gateway.ledger.charge(
      gateway.ledger.sessions.get(oldSession)!,
      'card',
    );
    const raised = await t.app.inject({
      method: 'PUT',
      url: `/api/deals/${deal.id}`,
      headers: bearer(brand.token),
      payload: dealPayload({ amount: '1750' }),
    });
    expect(raised.statusCode, raised.body).toBe(200);
    await t.ctx.quiesce();
    expect(contextOf(deal.id).openSession).toBeNull();
    expect((await typesOf(deal.id)).slice(-2)).toEqual([
      'CheckoutSessionClosed',
      'DealUpdated',
    ]);

    const res = await webhook({
      id: 'evt_old_session_paid',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: gateway.ledger.sessionObject(charged, 'paid') },
    });
    expect(res.statusCode).toBe(200);

    expect(await statusOf(deal.id)).toBe('pending_payment');
    const events = await history(deal.id);
    const unexpected = events.find(
      (e) => e.type === 'UnexpectedPaymentReceived',
    );
    expect(unexpected?.data).toMatchObject({
      checkoutSessionId: oldSession,
      amountCents: 108,
      reason: 'not_open_session',
    });
    expect(
      events.find((e) => e.type === 'DuplicatePaymentRefunded')?.data,
    ).toMatchObject({
      checkoutSessionId: oldSession,
      amountCents: 108,
    });
    expect(events.some((e) => e.type === 'PaymentSucceeded')).toBe(false);
    expect(
      gateway.ledger
        .moneyOfGroup(`deal-${deal.id}`)
        .refunds.map((r) => [r.chargeId, r.amountCents]),
    ).toEqual([[charged.chargeId, 108]]);
    expect(contextOf(deal.id).money).toMatchObject({
      chargedCents: 108,
      refundedCents: 108,
    });

    // A new checkout charges the new total and funds the deal.
    const newSession = await openCheckout(deal.id);
    expect(newSession).not.toBe(oldSession);
    expect(gateway.ledger.sessions.get(newSession)!.totalCents).toBe(189_350);
    await gateway.payCheckout(newSession, 'card');
    await t.ctx.quiesce();
    expect(await statusOf(deal.id)).toBe('pending_delivery');
    expect(
      (await history(deal.id)).find((e) => e.type === 'PaymentSucceeded')?.data,
    ).toMatchObject({ checkoutSessionId: newSession, amountCents: 189_350 });
    expect(contextOf(deal.id).money).toEqual({
      chargedCents: 108 + 189_350,
      refundedCents: 108,
      transferredCents: 0,
      feeKeptCents: 0,
    });
  });

  it('given a €1,750 deal with an open checkout, when a signed webhook for an unknown session with amount_total 1 and no payment intent arrives, then the deal is not funded and nothing is recorded or refunded (no money the gateway could show)', async () => {
    const deal = await createDeal(t.app, brand.token, { amount: '1750' });
    await openCheckout(deal.id);
    const res = await webhook({
      id: 'evt_unknown_session_1',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'cs_unknown_1',
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: 1,
          payment_intent: null,
          metadata: { kind: 'deal', dealId: String(deal.id) },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(deal.id)).toBe('pending_payment');
    const types = await typesOf(deal.id);
    expect(types).not.toContain('PaymentSucceeded');
    // No payment intent: no charge the gateway knows, so no "unexpected payment" and no refund of
    // money never charged.
    expect(types).not.toContain('UnexpectedPaymentReceived');
    expect(types).not.toContain('DuplicatePaymentRefunded');
    expect(gateway.ledger.moneyOfGroup(`deal-${deal.id}`).refunds).toEqual([]);
    expect(contextOf(deal.id).money).toMatchObject({
      chargedCents: 0,
      refundedCents: 0,
    });
  });
});

describe('repeated money commands are refused naming the state', () => {
  it('a second approve answers 409 with the state, and one transfer is made', async () => {
    const dealId = await deliveredDeal();
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/release`,
      headers: bearer(brand.token),
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/release`,
      headers: bearer(brand.token),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'Cannot release the funds while the deal is completed',
    );
    expect(
      gateway.ledger.moneyOfGroup(`deal-${dealId}`).transfers,
    ).toHaveLength(1);
  });

  it('a second admin refund answers 409, and one refund is made', async () => {
    const dealId = await deliveredDeal();
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${dealId}/refund`,
      headers: bearer(adminToken),
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${dealId}/refund`,
      headers: bearer(adminToken),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('The deal has already been refunded');
    expect(gateway.ledger.moneyOfGroup(`deal-${dealId}`).refunds).toHaveLength(
      1,
    );
  });
});

describe('Idempotency-Key on the money routes', () => {
  it('the same key twice on release gets the same answer, one intent and one transfer; the replay says so', async () => {
    const dealId = await deliveredDeal();
    const headers = {
      ...bearer(brand.token),
      'idempotency-key': 'release-once-1',
    };
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/release`,
      headers,
      payload: {},
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/release`,
      headers,
      payload: {},
    });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(
      (await typesOf(dealId)).filter((x) => x === 'FundsReleaseRequested'),
    ).toHaveLength(1);
    expect(
      gateway.ledger.moneyOfGroup(`deal-${dealId}`).transfers,
    ).toHaveLength(1);
  });

  it('the same key with a different body is refused with 422', async () => {
    const dealId = await deliveredDeal();
    const headers = {
      ...bearer(brand.token),
      'idempotency-key': 'release-body-1',
    };
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/release`,
      headers,
      payload: { note: 'a' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/release`,
      headers,
      payload: { note: 'b' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(
      'This Idempotency-Key was used with a different request',
    );
    expect(
      (await typesOf(dealId)).filter((x) => x === 'FundsReleaseRequested'),
    ).toHaveLength(1);
  });
});
