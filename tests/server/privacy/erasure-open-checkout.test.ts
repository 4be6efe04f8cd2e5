import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  simulatedGatewayOf,
  type TestApp,
} from '@tests/support/test-app';

/*
 * A brand's deal whose checkout is open holds the erasure back: the payment page stays payable at
 * the gateway, and the money would arrive for a deal whose brand can no longer sign in. Deleting
 * the deal (which closes its payment page) lets the erasure go through.
 */
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;
let dealId = 0;
let sessionId = '';
beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app);
  dealId = (await createDeal(t.app, brand.token)).id;
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    headers: bearer(brand.token),
    payload: { dealId },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  sessionId = t.ctx.queries.deals.byId(dealId)!.context.checkoutSessionId!;
});
afterAll(() => t.close());

const erase = (lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/profile/erase',
    headers: { ...bearer(brand.token), 'accept-language': lang },
    payload: { password: 'secret123' },
  });

describe('erasure with a deal whose checkout is open', () => {
  it('is refused with 409 erasure_checkout_open in English and Dutch, and records nothing', async () => {
    const en = await erase();
    expect(en.statusCode, en.body).toBe(409);
    expect(en.json()).toMatchObject({
      code: 'erasure_checkout_open',
      params: { count: 1 },
    });
    expect(en.json().message).toContain('can still be paid');
    expect((await erase('nl')).json().message).toContain(
      'kan nog worden betaald',
    );
    const events = await t.ctx.store.readAll();
    expect(events.some((e) => e.type === 'PersonalDataErasureRequested')).toBe(
      false,
    );
  });

  it('goes through once the deal is deleted, whose payment page can no longer be paid', async () => {
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/deals/${dealId}`,
      headers: bearer(brand.token),
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    await t.ctx.quiesce();
    const erased = await erase();
    expect(erased.statusCode, erased.body).toBe(200);

    const gateway = simulatedGatewayOf(t);
    await expect(gateway.payCheckout(sessionId, 'card')).rejects.toThrow(
      /expired/,
    );
    expect(gateway.ledger.sessions.get(sessionId)!.chargeId).toBeNull();
  });
});
