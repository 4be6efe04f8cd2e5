import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSimulated } from '@server/money/gateway/create-gateway';
import {
  acceptAndConnect,
  createPaidRequest,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/** Link pages are opened by whoever holds the token: they must carry no internal ids. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const settle = async () => t.ctx.settle(await t.ctx.store.headPosition());

describe('link views', () => {
  it('given a paid, connected deal with a chargeback hold, when the creator opens the link, then no owner, payment, refund or dispute ids are shown', async () => {
    const brand = await registerUser(t.app);
    const deal = await createDeal(t.app, brand.token);
    const id = deal.id as number;
    await payDeal(t.app, t.ctx, brand.token, id);
    const link = await acceptAndConnect(t.app, t.ctx, brand.token, id);
    const gateway = t.ctx.payments.gateway;
    if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
    await gateway.openChargeback(
      t.ctx.queries.deals.byId(id)!.context.chargeId!,
      'fraudulent',
    );
    await settle();

    const owner = (
      await t.app.inject({
        url: `/api/deals/${id}`,
        headers: bearer(brand.token),
      })
    ).json();
    expect(owner.onHold).toBe(true);
    expect(owner.machine.context.paymentIntentId).toEqual(expect.any(String));

    const body = (await t.app.inject({ url: `/api/deals/token/${link}` })).body;
    const view = JSON.parse(body);
    expect(view.stripeAccountId).toBe('connected');
    expect(view.machine.context).toMatchObject({
      ownerId: null,
      paymentIntentId: null,
      chargeId: null,
      checkoutSessionId: null,
      chargebacks: [],
      duplicateRefunds: [],
    });
    expect(view.machine.context.hold.reason).toBe('');
    expect(body).not.toContain(brand.userId);
    expect(body).not.toContain(brand.email);
    expect(body).not.toMatch(/"(pi|ch|cs|dp|acct)_[A-Za-z0-9]/);
  });

  it('given a paid request with a chargeback, when the brand opens the link, then no creator, payment or dispute ids are shown', async () => {
    const creator = await registerUser(t.app);
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    const gateway = t.ctx.payments.gateway;
    if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
    await gateway.openChargeback(
      t.ctx.queries.requests.byId(id)!.context.chargeId!,
      'fraudulent',
    );
    await settle();

    const body = (
      await t.app.inject({ url: `/api/payment-requests/token/${token}` })
    ).body;
    const view = JSON.parse(body);
    expect(view.status).toBe('paid');
    expect(view.machine.context).toMatchObject({
      paymentIntentId: null,
      chargeId: null,
      checkoutSessionId: null,
      chargebacks: [],
    });
    expect(view.machine.context.request.creatorId).toBeNull();
    expect(body).not.toContain(creator.userId);
    expect(body).not.toMatch(/"(pi|ch|cs|dp|acct)_[A-Za-z0-9]/);
  });
});

describe('a failed checkout', () => {
  it('given a failed checkout session, when the creator opens the link, then its session id is not shown', async () => {
    const brand = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token);
    const gen = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${id}/generate-token`,
      headers: bearer(brand.token),
    });
    const link = gen.json().token as string;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/create-checkout-session',
          headers: bearer(brand.token),
          payload: { dealId: id },
        })
      ).statusCode,
    ).toBe(200);
    const gateway = t.ctx.payments.gateway;
    if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
    const sessionId = t.ctx.queries.deals.byId(id)!.context.checkoutSessionId!;
    await gateway.failCheckout(sessionId);
    await settle();
    expect(t.ctx.queries.deals.byId(id)!.context.lastFailedSessionId).toBe(
      sessionId,
    );

    const body = (await t.app.inject({ url: `/api/deals/token/${link}` })).body;
    expect(body).not.toContain(sessionId);
    expect(JSON.parse(body).machine.context.lastFailedSessionId).toBeNull();
  });
});
