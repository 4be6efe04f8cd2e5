import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalsOf } from '@machines/escrow/escrow-accounts';
import {
  calendarOf,
  type YearOverviewDto,
} from '@machines/documents/year-figures';
import { isSimulated } from '@server/money/gateway/create-gateway';
import {
  acceptLink,
  claimHeader,
  createPaidRequest,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  creatorCsvColumns,
  operatorCsvColumns,
} from '@server/documents/year-figures';
import {
  bearer,
  createAuditor,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  signInAdmin,
  type TestApp,
} from '@tests/support/test-app';
import { pdfPages } from '@tests/support/pdf-text';

/**
 * Year figures: the creator's overview (JSON, PDF, CSV) and the operator's payouts per creator and
 * quarter (CSV), whose totals must equal what the deals' and requests' own escrow accounts paid.
 */
let t: TestApp;
let creator: Awaited<ReturnType<typeof registerUser>>;
let brand: Awaited<ReturnType<typeof registerUser>>;
let adminToken = '';
let auditorToken = '';

const identity = {
  legalName: 'Sanne de Vries',
  address: 'Damrak 1, 1012 LG Amsterdam, NL',
  birthDate: '1996-04-12',
  taxId: '123456782',
};
const linkIdentity = {
  ...identity,
  legalName: 'Joost Link',
  taxId: 'BE85010112345',
};

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
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers });
const simulated = () => {
  const gateway = t.ctx.payments.gateway;
  if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
  return gateway;
};

