import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSimulated } from '@server/money/gateway/create-gateway';
import {
  acceptLink,
  anyEmailCode,
  claimHeader,
  connectPayouts as connectPayoutsOf,
  createPaidRequest,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createAuditor,
  createRootAdmin,
  createTestApp,
  registerUser,
  signInAdmin,
  type TestApp,
} from '@tests/support/test-app';

/**
 * A payment request is escrow too: the creator completes a paid request (a note, links), the brand
 * reviews it through its link (approve, dispute with a reason, or decline while pending), the
 * timers release it, and admins release, refund or split a disputed one. Through app.inject.
 */
let t: TestApp;
let creator: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp({
    REVIEW_PERIOD_HOURS: '48',
    DISPUTE_PERIOD_HOURS: '72',
  });
  creator = await registerUser(t.app, { companyName: null });
  await createAuditor(t, await createRootAdmin(t));
});
afterAll(() => t.close());

/** A POST from the brand's browser: its claim secret goes along to the link's routes. */
const post = (
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...claimHeader(url.split('/').pop()!), ...headers },
    ...(payload ? { payload } : {}),
  });

/** A new request from the creator to the brand's address, not yet accepted; answers its link token. */
async function pendingRequest(title: string): Promise<string> {
  const created = await post(
    '/api/payment-requests',
    {
      title,
      description: `One ${title.toLowerCase()}`,
      amount: '100',
      brandName: 'Acme',
      brandEmail: 'marketing@acme.example',
      deadline: '2026-03-20',
    },
    bearer(creator.token),
  );
  return created.json().shareableToken as string;
}
const complete = (id: number, payload: object = {}) =>
  post(`/api/payment-requests/${id}/complete`, payload, bearer(creator.token));
const link = async (token: string) =>
  (await t.app.inject({ url: `/api/payment-requests/token/${token}` })).json();

const connectPayouts = () => connectPayoutsOf(t.app, t.ctx, creator.token);

