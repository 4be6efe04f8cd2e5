import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendNotificationEvent,
  linkPushStreamId,
} from '@server/notifications/notification-streams';
import {
  acceptAndConnect,
  acceptLink,
  claimHeader,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/*
 * A deal link's push slots belong to the claim: once accepted, only the accepting browser (its
 * claim secret) or the signed-in creator who accepted subscribes or unsubscribes; it can always
 * replace older devices; a link rotation drops the old link's subscriptions, recorded with the brand.
 */
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp({ PUSH_SERVICE_HOSTS: 'push.example' });
  brand = await registerUser(t.app);
});
afterAll(async () => t?.close());

const sub = (n: number) => ({
  endpoint: `https://push.example/claim-${n}`,
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});
const subscribe = (
  link: string,
  n: number,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/deals/link/${link}/notifications`,
    headers,
    payload: { subscription: sub(n) },
  });
const endpoints = (dealId: number) =>
  t.ctx.queries.notifications.linkSubscriptions(dealId).map((s) => s.endpoint);
const linkEvents = async (dealId: number) =>
  (await t.ctx.store.readStream(linkPushStreamId(dealId))).map((e) => ({
    type: e.type,
    data: e.data,
    actor: (e.metadata as { actor: { kind: string; id: string } }).actor,
  }));

async function acceptedDeal() {
  const { id } = await createDeal(t.app, brand.token);
  await payDeal(t.app, t.ctx, brand.token, id);
  const link = await acceptAndConnect(t.app, t.ctx, brand.token, id);
  return { id, link };
}

describe('link push slots belong to the claim', () => {
  it('given an accepted deal, when someone else holding the link subscribes or unsubscribes, then 403; the accepting browser may', async () => {
    const { id, link } = await acceptedDeal();
    const stranger = await subscribe(link, 1);
    expect(stranger.statusCode).toBe(403);
    expect(endpoints(id)).toEqual([]);
    expect((await subscribe(link, 1, claimHeader(link))).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/deals/link/${link}/notifications/off`,
      payload: { endpoint: sub(1).endpoint },
    });
    expect(off.statusCode).toBe(403);
    expect(endpoints(id)).toEqual([sub(1).endpoint]);
  });

  it('given a deal nobody accepted yet, when someone subscribes with the link, then 409: push starts with the claim', async () => {
    const { id } = await createDeal(t.app, brand.token);
    const link = (
      await t.app.inject({
        method: 'POST',
        url: `/api/deals/${id}/generate-token`,
        headers: bearer(brand.token),
      })
    ).json().token as string;
    const res = await subscribe(link, 1);
    expect(res.statusCode).toBe(409);
    expect(endpoints(id)).toEqual([]);
  });

  it('given a signed-in creator who accepted, when subscribing with their login (no claim secret), then it is theirs too', async () => {
    const creator = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, id);
    const link = (
      await t.app.inject({
        method: 'POST',
        url: `/api/deals/${id}/generate-token`,
        headers: bearer(brand.token),
      })
    ).json().token as string;
    const headers = bearer(creator.token);
    const accepted = await acceptLink(
      t.app,
      t.ctx,
      { kind: 'deal', token: link },
      { headers },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await subscribe(link, 2, bearer(creator.token))).statusCode).toBe(
      200,
    );
    expect((await subscribe(link, 3, bearer(brand.token))).statusCode).toBe(
      403,
    );
    expect(endpoints(id)).toEqual([sub(2).endpoint]);
  });

  it('given ten devices, when the claimer adds an eleventh, then the oldest is replaced (an event by the creator link)', async () => {
    const { id, link } = await acceptedDeal();
    for (let n = 0; n < 10; n++)
      expect(
        (await subscribe(link, 100 + n, claimHeader(link))).statusCode,
      ).toBe(200);
    const eleventh = await subscribe(link, 110, claimHeader(link));
    expect(eleventh.statusCode, eleventh.body).toBe(200);
    expect(endpoints(id)).toHaveLength(10);
    expect(endpoints(id)).not.toContain(sub(100).endpoint);
    expect(endpoints(id)).toContain(sub(110).endpoint);
    expect(
      (await linkEvents(id)).filter(
        (e) => e.type === 'DealLinkPushUnsubscribed',
      ),
    ).toEqual([
      {
        type: 'DealLinkPushUnsubscribed',
        data: { dealId: id, endpoint: sub(100).endpoint, reason: 'replaced' },
        actor: { kind: 'creator-link', id: `deal-${id}` },
      },
    ]);
  });

  it('given subscriptions made with a link before acceptance, when the brand rotates the link, then they are dropped, each by an event with the brand as actor', async () => {
    const { id } = await createDeal(t.app, brand.token);
    await t.app.inject({
      method: 'POST',
      url: `/api/deals/${id}/generate-token`,
      headers: bearer(brand.token),
    });
    // As an earlier version let anyone holding the link do.
    for (const n of [7, 8]) {
      const { position } = await appendNotificationEvent(
        t.ctx,
        linkPushStreamId(id),
        {
          type: 'DealLinkPushSubscribed',
          data: { dealId: id, subscription: sub(n), language: 'en' },
        },
        'any',
        { actor: { kind: 'creator-link', id: `deal-${id}` } },
      );
      await t.ctx.settle(position);
    }
    expect(endpoints(id)).toHaveLength(2);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${id}/rotate-token`,
      headers: bearer(brand.token),
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(endpoints(id)).toEqual([]);
    const dropped = (await linkEvents(id)).filter(
      (e) => e.type === 'DealLinkPushUnsubscribed',
    );
    expect(dropped.map((e) => e.data)).toEqual([
      { dealId: id, endpoint: sub(7).endpoint, reason: 'link_rotated' },
      { dealId: id, endpoint: sub(8).endpoint, reason: 'link_rotated' },
    ]);
    expect(
      dropped.every(
        (e) => e.actor.kind === 'brand' && e.actor.id === brand.userId,
      ),
    ).toBe(true);
  });
});
