import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealContext } from '@machines/deal/deal.context';
import { heldCents } from '@machines/escrow/escrow-ledger';
import type { PaymentRequestContext } from '@machines/payment-request/payment-request.context';
import type { MoneyOverview } from '@projections/money.queries';
import {
  createPaidRequest,
  payDeal,
  deliverPaidDeal,
} from '@tests/support/flow-helpers';
import { isSimulated } from '@server/money/gateway/create-gateway';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  signInAdmin,
  type TestApp,
} from '@tests/support/test-app';

/** The admins' money overview: its totals are the sums over every deal's and request's own ledger. */
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;
let adminToken = '';
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
  adminToken = await createRootAdmin(t);
});
/** Admin sessions are short: a test that moves the clock by days signs in again. */
async function adminLogin() {
  adminToken = await signInAdmin(t.app);
}
afterAll(() => t.close());

const overview = async () => {
  const res = await t.app.inject({
    url: '/api/admin/money/overview',
    headers: bearer(adminToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MoneyOverview;
};

/** A paid deal whose creator accepted, connected a bank account and delivered: its review period runs. */
async function delivered(
  amount: string,
): Promise<{ id: number; link: string }> {
  const { id } = await createDeal(t.app, brand.token, { amount });
  const link = await deliverPaidDeal(t.app, t.ctx, brand.token, id);
  return { id, link };
}

/** The same figures summed over the deals' and requests' own folded ledgers (their read models). */
function sumsOverEntities() {
  const contexts = [
    ...t.ctx.readDb
      .prepare<[], { context: string }>('SELECT context FROM rm_deals')
      .all()
      .map((r) => JSON.parse(r.context) as DealContext),
    ...t.ctx.readDb
      .prepare<[], { context: string }>(
        'SELECT context FROM rm_payment_requests',
      )
      .all()
      .map((r) => JSON.parse(r.context) as PaymentRequestContext),
  ];
  const sum = (pick: (c: (typeof contexts)[number]) => number) =>
    contexts.reduce((total, c) => total + pick(c), 0);
  return {
    heldCents: sum(heldCents),
    chargedCents: sum((c) => c.money.chargedCents),
    releasedCents: sum((c) => c.money.transferredCents),
    refundedCents: sum((c) => c.money.refundedCents),
    feesCents: sum((c) => c.money.feeKeptCents),
  };
}

describe('money overview', () => {
  it('given released, refunded, held, disputed and unpaid deals and a paid request, then held, due and per-day totals equal the sums over the deals and requests', async () => {
    const released = await delivered('250');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/deals/${released.id}/release`,
          headers: bearer(brand.token),
        })
      ).statusCode,
    ).toBe(200);
    const refunded = await createDeal(t.app, brand.token, { amount: '120' });
    await payDeal(t.app, t.ctx, brand.token, refunded.id);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/deals/${refunded.id}/refund`,
          headers: bearer(adminToken),
        })
      ).statusCode,
    ).toBe(200);
    const reviewing = await delivered('100');
    const disputed = await delivered('80');
    const dispute = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${disputed.id}/dispute`,
      headers: bearer(brand.token),
      payload: { reason: 'Not as agreed' },
    });
    expect(dispute.statusCode, dispute.body).toBe(200);
    await createDeal(t.app, brand.token, { amount: '60' });
    const creator = await registerUser(t.app, { companyName: 'Sanne' });
    const request = await createPaidRequest(t.app, t.ctx, creator.token);
    await t.ctx.quiesce();

    const o = await overview();
    const expected = sumsOverEntities();
    expect(o.heldCents).toBe(expected.heldCents);
    expect(o.totals).toEqual({
      chargedCents: expected.chargedCents,
      releasedCents: expected.releasedCents,
      refundedCents: expected.refundedCents,
      feesCents: expected.feesCents,
    });
    expect(o.totals).toMatchObject({
      releasedCents: 25_000,
      feesCents: 2_050,
      refundedCents: 12_984,
    });
    expect(o.days).toHaveLength(90);
    expect(o.days.at(-1)).toMatchObject({
      day: '2026-03-02',
      releasedCents: 25_000,
    });
    // Held now: the reviewing and disputed deals and the paid request (the release and the refund have left).
    expect(o.heldCents).toBe(10_820 + 8_656 + 42_000);
    // The review period (48 h) and the dispute (72 h) release on their own within 7 days, not within 24 hours.
    expect(o.dueIn24hCents).toBe(0);
    expect(o.dueIn7dCents).toBe(10_000 + 8_000);
    expect(o.disputedCents).toBe(0);

    // A chargeback on the request takes its money out of the escrow into disputed funds.
    const sessionId = t.ctx.queries.requests.byId(request.id)!.context
      .checkoutSessionId!;
    const gateway = t.ctx.payments.gateway;
    if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
    const chargeback = await t.app.inject({
      method: 'POST',
      url: `/sim/payments/${sessionId}?key=${gateway.accessKey('payer', sessionId)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=chargeback',
    });
    expect(chargeback.statusCode, chargeback.body).toBe(200);
    await t.ctx.quiesce();
    const charged = await overview();
    expect(charged.disputedCents).toBe(42_000);
    expect(charged.heldCents).toBe(10_820 + 8_656);
    t.clock.advance(47 * HOUR);
    await adminLogin();
    expect((await overview()).dueIn24hCents).toBe(10_000);
    expect(
      t.ctx.queries.deals.byId(reviewing.id)!.context.reviewPeriodEndsAt,
    ).toBe('2026-03-04T09:00:00.000Z');
  }, 60_000);

  it('exports the 90 days as RFC 4180 CSV (CRLF, BOM, euros with cents) for admins and auditors, and refuses others', async () => {
    const res = await t.app.inject({
      url: '/api/admin/money/overview/export',
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="money-2026-03-0\d\.csv"/,
    );
    expect(
      res.body.startsWith(
        '\uFEFFday,charged_eur,released_eur,refunded_eur,fees_eur\r\n',
      ),
    ).toBe(true);
    const rows = parse(res.body, { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(rows).toHaveLength(90);
    expect(rows.find((r) => r.day === '2026-03-02')).toMatchObject({
      released_eur: '250.00',
      fees_eur: '20.50',
      refunded_eur: '129.84',
    });
    expect(
      (
        await t.app.inject({
          url: '/api/admin/money/overview/export',
          headers: bearer(brand.token),
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/admin/money/overview' })).statusCode,
    ).toBe(401);
  });
});