describe('the creator completes, the brand reviews', () => {
  it('given a paid request, when completed with a note and links, then the brand sees them and the review end', async () => {
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    const tooMany = await complete(id, {
      links: Array.from({ length: 6 }, (_, i) => `https://x.example/${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
    const script = await complete(id, { links: ['javascript:alert(1)'] });
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toContain('http');
    const done = await complete(id, {
      note: 'Reel is live',
      links: ['https://instagram.com/p/1'],
    });
    expect(done.statusCode, done.body).toBe(200);
    const seen = await link(token);
    expect(seen).toMatchObject({
      status: 'delivered',
      delivery: { note: 'Reel is live', links: ['https://instagram.com/p/1'] },
      reviewPeriodEndsAt: new Date(
        t.clock.now().getTime() + 48 * 3_600_000,
      ).toISOString(),
      state: { can: ['approve', 'dispute'] },
    });
  });

  it('given a completed request, when the brand approves, then the payout goes to the creator and it is completed', async () => {
    await connectPayouts();
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    await complete(id);
    // A stranger with only the link cannot review: the brand's browser holds it.
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/payment-requests/approve/${token}`,
    });
    expect(stranger.json().code).toBe('request_claimed_elsewhere');
    const approved = await post(`/api/payment-requests/approve/${token}`);
    expect(approved.statusCode, approved.body).toBe(200);
    await t.ctx.quiesce();
    const record = t.ctx.queries.requests.byId(id)!;
    expect(record.status).toBe('completed');
    expect(record.context.releaseTrigger).toBe('brand');
    expect(record.context.transferId).toMatch(/^tr_/);
    expect(
      (await post(`/api/payment-requests/approve/${token}`)).statusCode,
    ).toBe(409);
  });

  it('given a request paid out, when the cardholder charges it back weeks later, then the chargeback is recorded, written off, and its outcome closes it', async () => {
    await connectPayouts();
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    await complete(id);
    expect(
      (await post(`/api/payment-requests/approve/${token}`)).statusCode,
    ).toBe(200);
    await t.ctx.quiesce();
    const sessionId =
      t.ctx.queries.requests.byId(id)!.context.checkoutSessionId!;
    const gateway = t.ctx.payments.gateway;
    if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
    const sim = (outcome: string) =>
      t.app.inject({
        method: 'POST',
        url: `/sim/payments/${sessionId}?key=${gateway.accessKey('payer', sessionId)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `outcome=${outcome}`,
      });
    expect((await sim('chargeback')).statusCode).toBe(200);
    await t.ctx.quiesce();
    let c = t.ctx.queries.requests.byId(id)!.context;
    expect(t.ctx.queries.requests.byId(id)!.status).toBe('completed');
    expect(c.chargebacks).toEqual([
      expect.objectContaining({ status: 'open' }),
    ]);
    // The escrow paid out already: what the bank took is money under a chargeback.
    expect(c.accounts.totals.disputed?.credits ?? 0).toBeGreaterThan(0);
    // The brand's link tells where it stands, without ids or the bank's reasons.
    expect((await link(token)).chargeback).toEqual({
      status: 'open',
      amountCents: c.chargebacks[0]!.amountCents,
    });
    expect((await sim('lost')).statusCode).toBe(200);
    await t.ctx.quiesce();
    expect((await link(token)).chargeback).toMatchObject({ status: 'lost' });
    c = t.ctx.queries.requests.byId(id)!.context;
    expect(c.chargebacks).toEqual([
      expect.objectContaining({ status: 'lost' }),
    ]);
    // Admins read the outcome on the request: lost, when, and why.
    const admin = await t.app.inject({
      url: `/api/admin/payment-requests/${id}`,
      headers: bearer(await signInAdmin(t.app)),
    });
    expect(admin.json().chargebacks).toEqual([
      expect.objectContaining({
        status: 'lost',
        closedAt: expect.any(String),
        outcomeReason: expect.any(String),
      }),
    ]);
  });

  it('given the payment provider unreachable, when the brand approves, then 202 waiting for the provider (not for a bank account), and the payout completes once when it returns', async () => {
    await connectPayouts();
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    await complete(id);
    const gateway = t.ctx.payments.gateway;
    if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
    gateway.failTransfersWith('gateway_unavailable');
    try {
      const approved = await post(
        `/api/payment-requests/approve/${token}`,
        undefined,
        {
          'idempotency-key': `approve-${id}`,
        },
      );
      expect(approved.statusCode, approved.body).toBe(202);
      expect(approved.json()).toMatchObject({
        success: true,
        pending: true,
        waitingFor: 'provider',
        request: {
          status: 'completed',
          payoutPending: true,
          payoutWaitingFor: 'provider',
        },
      });
      const own = await t.app.inject({
        url: '/api/payment-requests',
        headers: bearer(creator.token),
      });
      expect(
        (own.json() as { id: number; payoutWaitingFor: string }[]).find(
          (r) => r.id === id,
        ),
      ).toMatchObject({ payoutWaitingFor: 'provider' });
    } finally {
      gateway.failTransfersWith(null);
    }
    await expect
      .poll(
        async () => {
          await t.ctx.quiesce();
          return t.ctx.queries.requests.byId(id)!.context.transferId;
        },
        { timeout: 5_000 },
      )
      .toMatch(/^tr_/);
    expect(
      gateway.ledger.transfers.filter(
        (x) => x.transferGroup === `payment-request-${id}`,
      ),
    ).toHaveLength(1);
    expect((await link(token)).payoutWaitingFor).toBeNull();
  });

  it('given a completed request left alone, when the review period ends, then the timers release it', async () => {
    const { id } = await createPaidRequest(t.app, t.ctx, creator.token);
    await complete(id);
    t.clock.advance(48 * 3_600_000 - 1_000);
    await t.ctx.payments.reactor.tick();
    await t.ctx.quiesce();
    expect(t.ctx.queries.requests.byId(id)!.status).toBe('delivered');
    t.clock.advance(1_000);
    await t.ctx.payments.reactor.tick();
    await t.ctx.quiesce();
    const c = t.ctx.queries.requests.byId(id)!;
    expect(c.status).toBe('completed');
    expect(c.context.releaseTrigger).toBe('review_period_elapsed');
  });

  it('given a pending request, when the brand declines, then it is rejected and can no longer be paid', async () => {
    const token = await pendingRequest('Story');
    const declined = await post(`/api/payment-requests/reject/${token}`, {
      reason: 'No budget',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().request).toMatchObject({
      status: 'rejected',
      state: { can: [] },
    });
    expect(
      (await post(`/api/payment-requests/accept/${token}`, anyEmailCode))
        .statusCode,
    ).toBe(409);
  });

  it("given an accepted request, when someone holding only its link starts a checkout, then 403 and the brand's checkout stays open", async () => {
    const token = await pendingRequest('Reel');
    const link = { kind: 'payment-request', token } as const;
    expect((await acceptLink(t.app, t.ctx, link)).statusCode).toBe(200);
    const url = `/api/payment-requests/${token}/checkout`;
    expect((await post(url, undefined, claimHeader(token))).statusCode).toBe(
      200,
    );
    const session =
      t.ctx.queries.requests.byToken(token)!.context.checkoutSessionId;
    const stranger = await t.app.inject({ method: 'POST', url });
    expect(stranger.statusCode, stranger.body).toBe(403);
    expect(stranger.json()).toMatchObject({
      code: 'request_claimed_elsewhere',
    });
    expect(
      t.ctx.queries.requests.byToken(token)!.context.checkoutSessionId,
    ).toBe(session);
  });

  it('given an accepted request, when someone holding only its link declines it, then 403 and it stays accepted', async () => {
    const token = await pendingRequest('Post');
    const link = { kind: 'payment-request', token } as const;
    expect((await acceptLink(t.app, t.ctx, link)).statusCode).toBe(200);
    const url = `/api/payment-requests/reject/${token}`;
    const stranger = await t.app.inject({
      method: 'POST',
      url,
      payload: { reason: 'Mine now' },
    });
    expect(stranger.statusCode, stranger.body).toBe(403);
    expect(stranger.json()).toMatchObject({
      code: 'request_claimed_elsewhere',
    });
    const wrong = { 'x-claim-secret': 'f'.repeat(43) };
    expect((await post(url, { reason: 'x' }, wrong)).statusCode).toBe(403);
    const view = await t.app.inject({
      url: `/api/payment-requests/token/${token}`,
    });
    expect(view.json()).toMatchObject({ status: 'accepted' });
    // The browser that accepted it still declines.
    const declined = await post(url, { reason: 'No budget after all' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().request).toMatchObject({ status: 'rejected' });
  });
});

describe('a disputed request', () => {
  async function disputed() {
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    await complete(id, { links: ['https://tiktok.com/@c/video/1'] });
    expect(
      (await post(`/api/payment-requests/dispute/${token}`, { reason: '' }))
        .statusCode,
    ).toBe(400);
    const long = 'x'.repeat(4_001);
    expect(
      (await post(`/api/payment-requests/dispute/${token}`, { reason: long }))
        .statusCode,
    ).toBe(400);
    const opened = await post(`/api/payment-requests/dispute/${token}`, {
      reason: 'The video was removed after a day',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().request).toMatchObject({
      status: 'dispute',
      dispute: { reason: 'The video was removed after a day', status: 'open' },
    });
    return { id, token };
  }
  // Admin sessions are short and earlier tests moved the clock: sign in afresh.
  const admin = async (
    id: number,
    action: string,
    payload?: object,
    auditor = false,
  ) => {
    const token = auditor
      ? await signInAdmin(t.app, 'audit', 'audit-pass-1')
      : await signInAdmin(t.app);
    return post(
      `/api/admin/payment-requests/${id}/${action}`,
      payload,
      bearer(token),
    );
  };

  it('given a dispute, when an admin splits it, then the creator gets a part, the brand the rest, and it is split_resolved', async () => {
    const { id, token } = await disputed();
    // The preview is the split's own arithmetic and refusals; admins only, and nothing moves.
    const preview = async (cents: number, auditor = false) =>
      t.app.inject({
        url: `/api/admin/payment-requests/${id}/split-preview?creatorCents=${cents}`,
        headers: bearer(
          auditor
            ? await signInAdmin(t.app, 'audit', 'audit-pass-1')
            : await signInAdmin(t.app),
        ),
      });
    expect((await preview(20_000, true)).statusCode).toBe(403);
    const shown = await preview(20_000);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({
      creatorCents: 20_000,
      feeKeptCents: 1_000,
      refundCents: 21_000,
      chargedCents: 42_000,
      amountCents: 40_000,
    });
    expect((await preview(0)).json()).toMatchObject({
      code: 'split_amount_invalid',
    });
    expect((await preview(40_000)).json()).toMatchObject({
      code: 'split_whole_amount',
    });
    expect(t.ctx.queries.requests.byId(id)!.status).toBe('dispute');
    expect(
      (await admin(id, 'split', { creatorCents: 20_000 }, true)).statusCode,
    ).toBe(403);
    expect(
      (await admin(id, 'split', { creatorCents: 40_000 })).statusCode,
    ).toBe(400);
    const split = await admin(id, 'split', { creatorCents: 20_000 });
    expect(split.statusCode, split.body).toBe(200);
    await t.ctx.quiesce();
    const answer = (
      await t.app.inject({
        url: `/api/admin/payment-requests/${id}`,
        headers: bearer(await signInAdmin(t.app)),
      })
    ).json();
    expect(answer).toMatchObject({
      status: 'split_resolved',
      split: {
        creatorCents: 20_000,
        feeKeptCents: 1_000,
        refundCents: 21_000,
        transfer: 'succeeded',
        refund: 'succeeded',
      },
      dispute: { status: 'resolved' },
    });
    expect((await link(token)).status).toBe('split_resolved');
  });

  it('given a dispute, when an admin refunds, then the brand gets everything back', async () => {
    const { id } = await disputed();
    const refunded = await admin(id, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    await t.ctx.quiesce();
    expect(t.ctx.queries.requests.byId(id)!.status).toBe('refunded');
    expect(t.ctx.queries.requests.byId(id)!.context.money.refundedCents).toBe(
      42_000,
    );
  });

  it('given a dispute left alone, when the dispute period ends, then it is released to the creator', async () => {
    const { id } = await disputed();
    t.clock.advance(72 * 3_600_000);
    await t.ctx.payments.reactor.tick();
    await t.ctx.quiesce();
    const c = t.ctx.queries.requests.byId(id)!.context;
    expect(c.releaseTrigger).toBe('dispute_period_elapsed');
    expect(c.dispute?.status).toBe('auto_resolved');
  });
});
