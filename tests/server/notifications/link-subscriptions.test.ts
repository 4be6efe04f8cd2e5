import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptAndConnect,
  claimHeader,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/* Push for one deal through its link: the link and the claim are the credential; bad input is a clear 4xx. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUSH_SERVICE_HOSTS: 'push.example' });
});
afterAll(async () => t?.close());

const sub = (n: number) => ({
  endpoint: `https://push.example/device-${n}`,
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});

describe('deal link push subscriptions', () => {
  it('subscribes and unsubscribes one browser for one deal; the deal only knows its own', async () => {
    const brand = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, id);
    const link = await acceptAndConnect(t.app, t.ctx, brand.token, id);
    const other = await createDeal(t.app, brand.token);

    const on = await t.app.inject({
      method: 'POST',
      url: `/api/deals/link/${link}/notifications`,
      headers: claimHeader(link),
      payload: { subscription: sub(1), language: 'nl' },
    });
    expect(on.json()).toEqual({ subscribed: true });
    expect(t.ctx.queries.notifications.linkSubscriptions(id)).toEqual([sub(1)]);
    expect(t.ctx.queries.notifications.linkLanguage(id)).toBe('nl');
    expect(t.ctx.queries.notifications.linkSubscriptions(other.id)).toEqual([]);
    const status = await t.app.inject({
      url: `/api/deals/link/${link}/notifications?endpoint=${encodeURIComponent(sub(1).endpoint)}`,
    });
    expect(status.json()).toEqual({ subscribed: true });

    const off = await t.app.inject({
      method: 'POST',
      url: `/api/deals/link/${link}/notifications/off`,
      headers: claimHeader(link),
      payload: { endpoint: sub(1).endpoint },
    });
    expect(off.json()).toEqual({ subscribed: false });
    expect(t.ctx.queries.notifications.linkSubscriptions(id)).toEqual([]);
  });

  it('answers 404 for an unknown link, 400 for a malformed subscription; beyond ten devices the newest replaces the oldest', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/deals/link/nope-nope-nope-nope-nope/notifications',
          payload: { subscription: sub(1) },
        })
      ).statusCode,
    ).toBe(404);
    const brand = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, id);
    const link = await acceptAndConnect(t.app, t.ctx, brand.token, id);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/deals/link/${link}/notifications`,
      headers: claimHeader(link),
      payload: { subscription: { endpoint: 'not a url' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: expect.stringContaining('subscription'),
    });
    const subscribe = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/deals/link/${link}/notifications`,
        headers: claimHeader(link),
        payload: { subscription: sub(n) },
      });
    for (let n = 0; n < 10; n++)
      expect((await subscribe(n)).statusCode).toBe(200);
    // Re-subscribing a known device moves it to the newest; an eleventh device replaces the oldest.
    expect((await subscribe(0)).statusCode).toBe(200);
    expect((await subscribe(10)).statusCode).toBe(200);
    const endpoints = t.ctx.queries.notifications
      .linkSubscriptions(id)
      .map((s) => s.endpoint);
    expect(endpoints).toHaveLength(10);
    expect(endpoints).toContain(sub(0).endpoint);
    expect(endpoints).not.toContain(sub(1).endpoint);
  });
});