/** Sessions last a week: a new one after the clock moved. */
async function signIn(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'secret123' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

/** A request paid by the brand and completed by the creator; `approve` pays it out. */
async function completedRequest(): Promise<{ approve: () => Promise<void> }> {
  const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
  const done = await post(
    `/api/payment-requests/${id}/complete`,
    {},
    bearer(creator.token),
  );
  expect(done.statusCode).toBe(200);
  return {
    approve: async () => {
      expect(
        (await post(`/api/payment-requests/approve/${token}`)).statusCode,
      ).toBe(200);
      await t.ctx.quiesce();
    },
  };
}

/** A request disputed by the brand, then split or refunded by an admin. */
async function settledDispute(action: 'split' | 'refund'): Promise<number> {
  const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
  await post(`/api/payment-requests/${id}/complete`, {}, bearer(creator.token));
  expect(
    (
      await post(`/api/payment-requests/dispute/${token}`, {
        reason: 'Removed',
      })
    ).statusCode,
  ).toBe(200);
  const payload = action === 'split' ? { creatorCents: 10_000 } : undefined;
  const done = await post(
    `/api/admin/payment-requests/${id}/${action}`,
    payload,
    bearer(await signInAdmin(t.app)),
  );
  expect(done.statusCode, done.body).toBe(200);
  await t.ctx.quiesce();
  return id;
}

/** A deal accepted (by the signed-in creator, or a stranger without an account), onboarded with an identity and delivered; `release` pays it out. */
async function deliveredDeal(asCreator: boolean, who = identity) {
  const { id } = await createDeal(t.app, brand.token);
  await payDeal(t.app, t.ctx, brand.token, id);
  const gen = await post(
    `/api/deals/${id}/generate-token`,
    undefined,
    bearer(brand.token),
  );
  const link = (gen.json() as { token: string }).token;
  const headers = asCreator ? bearer(creator.token) : {};
  const accepted = await acceptLink(
    t.app,
    t.ctx,
    { kind: 'deal', token: link },
    { headers },
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  const onboarding = await post(`/api/deals/start-onboarding/${link}`, {
    identity: who,
  });
  expect(onboarding.statusCode, onboarding.body).toBe(200);
  const accountId = t.ctx.queries.deals.byId(id)!.context.onboardingAccountId!;
  await simulated().finishOnboarding(accountId, true);
  await t.ctx.quiesce();
  await get(`/api/deals/token/${link}`);
  expect((await post(`/api/deals/deliver/${link}`)).statusCode).toBe(200);
  return {
    release: async () => {
      const released = await post(
        `/api/deals/${id}/release`,
        undefined,
        bearer(brand.token),
      );
      expect(released.statusCode, released.body).toBe(200);
      await t.ctx.quiesce();
    },
  };
}

beforeAll(async () => {
  t = await createTestApp({
    REVIEW_PERIOD_HOURS: '2000',
    DISPUTE_PERIOD_HOURS: '2000',
  });
  creator = await registerUser(t.app, { companyName: 'Sanne Creates' });
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
  adminToken = await createRootAdmin(t);
  auditorToken = await createAuditor(t, adminToken);
  const started = await post(
    '/api/stripe/create-onboarding-link',
    { identity },
    bearer(creator.token),
  );
  const accountId = /\/sim\/onboarding\/([^?]+)/.exec(
    started.json().url as string,
  )![1]!;
  await simulated().finishOnboarding(accountId, true);
  await t.ctx.quiesce();
  // Q1: a payout, a split and a refund.
  await (await completedRequest()).approve();
  await settledDispute('split');
  await settledDispute('refund');
  const request = await completedRequest();
  const claimed = await deliveredDeal(true);
  const stranger = await deliveredDeal(false, linkIdentity);
  // Q2, from 00:30 on 1 April in Amsterdam (summer time): a payout and two deals released.
  t.clock.set('2026-03-31T22:30:00.000Z');
  creator = { ...creator, token: await signIn(creator.email) };
  brand = { ...brand, token: await signIn(brand.email) };
  await request.approve();
  await claimed.release();
  await stranger.release();
  adminToken = await signInAdmin(t.app);
  auditorToken = await signInAdmin(t.app, 'audit', 'audit-pass-1');
}, 120_000);
afterAll(() => t.close());

/** What the escrows' own accounts paid out, refunded and kept, over every deal and request of the store. */
function ledgerTotals(filter: (streamCreator: string | null) => boolean) {
  const records = [
    ...t.ctx.queries.requests
      .listAll()
      .map((r) => ({ who: r.creatorId as string | null, c: r.context })),
    ...t.ctx.queries.deals
      .listForAdmin('all')
      .map((d) => ({ who: d.context.claimedByUserId, c: d.context })),
  ];
  const sum = { paidOutCents: 0, refundedCents: 0, feeCents: 0 };
  for (const { c } of records.filter((r) => filter(r.who))) {
    sum.paidOutCents += totalsOf(c.accounts, 'payable').debits;
    sum.refundedCents += totalsOf(c.accounts, 'refundable').debits;
    sum.feeCents += totalsOf(c.accounts, 'fees').credits;
  }
  return sum;
}

const cents = (eur: string) => Math.round(Number(eur) * 100);
function parseCsv(body: string): Record<string, string>[] {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  const [head, ...rows] = body.slice(1).trimEnd().split('\r\n');
  const columns = head!.split(',');
  return rows.map((row) => {
    // The report's cells here hold no separator except the quoted address.
    const cells = row
      .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
      .map((c) =>
        c.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"'),
      );
    return Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
  });
}

describe('the year in Amsterdam time', () => {
  it('a payout just before midnight UTC on 31 December counts in January of the next year', () => {
    expect(calendarOf('2026-12-31T22:59:59.000Z')).toEqual({
      year: 2026,
      quarter: 4,
    });
    expect(calendarOf('2026-12-31T23:30:00.000Z')).toEqual({
      year: 2027,
      quarter: 1,
    });
    expect(calendarOf('2026-04-01T00:00:00.000+02:00')).toEqual({
      year: 2026,
      quarter: 2,
    });
  });

  it('agrees with the time-zone database for any instant, month ends and clock changes included', () => {
    const amsterdam = new Intl.DateTimeFormat('en-GB', {
      year: 'numeric',
      month: 'numeric',
      timeZone: 'Europe/Amsterdam',
    });
    const monthEnd = fc
      .record({
        year: fc.integer({ min: 1990, max: 2060 }),
        month: fc.integer({ min: 0, max: 11 }),
      })
      .chain(({ year, month }) =>
        fc
          .integer({ min: -4 * 3_600_000, max: 4 * 3_600_000 })
          .map((offset) => new Date(Date.UTC(year, month + 1, 1) + offset)),
      );
    const anyInstant = fc.date({
      min: new Date('1990-01-01'),
      max: new Date('2060-12-31'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(fc.oneof(monthEnd, anyInstant), (instant) => {
        const parts = amsterdam.formatToParts(instant);
        const month = Number(parts.find((p) => p.type === 'month')!.value);
        expect(calendarOf(instant)).toEqual({
          year: Number(parts.find((p) => p.type === 'year')!.value),
          quarter: Math.floor((month - 1) / 3) + 1,
        });
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("the creator's year overview", () => {
  it('lists every payout, split part and refund; its totals equal the escrow accounts of the creator', async () => {
    const res = await get(
      '/api/user/year-overview/2026',
      bearer(creator.token),
    );
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as YearOverviewDto;
    expect(doc.creator).toBe('Sanne Creates');
    expect(doc.lines.map((l) => l.kind)).toEqual([
      'payout',
      'split',
      'refund',
      'refund',
      'payout',
      'payout',
    ]);
    expect(doc.lines[0]).toMatchObject({
      subject: 'payment_request',
      brand: 'Acme',
      paidOutCents: 40_000,
      feeCents: 2_000,
    });
    expect(doc.lines.at(-1)).toMatchObject({
      subject: 'deal',
      brand: 'Acme BV',
      paidOutCents: 25_000,
      feeCents: 2_050,
    });
    const ledger = ledgerTotals((who) => who === creator.userId);
    expect(doc.totals).toEqual({ payouts: 4, ...ledger });
    expect(ledger.paidOutCents).toBe(40_000 + 10_000 + 40_000 + 25_000);
    // Another year is empty; a year that is no year is 400; without a session 401.
    expect(
      (await get('/api/user/year-overview/2025', bearer(creator.token))).json(),
    ).toMatchObject({ lines: [], totals: { payouts: 0 } });
    expect(
      (await get('/api/user/year-overview/20x6', bearer(creator.token)))
        .statusCode,
    ).toBe(400);
    expect((await get('/api/user/year-overview/2026')).statusCode).toBe(401);
    // The brand, who received no payout, has an empty year of its own, never the creator's.
    expect(
      (await get('/api/user/year-overview/2026', bearer(brand.token))).json(),
    ).toMatchObject({
      lines: [],
    });
  });

  it('prints as a PDF in English and Dutch, and downloads as CSV', async () => {
    const en = await get(
      '/api/user/year-overview/2026/pdf?lang=en',
      bearer(creator.token),
    );
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    const enText = (await pdfPages(new Uint8Array(en.rawPayload))).join(' ');
    expect(enText).toContain('Year overview 2026');
    expect(enText).toContain('Paid out to you');
    expect(enText).toContain('€1,150.00');
    const nl = await get(
      '/api/user/year-overview/2026/pdf?lang=nl',
      bearer(creator.token),
    );
    const nlText = (await pdfPages(new Uint8Array(nl.rawPayload))).join(' ');
    expect(nlText).toContain('Jaaroverzicht 2026');
    expect(nlText).toContain('Aan jou uitbetaald');
    expect(nlText).toContain('€ 1.150,00');

    const csv = await get(
      '/api/user/year-overview/2026/csv',
      bearer(creator.token),
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="year-overview-2026.csv"',
    );
    const rows = parseCsv(csv.body);
    expect(Object.keys(rows[0]!)).toEqual([...creatorCsvColumns]);
    expect(rows).toHaveLength(6);
    expect(rows.reduce((s, r) => s + cents(r.paid_out_eur!), 0)).toBe(115_000);
  });
});

describe("the operator's payouts per creator and quarter", () => {
  it('per creator four quarters with counts, fees kept and the identity from bank setup; totals equal the ledger', async () => {
    const res = await get(
      '/api/admin/reports/payouts/2026',
      bearer(adminToken),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="payouts-2026.csv"',
    );
    const rows = parseCsv(res.body);
    expect(Object.keys(rows[0]!)).toEqual([...operatorCsvColumns]);
    const mine = rows.filter((r) => r.creator === creator.userId);
    expect(mine.map((r) => r.quarter)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(mine[0]).toMatchObject({
      legal_name: 'Sanne de Vries',
      address: identity.address,
      birth_date: '1996-04-12',
      tax_id: '123456782',
      payouts: '2',
      paid_out_eur: '500.00',
    });
    expect(mine[1]).toMatchObject({
      payouts: '2',
      paid_out_eur: '650.00',
      fees_kept_eur: '40.50',
    });
    expect(mine[2]).toMatchObject({ payouts: '0', paid_out_eur: '0.00' });
    const stranger = rows.filter((r) => /^deal-\d+$/.test(r.creator!));
    expect(stranger).toHaveLength(4);
    expect(stranger[1]).toMatchObject({
      // A cell a spreadsheet would run as a formula (@…) is guarded.
      creator_name: "'@sanne.creates",
      legal_name: 'Joost Link',
      tax_id: 'BE85010112345',
      payouts: '1',
      paid_out_eur: '250.00',
    });

    // The year's totals equal the escrow accounts of every deal and request, and the money overview's days.
    const ledger = ledgerTotals(() => true);
    const sum = (column: string) =>
      rows.reduce((s, r) => s + cents(r[column]!), 0);
    expect(sum('paid_out_eur')).toBe(ledger.paidOutCents);
    expect(sum('fees_kept_eur')).toBe(ledger.feeCents);
    expect(sum('refunded_eur')).toBe(ledger.refundedCents);
    const overview = await get('/api/admin/money/overview', bearer(adminToken));
    expect(sum('paid_out_eur')).toBe(
      (overview.json() as { totals: { releasedCents: number } }).totals
        .releasedCents,
    );
  });

  it('auditors may download it; a user token, no token or a bad year are refused', async () => {
    const audited = await get(
      '/api/admin/reports/payouts/2026',
      bearer(auditorToken),
    );
    expect(audited.statusCode).toBe(200);
    expect(
      (await get('/api/admin/reports/payouts/2026', bearer(creator.token)))
        .statusCode,
    ).toBe(401);
    expect((await get('/api/admin/reports/payouts/2026')).statusCode).toBe(401);
    const bad = await get(
      '/api/admin/reports/payouts/1066',
      bearer(adminToken),
    );
    expect(bad.statusCode).toBe(400);
    expect(
      parseCsv(
        (await get('/api/admin/reports/payouts/2024', bearer(adminToken))).body,
      ),
    ).toEqual([]);
  });
});
