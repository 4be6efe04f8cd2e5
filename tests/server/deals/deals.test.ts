import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptAndConnect,
  anyEmailCode,
  claimHeader,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  dealPayload,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app);
});
afterAll(() => t.close());

describe('deals', () => {
  it('given a brand, when it creates a deal, then the answer has fees, machine and state, and the list shows it at once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: bearer(brand.token),
      payload: dealPayload({ amount: '250' }),
    });
    expect(res.statusCode).toBe(201);
    const deal = res.json();
    expect(deal).toMatchObject({
      amount: '250.00',
      platformFee: '20.50',
      totalAmount: '270.50',
      status: 'pending_payment',
      brandName: expect.any(String),
    });
    expect(deal.machine.value).toBe('pending_payment');
    expect(deal.machine.context.ownerId).toBe(brand.userId);
    expect(deal.state).toMatchObject({
      status: 'pending_payment',
      step: 1,
      badge: 'yellow',
    });
    expect(deal.state.can).toEqual(
      expect.arrayContaining(['edit', 'delete', 'generateLink', 'checkout']),
    );
    const list = await t.app.inject({
      url: '/api/deals',
      headers: bearer(brand.token),
    });
    expect(list.json().map((d: { id: number }) => d.id)).toContain(deal.id);
  });

  it('given an amount above 1750, when creating, then 400 with the exact cap message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: bearer(brand.token),
      payload: dealPayload({ amount: '1750.01' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation_failed',
      code: 'invalid_input',
      params: {
        detail:
          'The product currently supports deals up to €1,750. For larger deals, please contact us.',
        input: 'deal_amount_cap',
      },
      message:
        'The product currently supports deals up to €1,750. For larger deals, please contact us.',
    });
    const nl = await t.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: { ...bearer(brand.token), 'accept-language': 'nl' },
      payload: dealPayload({ amount: '1750.01' }),
    });
    expect(nl.json().message).toBe(
      'Deals kunnen op dit moment hooguit €1.750 zijn. Neem voor grotere deals contact met ons op.',
    );
  });

  it('given an input issue, then its rule and field are codes and the Dutch text is made from them', async () => {
    const answer = async (language: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/deals',
          headers: { ...bearer(brand.token), 'accept-language': language },
          payload: dealPayload({ title: 'x'.repeat(301) }),
        })
      ).json();
    const en = await answer('en');
    expect(en.params).toEqual({
      detail: 'Title must be at most 300 characters',
      input: 'too_long',
      field: 'title',
      max: 300,
    });
    expect(en.message).toBe('Title must be at most 300 characters');
    expect((await answer('nl')).message).toBe(
      'Titel mag hooguit 300 tekens lang zijn.',
    );
    // A zod issue whose schema names no rule is read by its code when the field is known.
    const deliverable = await t.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: { ...bearer(brand.token), 'accept-language': 'nl' },
      payload: dealPayload({
        deliverables: Array.from({ length: 21 }, (_, i) => `d${i}`),
      }),
    });
    expect(deliverable.json().params).toMatchObject({
      input: 'too_many',
      field: 'deliverables',
    });
    expect(deliverable.json().message).toBe('Hooguit 20 deliverables.');
  });

  it('given missing required fields, when creating, then 400 naming the field', async () => {
    for (const [field, message] of [
      ['influencer', 'Influencer is required'],
      ['description', 'Description is required'],
      ['amount', 'Amount is required'],
    ] as const) {
      const payload: Record<string, unknown> = dealPayload();
      delete payload[field];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/deals',
        headers: bearer(brand.token),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const nonsense = await t.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: bearer(brand.token),
      payload: dealPayload({ amount: 'abc' }),
    });
    expect(nonsense.json().message).toBe(
      'Amount must be a positive number with at most 2 decimals',
    );
  });

  it('given a pending_payment deal, when updated, then the terms change; when deleted, then it is gone', async () => {
    const deal = await createDeal(t.app, brand.token);
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/api/deals/${deal.id}`,
      headers: bearer(brand.token),
      payload: dealPayload({ amount: 100, title: 'New' }),
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({
      amount: '100.00',
      platformFee: '8.20',
      totalAmount: '108.20',
      title: 'New',
    });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/deals/${deal.id}`,
      headers: bearer(brand.token),
    });
    expect(del.json()).toEqual({ success: true, id: deal.id });
    expect(
      (
        await t.app.inject({
          url: `/api/deals/${deal.id}`,
          headers: bearer(brand.token),
        })
      ).statusCode,
    ).toBe(404);
    const list = await t.app.inject({
      url: '/api/deals',
      headers: bearer(brand.token),
    });
    expect(list.json().map((d: { id: number }) => d.id)).not.toContain(deal.id);
  });

  it('given a deal, when generate-token is called twice, then the same 128-bit token and accept URL come back', async () => {
    const deal = await createDeal(t.app, brand.token);
    const a = (
      await t.app.inject({
        method: 'POST',
        url: `/api/deals/${deal.id}/generate-token`,
        headers: bearer(brand.token),
      })
    ).json();
    const b = (
      await t.app.inject({
        method: 'POST',
        url: `/api/deals/${deal.id}/generate-token`,
        headers: bearer(brand.token),
      })
    ).json();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(b.token).toBe(a.token);
    expect(a.shareableUrl).toBe(`http://app.test/accept/${a.token}`);
    const link = await t.app.inject({ url: `/api/deals/token/${a.token}` });
    expect(link.statusCode).toBe(200);
    const body = link.json();
    expect(body.machine.context.ownerId).toBeNull();
    expect(JSON.stringify(body)).not.toContain(brand.email);
    expect(JSON.stringify(body)).not.toContain(brand.userId);
  });

  it('given an unpaid deal, when the creator accepts, then 409 names the status; unknown tokens are 404 "Deal not found"', async () => {
    const deal = await createDeal(t.app, brand.token);
    const { token } = (
      await t.app.inject({
        method: 'POST',
        url: `/api/deals/${deal.id}/generate-token`,
        headers: bearer(brand.token),
      })
    ).json();
    // The deal's refusal comes before the e-mail code is looked at.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/deals/accept/${token}`,
      payload: anyEmailCode,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('pending_payment');
    const unknown = await t.app.inject({
      url: '/api/deals/token/nope-nope-nope-nope-nope',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Deal not found');
  });

  it('given a paid deal, the full flow: payment-status, accept, bank, deliver, dispute, release after dispute', async () => {
    const deal = await createDeal(t.app, brand.token);
    const before = await t.app.inject({
      url: `/api/deals/${deal.id}/payment-status`,
      headers: bearer(brand.token),
    });
    expect(before.json().updated).toBe(false);
    await payDeal(t.app, t.ctx, brand.token, deal.id);
    expect(
      (
        await t.app.inject({
          url: `/api/deals/${deal.id}/payment-status`,
          headers: bearer(brand.token),
        })
      ).json().updated,
    ).toBe(true);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/deals/${deal.id}`,
      headers: bearer(brand.token),
      payload: dealPayload(),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toContain('pending_delivery');
    const link = await acceptAndConnect(t.app, t.ctx, brand.token, deal.id);
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/api/deals/deliver/${link}`,
      headers: claimHeader(link),
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().deal).toMatchObject({
      status: 'delivered',
      stripeAccountId: 'connected',
    });
    const dispute = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/dispute`,
      headers: bearer(brand.token),
    });
    expect(dispute.statusCode).toBe(200);
    expect(dispute.json().deal.dispute).toMatchObject({
      reason: 'Not satisfied with deliverables',
      status: 'open',
    });
    const release = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/release`,
      headers: bearer(brand.token),
    });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json().deal.status).toBe('approved_after_dispute');
    const stats = await t.app.inject({
      url: '/api/user/stats',
      headers: bearer(brand.token),
    });
    expect(stats.json().successfulDeals).toBeGreaterThanOrEqual(1);
  });

  it('given a delivered deal, when the brand releases, then completed; a second release is refused (409) and moves no money', async () => {
    const deal = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, deal.id);
    const link = await acceptAndConnect(t.app, t.ctx, brand.token, deal.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/deals/deliver/${link}`,
      headers: claimHeader(link),
    });
    const release = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/release`,
      headers: bearer(brand.token),
    });
    expect(release.json().deal.status).toBe('completed');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/release`,
      headers: bearer(brand.token),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Cannot release the funds while the deal is completed',
    );
    const released = (await t.ctx.store.readStream(`deal-${deal.id}`)).filter(
      (e) => e.type === 'FundsReleased',
    );
    expect(released).toHaveLength(1);
  });

  it('given a delivered deal, when the brand releases twice with one Idempotency-Key, then the same answer twice, one transfer; the key on another route body is refused (422)', async () => {
    const deal = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, deal.id);
    const link = await acceptAndConnect(t.app, t.ctx, brand.token, deal.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/deals/deliver/${link}`,
      headers: claimHeader(link),
    });
    const headers = {
      ...bearer(brand.token),
      'idempotency-key': 'approve-once-1',
    };
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/release`,
      headers,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().deal.status).toBe('completed');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/release`,
      headers,
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const stream = await t.ctx.store.readStream(`deal-${deal.id}`);
    expect(
      stream.filter((e) => e.type === 'FundsReleaseRequested'),
    ).toHaveLength(1);
    expect(stream.filter((e) => e.type === 'FundsReleased')).toHaveLength(1);
    // Without the key, the repeat is a new command and the statechart refuses it.
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/release`,
      headers: bearer(brand.token),
    });
    expect(bare.statusCode).toBe(409);
    const otherBody = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/release`,
      headers,
      payload: { note: 'different' },
    });
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json().error).toBe('idempotency_mismatch');
  });

  it('given a bad Idempotency-Key, then 400 with a message', async () => {
    const deal = await createDeal(t.app, brand.token);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/release`,
      headers: { ...bearer(brand.token), 'idempotency-key': 'x'.repeat(300) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Idempotency-Key must be 1 to 255 visible ASCII characters',
    );
  });

  it('given deals in several statuses, when listing, then sorted by docs/product.md §4 and filtered server-side', async () => {
    const other = await registerUser(t.app);
    const paid = await createDeal(t.app, other.token, { influencer: 'paid' });
    await createDeal(t.app, other.token, { influencer: 'unpaid' });
    await payDeal(t.app, t.ctx, other.token, paid.id);
    const all = (
      await t.app.inject({ url: '/api/deals', headers: bearer(other.token) })
    ).json();
    expect(all.map((d: { status: string }) => d.status)).toEqual([
      'pending_delivery',
      'pending_payment',
    ]);
    const completed = (
      await t.app.inject({
        url: '/api/deals?filter=completed',
        headers: bearer(other.token),
      })
    ).json();
    expect(completed).toEqual([]);
    const bad = await t.app.inject({
      url: '/api/deals?filter=nope',
      headers: bearer(other.token),
    });
    expect(bad.statusCode).toBe(400);
    const dash = (
      await t.app.inject({
        url: '/api/dashboard/stats',
        headers: bearer(other.token),
      })
    ).json();
    expect(dash).toMatchObject({
      totalDeals: 2,
      activeDeals: 2,
      completedDeals: 0,
    });
    expect(dash.recentDeals).toHaveLength(2);
  });

  it('given a paid deal, when manual-complete is called in test mode, then completed', async () => {
    const deal = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, deal.id);
    const link = await acceptAndConnect(t.app, t.ctx, brand.token, deal.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/deals/deliver/${link}`,
      headers: claimHeader(link),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/manual-complete`,
      headers: bearer(brand.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deal.status).toBe('completed');
  });
});
