import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSimulated } from '@server/money/gateway/create-gateway';
import {
  bearer,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import {
  acceptLink,
  anyEmailCode,
  claimHeader,
} from '@tests/support/flow-helpers';

let t: TestApp;
let creator: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp();
  creator = await registerUser(t.app);
});
afterAll(() => t.close());

const payload = (o: Record<string, unknown> = {}) => ({
  creatorName: 'Creator',
  creatorEmail: '',
  title: 'Instagram reel',
  description: 'One reel',
  amount: '400',
  brandName: 'Acme',
  brandEmail: 'marketing@acme.example',
  brandHandle: '@acme',
  deadline: '2026-03-20',
  ...o,
});
const create = async (o: Record<string, unknown> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment-requests',
    headers: bearer(creator.token),
    payload: payload(o),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('payment requests', () => {
  it('given a creator, when creating a request, then 5 % fee, shareableUrl and expiry at the end of the deadline day', async () => {
    const r = await create();
    expect(r).toMatchObject({
      amount: '400.00',
      platformFee: '20.00',
      totalAmount: '420.00',
      status: 'pending',
      creatorEmail: null,
      expiresAt: '2026-03-20T23:59:59.999Z',
    });
    expect(r.shareableUrl).toBe(
      `http://app.test/pay-request/${r.shareableToken}`,
    );
    expect(r.state).toMatchObject({ status: 'pending', step: 1 });
    const list = (
      await t.app.inject({
        url: '/api/payment-requests',
        headers: bearer(creator.token),
      })
    ).json();
    expect(list[0]).toMatchObject({
      id: r.id,
      brandName: 'Acme',
      brandEmail: 'marketing@acme.example',
      brandHandle: '@acme',
    });
  });

  it("given no creator name in the payload, then the brand sees the creator's company name, else the username", async () => {
    const r = await create({ creatorName: '' });
    expect(r.creatorName).toMatch(/^Brand \d+$/);
    const solo = await registerUser(t.app, { companyName: null });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment-requests',
      headers: bearer(solo.token),
      payload: payload({ creatorName: '' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().creatorName).toBe(solo.username);
    const page = (
      await t.app.inject({
        url: `/api/payment-requests/token/${res.json().shareableToken}`,
      })
    ).json();
    expect(page.creatorName).toBe(solo.username);
  });

  it('given a far deadline, then the request expires 30 days after creation', async () => {
    const r = await create({ deadline: '2026-12-31' });
    expect(r.expiresAt).toBe('2026-04-01T09:00:00.000Z');
  });

  it('given bad input, then 400 with field messages', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payment-requests',
      headers: bearer(creator.token),
      payload: payload({ brandEmail: 'nope' }),
    });
    expect(bad.json().message).toBe('Invalid email address');
    const noTitle = await t.app.inject({
      method: 'POST',
      url: '/api/payment-requests',
      headers: bearer(creator.token),
      payload: payload({ title: '' }),
    });
    expect(noTitle.json().message).toBe('Title is required');
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/payment-requests',
      headers: bearer(creator.token),
      payload: payload({ deadline: '2026-01-01' }),
    });
    expect(past.statusCode).toBe(400);
  });

  it('given a request link, the brand accepts, pays through checkout, and the creator completes it for review', async () => {
    const r = await create();
    const link = await t.app.inject({
      url: `/api/payment-requests/token/${r.shareableToken}`,
    });
    expect(link.statusCode).toBe(200);
    expect(link.json().machine.context.request.creatorId).toBeNull();
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/payment-requests/${r.id}/complete`,
      headers: bearer(creator.token),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('pending');
    const token = r.shareableToken;
    const accepted = await acceptLink(t.app, t.ctx, {
      kind: 'payment-request',
      token,
    });
    expect(accepted.json().request.status).toBe('accepted');
    const checkout = await t.app.inject({
      method: 'POST',
      url: `/api/payment-requests/${r.shareableToken}/checkout`,
      headers: claimHeader(token),
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json().url).toMatch(/^http/);
    const gateway = t.ctx.payments.gateway;
    if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
    await gateway.payCheckout(
      t.ctx.queries.requests.byId(r.id)!.context.checkoutSessionId!,
      'card',
    );
    await t.ctx.settle(await t.ctx.store.headPosition());
    expect(
      (
        await t.app.inject({
          url: `/api/payment-requests/token/${r.shareableToken}`,
        })
      ).json().status,
    ).toBe('paid');
    const other = await registerUser(t.app);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/payment-requests/${r.id}/complete`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(404);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/payment-requests/${r.id}/complete`,
      headers: bearer(creator.token),
    });
    expect(done.statusCode, done.body).toBe(200);
    // Completed by the creator: the brand reviews it now (approve or dispute), nothing is paid out yet.
    expect(done.json()).toMatchObject({
      status: 'delivered',
      state: { step: 5, can: ['approve', 'dispute'] },
      delivery: { note: null, links: [] },
      reviewPeriodEndsAt: expect.any(String),
    });
  });

  it('given an unpaid request past expiry, when opened by token, then 410 "Payment request has expired"', async () => {
    const r = await create({ deadline: '2026-03-05' });
    t.clock.advance(4 * 24 * 3_600_000);
    const res = await t.app.inject({
      url: `/api/payment-requests/token/${r.shareableToken}`,
    });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({
      error: 'expired',
      code: 'payment_request_expired',
      params: {},
      message: 'Payment request has expired',
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/payment-requests/accept/${r.shareableToken}`,
          payload: anyEmailCode,
        })
      ).json().message,
    ).toBe('Payment request has expired');
    t.clock.advance(-4 * 24 * 3_600_000);
  });

  it('given a pending request, when the brand rejects it, then rejected; unknown tokens are 404', async () => {
    const r = await create();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payment-requests/reject/${r.shareableToken}`,
      payload: { reason: 'No budget' },
    });
    expect(res.json().request.status).toBe('rejected');
    expect(
      (
        await t.app.inject({
          url: '/api/payment-requests/token/unknown-token-unknown',
        })
      ).json().message,
    ).toBe('Payment request not found');
  });
});
