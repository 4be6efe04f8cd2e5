import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import { acceptLink, payDeal } from '@tests/support/flow-helpers';
import { until, useLiveTestApp } from '@tests/support/sse-client';
import { bearer, createDeal, registerUser } from '@tests/support/test-app';

const live = useLiveTestApp();
let brand: Awaited<ReturnType<typeof registerUser>>;
let creator: Awaited<ReturnType<typeof registerUser>>;
const openStream = (path: string) => live.openStream(path);

beforeAll(async () => {
  brand = await registerUser(live.t.app);
  creator = await registerUser(live.t.app);
});

async function linkFor(dealId: number): Promise<string> {
  const gen = await live.t.app.inject({
    method: 'POST',
    url: `/api/deals/${dealId}/generate-token`,
    headers: bearer(brand.token),
  });
  expect(gen.statusCode, gen.body).toBe(200);
  return (gen.json() as { token: string }).token;
}

async function acceptDeal(link: string): Promise<void> {
  const res = await acceptLink(live.t.app, live.t.ctx, {
    kind: 'deal',
    token: link,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function createRequest(
  title: string,
): Promise<{ id: number; token: string }> {
  const res = await live.t.app.inject({
    method: 'POST',
    url: '/api/payment-requests',
    headers: bearer(creator.token),
    payload: {
      title,
      description: 'One reel',
      amount: '400',
      brandName: 'Acme',
      brandEmail: 'marketing@acme.example',
      deadline: '2026-03-20',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { id: number; shareableToken: string };
  return { id: body.id, token: body.shareableToken };
}

async function acceptRequest(token: string): Promise<void> {
  const res = await acceptLink(live.t.app, live.t.ctx, {
    kind: 'payment-request',
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('token-scoped live streams', () => {
  it('given a stream for one deal link, when that deal and another deal change, then only notices for that deal arrive', async () => {
    const watched = await createDeal(live.t.app, brand.token, {
      title: 'Watched',
    });
    const other = await createDeal(live.t.app, brand.token, { title: 'Other' });
    await payDeal(live.t.app, live.t.ctx, brand.token, watched.id);
    await payDeal(live.t.app, live.t.ctx, brand.token, other.id);
    const watchedLink = await linkFor(watched.id);
    const stream = await openStream(`/api/events/stream/deal/${watchedLink}`);

    // The other deal changes first: were its notices delivered, they would be in the stream before the watched one's.
    await acceptDeal(await linkFor(other.id));
    const head = await live.t.ctx.store.headPosition();
    await acceptDeal(watchedLink);
    await until(
      () => stream.notices.length > 0,
      'a change notice for the watched deal',
    );

    expect(
      stream.notices.every((n) => n.kind === 'deal' && n.id === watched.id),
      JSON.stringify(stream.notices),
    ).toBe(true);
    expect(stream.notices[0]).toEqual({
      kind: 'deal',
      id: watched.id,
      type: expect.any(String),
      position: expect.any(Number),
    });
    // The link's claim notices (its address confirmed, its claim) come too; of the deal's own, one.
    await until(
      () => stream.notices.some((n) => n.type === 'CreatorAccepted'),
      'the acceptance',
    );
    const own = stream.notices.filter((n) => !n.type.startsWith('Link'));
    expect(own.map((n) => n.type)).toEqual(['CreatorAccepted']);
    expect(stream.notices[0]!.position).toBeGreaterThan(head);
  });

  it('given a stream for one payment-request link, when that request and another request change, then only notices for that request arrive', async () => {
    const watched = await createRequest('Watched reel');
    const stream = await openStream(
      `/api/events/stream/request/${watched.token}`,
    );

    const other = await createRequest('Other reel');
    await acceptRequest(other.token);
    await acceptRequest(watched.token);
    await until(
      () => stream.notices.length > 0,
      'a change notice for the watched request',
    );

    expect(
      stream.notices.every(
        (n) => n.kind === 'payment-request' && n.id === watched.id,
      ),
      JSON.stringify(stream.notices),
    ).toBe(true);
    expect(stream.notices[0]).toEqual({
      kind: 'payment-request',
      id: watched.id,
      type: expect.any(String),
      position: expect.any(Number),
    });
    await until(
      () => stream.notices.some((n) => n.type === 'PaymentRequestAccepted'),
      'the acceptance',
    );
    const own = stream.notices.filter((n) => !n.type.startsWith('Link'));
    expect(own.map((n) => n.type)).toEqual(['PaymentRequestAccepted']);
  });

  it('given an admin stream, when deals and requests of different users change, then notices for all of them arrive; a user token is refused', async () => {
    const admins = createAdminAccounts({
      run: live.t.ctx.run,
      unique: live.t.ctx.unique,
      accounts: live.t.ctx.queries.accounts,
    });
    await live.t.ctx.settle(
      (
        await admins.create('live-admin', 'admin-pass-1', 'auditor', {
          actor: { kind: 'system', id: 'test' },
        })
      ).position,
    );
    const login = await live.t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { username: 'live-admin', password: 'admin-pass-1' },
    });
    const adminToken = (login.json() as { token: string }).token;

    const refused = await live.t.app.inject({
      url: `/api/admin/events/stream?access_token=${brand.token}`,
    });
    expect(refused.statusCode).toBe(401);
    expect(live.t.ctx.live.size).toBe(0);

    const stream = await openStream(
      `/api/admin/events/stream?access_token=${encodeURIComponent(adminToken)}`,
    );
    const deal = await createDeal(live.t.app, brand.token, {
      title: 'Seen by admin',
    });
    const request = await createRequest('Admin sees this reel');
    await until(
      () =>
        stream.notices.some((n) => n.kind === 'deal' && n.id === deal.id) &&
        stream.notices.some(
          (n) => n.kind === 'payment-request' && n.id === request.id,
        ),
      'notices for both',
    );
    expect(stream.notices.some((n) => n.kind === 'user')).toBe(false);
  });

  it('given unknown or wrong-kind tokens, when opening a stream, then 404 JSON and no listener is registered', async () => {
    const deal = await createDeal(live.t.app, brand.token);
    const dealLink = await linkFor(deal.id);
    const request = await createRequest('Some reel');
    const cases = [
      {
        url: '/api/events/stream/deal/no-such-token',
        code: 'deal_not_found',
        message: 'Deal not found',
      },
      {
        url: '/api/events/stream/request/no-such-token',
        code: 'payment_request_not_found',
        message: 'Payment request not found',
      },
      {
        url: `/api/events/stream/deal/${request.token}`,
        code: 'deal_not_found',
        message: 'Deal not found',
      },
      {
        url: `/api/events/stream/request/${dealLink}`,
        code: 'payment_request_not_found',
        message: 'Payment request not found',
      },
    ];
    for (const c of cases) {
      const res = await live.t.app.inject({ url: c.url });
      expect(res.statusCode, `${c.url}: ${res.body}`).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({
        error: 'not_found',
        code: c.code,
        params: {},
        message: c.message,
      });
    }
    expect(live.t.ctx.live.size).toBe(0);
  });
});
