import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { join } from 'node:path';
import type { EventText } from '@machines/events/event-texts';
import { englishText } from '@tests/support/event-text';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dealMachine } from '@machines/deal/deal.machine';
import { dealStateView } from '@machines/deal/deal.view';
import { decodeEvent } from '@machines/events/codec';
import { initialOf, fold, stateKey } from '@machines/statechart';
import type { DealEvent } from '@machines/deal/deal.events';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import {
  csvColumns,
  disputeCsvRows,
  disputeExportSchema,
} from '@server/admin/disputes';
import {
  createPaidRequest,
  payDeal,
  deliverPaidDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

const DAY = 86_400_000;
let t: TestApp;
let adminToken = '';
let auditorToken = '';
let brand: Awaited<ReturnType<typeof registerUser>>;
const get = (url: string, token = auditorToken) =>
  t.app.inject({ url, headers: bearer(token) });
const post = (
  url: string,
  payload?: Record<string, unknown>,
  token = adminToken,
) =>
  t.app.inject(
    payload === undefined
      ? { method: 'POST', url, headers: bearer(token) }
      : { method: 'POST', url, headers: bearer(token), payload },
  );

async function login(username: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/admin-login',
    payload: { username, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

/** A deal delivered and disputed by the brand (with a link, a connected account and a payment). */
async function disputedDeal(reason = 'Late, and "not" what we asked, sorry') {
  const deal = await createDeal(t.app, brand.token, {
    title: 'Spring, launch "A"',
  });
  const link = await deliverPaidDeal(t.app, t.ctx, brand.token, deal.id);
  const disputed = await t.app.inject({
    method: 'POST',
    url: `/api/deals/${deal.id}/dispute`,
    headers: bearer(brand.token),
    payload: { reason },
  });
  expect(disputed.statusCode, disputed.body).toBe(200);
  return { id: deal.id, link };
}

beforeAll(async () => {
  t = await createTestApp({ HOLD_AGE_ALERT_DAYS: '30' });
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
  const admins = createAdminAccounts({
    run: t.ctx.run,
    unique: t.ctx.unique,
    accounts: t.ctx.queries.accounts,
  });
  await admins.bootstrap('root', 'root-pass-1');
  const { position } = await admins.create('audit', 'audit-pass-1', 'auditor', {
    actor: { kind: 'system', id: 'test' },
  });
  await t.ctx.settle(position);
  adminToken = await login('root', 'root-pass-1');
  auditorToken = await login('audit', 'audit-pass-1');
});
afterAll(() => t.close());
// Tests move the clock by days: sign everyone in again so no token has expired.
beforeEach(async () => {
  adminToken = await login('root', 'root-pass-1');
  auditorToken = await login('audit', 'audit-pass-1');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: brand.email, password: 'secret123' },
  });
  expect(res.statusCode, res.body).toBe(200);
  brand = { ...brand, token: res.json().token as string };
});

describe('the account view of a deal', () => {
  it('given a deal paid, delivered and approved, then each money event shows balanced postings with its reference and the balances after it', async () => {
    const deal = await createDeal(t.app, brand.token, { title: 'Ledger' });
    await deliverPaidDeal(t.app, t.ctx, brand.token, deal.id);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/release`,
      headers: bearer(brand.token),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await t.ctx.quiesce();
    const history = (
      await get(`/api/admin/deals/${deal.id}/events`)
    ).json() as {
      type: string;
      ledger: {
        lines: {
          kind: string;
          debit: string;
          credit: string;
          amountCents: number;
        }[];
        reference: string | null;
        balances: {
          account: string;
          balanceCents: number;
          pendingCents: number;
        }[];
      };
    }[];
    const moved = history.filter((e) => e.ledger.lines.length > 0);
    const { amountCents, feeCents: fee } = t.ctx.queries.deals.byId(deal.id)!
      .context.amounts!;
    const charged = amountCents + fee;
    expect(moved.map((e) => [e.type, e.ledger.lines])).toEqual([
      [
        'PaymentSucceeded',
        [
          {
            kind: 'posted',
            debit: 'gateway',
            credit: 'escrow',
            amountCents: charged,
          },
        ],
      ],
      [
        'FundsReleaseRequested',
        [{ kind: 'reserved', debit: 'escrow', credit: 'payable', amountCents }],
      ],
      [
        'FundsReleased',
        [
          { kind: 'settled', debit: 'escrow', credit: 'payable', amountCents },
          { kind: 'posted', debit: 'payable', credit: 'gateway', amountCents },
          // The fee is earned when the creator is paid.
          { kind: 'posted', debit: 'escrow', credit: 'fees', amountCents: fee },
        ],
      ],
    ]);
    // The payment's reference is redacted for the auditor; the transfer's is shown.
    expect(moved[0]!.ledger.reference).toBe('present');
    expect(moved[2]!.ledger.reference).toMatch(/^tr_/);
    // Every account after the release: the escrow and payable empty, the fee earned.
    const after = Object.fromEntries(
      moved[2]!.ledger.balances.map((b) => [
        b.account,
        [b.balanceCents, b.pendingCents],
      ]),
    );
    expect(after).toEqual({
      gateway: [fee, 0],
      escrow: [0, 0],
      payable: [0, 0],
      refundable: [0, 0],
      fees: [fee, 0],
      disputed: [0, 0],
      losses: [0, 0],
    });
    // Events that move no money show no lines and no reference.
    expect(
      history.find((e) => e.type === 'CreatorAccepted')!.ledger,
    ).toMatchObject({
      lines: [],
      reference: null,
    });
  });
});

describe('replay timeline', () => {
  it('given a disputed deal with a note, then each entry shows the fold of its prefix, actors by name and why automatic steps happened', async () => {
    const { id } = await disputedDeal();
    expect(
      (
        await post(`/api/admin/deals/${id}/notes`, {
          note: 'Asked the creator for the raw files.',
        })
      ).statusCode,
    ).toBe(200);
    // The dispute period runs out: the timer reactor releases the funds.
    t.clock.advance(73 * 3_600_000);
    await t.ctx.payments.reactor.tick();
    // The timer records the intent; the payments reactor makes the transfer and records it.
    await expect
      .poll(
        async () => (await t.ctx.store.readStream(`deal-${id}`)).at(-1)?.type,
        {
          timeout: 10_000,
        },
      )
      .toBe('FundsReleased');
    await t.ctx.settle(await t.ctx.store.headPosition());
    auditorToken = await login('audit', 'audit-pass-1');

    const res = await get(`/api/admin/deals/${id}/events`);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json() as {
      type: string;
      state: string;
      recordedState: string | null;
      actor: { kind: string; name: string };
      summary: EventText;
      view: Record<string, unknown>;
    }[];
    const stored = (await t.ctx.store.readStream(`deal-${id}`)).map(
      (r) => decodeEvent(r) as DealEvent,
    );
    expect(entries).toHaveLength(stored.length);
    entries.forEach((entry, i) => {
      const snapshot = fold(
        dealMachine,
        stored.slice(0, i + 1),
        initialOf(dealMachine),
      );
      const view = dealStateView(snapshot, stored[i]!.metadata.at);
      expect(entry.state).toBe(stateKey(snapshot.value));
      expect(entry.recordedState).toBe(entry.state);
      expect(entry.view).toMatchObject({
        status: view.status,
        step: view.step,
        can: view.can,
        onHold: view.onHold,
      });
    });
    const by = (type: string) => entries.find((e) => e.type === type)!;
    expect(by('DealCreated').actor).toEqual({
      kind: 'brand',
      name: brand.username,
    });
    expect(by('CreatorAccepted').actor.name).toBe('creator (link)');
    expect(by('PaymentSucceeded').actor.name).toBe('payment provider');
    expect(by('PaymentSucceeded').view['heldCents']).toBe(27_050);
    expect(by('DealNoteAdded')).toMatchObject({
      actor: { kind: 'admin', name: 'root' },
      state: 'dispute',
    });
    expect(englishText(by('DealNoteAdded').summary)).toBe(
      'Note by root: Asked the creator for the raw files.',
    );
    expect(by('DisputePeriodElapsed').actor.name).toBe('timer');
    const released = by('FundsReleased');
    expect(englishText(released.summary)).toMatch(
      /^Released €250\.00 automatically: dispute period ended at 2026-03-0\dT\d\d:\d\d:\d\d\.\d{3}Z unresolved\.$/,
    );
    expect(released.view['heldCents']).toBe(0);
    expect(
      JSON.stringify(entries.map((e) => [e.actor, e.summary])),
    ).not.toContain(brand.userId);

    const timeline = (
      await get(`/api/admin/disputes/${id}/timeline`)
    ).json() as {
      type: string;
      actor: { name: string };
    }[];
    expect(timeline.find((e) => e.type === 'DealNoteAdded')?.actor.name).toBe(
      'root',
    );

    const page = (await get(`/api/admin/disputes/${id}`)).json();
    expect(page.outcome).toBe('auto_released');
    expect(
      page.automatic.map((e: { type: string; summary: EventText }) => [
        e.type,
        englishText(e.summary).split(':')[0],
      ]),
    ).toEqual([
      [
        'DisputePeriodElapsed',
        'Dispute period ended at 2026-03-05T09'.split(':')[0],
      ],
      ['FundsReleaseRequested', 'Release of €250.00 requested automatically'],
      ['FundsReleased', 'Released €250.00 automatically'],
    ]);
    expect(page.decisions).toEqual([]);
    expect(page.evidence.map((e: { by: string }) => e.by)).toEqual([
      brand.username,
      'root',
    ]);
    expect(
      page.money.map((m: { kind: string; amountCents: number }) => [
        m.kind,
        m.amountCents,
      ]),
    ).toEqual([
      ['payment', 27_050],
      ['release', 25_000],
    ]);
  });

  it('a note is accepted in a final state without changing it; an empty note is 400; auditors get 403', async () => {
    const deal = await createDeal(t.app, brand.token);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/deals/${deal.id}`,
      headers: bearer(brand.token),
    });
    expect(t.ctx.queries.deals.byId(deal.id)?.status ?? 'deleted').toBe(
      'deleted',
    );
    expect(
      (await post(`/api/admin/deals/${deal.id}/notes`, { note: '  ' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          `/api/admin/deals/${deal.id}/notes`,
          { note: 'x' },
          auditorToken,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('one redaction rule for every admin and auditor answer', () => {
  it('given a deal and a request with links, sessions, accounts and payments, no admin view carries those ids', async () => {
    const { id } = await disputedDeal();
    const creator = await registerUser(t.app);
    const request = await createPaidRequest(t.app, t.ctx, creator.token);
    const c = t.ctx.queries.deals.byId(id)!.context;
    const r = t.ctx.queries.requests.byId(request.id)!
      .context as unknown as Record<string, unknown>;
    const secrets = [
      c.shareableToken,
      c.checkoutSessionId,
      c.paymentIntentId,
      c.chargeId,
      c.stripeAccountId,
      c.onboardingAccountId,
      request.token,
      r['checkoutSessionId'],
      r['paymentIntentId'],
    ].filter((v): v is string => typeof v === 'string' && v.length > 0);
    expect(secrets.length).toBeGreaterThanOrEqual(8);
    const urls = [
      '/api/admin/deals',
      `/api/admin/deals/${id}`,
      `/api/admin/deals/${id}/events`,
      `/api/admin/disputes/${id}/timeline`,
      '/api/admin/disputes',
      `/api/admin/disputes/${id}`,
      `/api/admin/disputes/${id}/export?format=json`,
      `/api/admin/disputes/${id}/export?format=csv`,
      '/api/admin/disputes/export?format=csv',
      '/api/admin/payment-requests',
      `/api/admin/payment-requests/${request.id}`,
    ];
    for (const token of [adminToken, auditorToken]) {
      for (const url of urls) {
        const res = await get(url, token);
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        for (const secret of secrets)
          expect(res.body, `${url} leaks ${secret}`).not.toContain(secret);
      }
    }
    const dto = (await get(`/api/admin/deals/${id}`)).json();
    expect(dto).toMatchObject({
      shareableToken: 'present',
      stripeAccountId: 'present',
      machine: {
        context: { paymentIntentId: 'present', checkoutSessionId: 'present' },
      },
    });
    const link = (
      (await get(`/api/admin/deals/${id}/events`)).json() as {
        type: string;
        data: { token?: string };
      }[]
    ).find((e) => e.type === 'ShareLinkGenerated');
    expect(link?.data.token).toBe('present');
  });
});

describe('disputes for auditors', () => {
  it('lists every deal ever disputed with its outcome, filters by outcome and date, and exports JSON and CSV that read back', async () => {
    const open = await disputedDeal('=HYPERLINK("http://evil")');
    const refunded = await disputedDeal();
    expect(
      (await post(`/api/admin/deals/${refunded.id}/hold`)).statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/admin/deals/${refunded.id}/refund`)).statusCode,
    ).toBe(200);

    const all = (await get('/api/admin/disputes')).json() as {
      dealId: number;
      outcome: string;
    }[];
    expect(all.find((d) => d.dealId === open.id)?.outcome).toBe('open');
    expect(all.find((d) => d.dealId === refunded.id)?.outcome).toBe('refunded');
    expect(
      (
        (await get('/api/admin/disputes?outcome=refunded')).json() as {
          dealId: number;
        }[]
      ).map((d) => d.dealId),
    ).toContain(refunded.id);
    expect(
      (
        (await get('/api/admin/disputes?outcome=refunded')).json() as {
          outcome: string;
        }[]
      ).every((d) => d.outcome === 'refunded'),
    ).toBe(true);
    const now = t.clock.now();
    expect(
      (
        await get(
          `/api/admin/disputes?from=${new Date(now.getTime() + DAY).toISOString()}`,
        )
      ).json(),
    ).toEqual([]);
    expect((await get('/api/admin/disputes?outcome=won')).statusCode).toBe(400);
    expect((await get('/api/admin/disputes?from=yesterday')).statusCode).toBe(
      400,
    );

    const page = (await get(`/api/admin/disputes/${refunded.id}`)).json();
    expect(page).toMatchObject({
      dealId: refunded.id,
      brand: 'Acme BV',
      outcome: 'refunded',
      reason: expect.stringContaining('Late'),
    });
    expect(page.money.map((m: { kind: string }) => m.kind)).toEqual([
      'payment',
      'refund',
    ]);
    expect(page.money[0].reference).toBe('present');
    expect(page.money[1].reference).toMatch(/^re_/);
    expect(
      page.decisions.map((d: { type: string; by: string }) => [d.type, d.by]),
    ).toEqual([
      ['DealPutOnHold', 'root'],
      ['RefundRequested', 'root'],
    ]);
    expect(page.holds).toEqual([
      {
        since: expect.any(String),
        until: page.resolvedAt,
        source: 'admin',
        reason: 'Held by an admin for manual review',
        by: 'root',
      },
    ]);
    expect(page.evidence[0]).toMatchObject({
      by: brand.username,
      text: expect.stringContaining('Late'),
    });
    expect(
      (
        await get(
          `/api/admin/disputes/${(await createDeal(t.app, brand.token)).id}`,
        )
      ).statusCode,
    ).toBe(404);

    const day = now.toISOString().slice(0, 10);
    const json = await get(
      `/api/admin/disputes/export?format=json&from=${day}`,
    );
    expect(json.headers['content-disposition']).toBe(
      `attachment; filename="disputes-${day}.json"`,
    );
    const exported = disputeExportSchema.parse(json.json());
    expect(exported.disputes.map((d) => d.dealId)).toEqual(
      expect.arrayContaining([open.id, refunded.id]),
    );

    const csv = await get(`/api/admin/disputes/export?format=csv&from=${day}`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\ufeffdeal_id,')).toBe(true);
    expect(csv.body).toContain('\r\n');
    const rows = parse(csv.body, { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    // The formula guard: a cell a spreadsheet would evaluate (=, +, -, @ first, e.g. "@handle") is written as text with a leading '.
    const guard = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
    const expected = disputeCsvRows(exported.disputes).map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, guard(v)])),
    );
    expect(Object.keys(rows[0]!)).toEqual([...csvColumns]);
    expect(rows).toEqual(expected);
    expect(rows.some((row) => row.creator === "'@sanne.creates")).toBe(true);
    const payment = rows.find(
      (row) =>
        row.deal_id === String(refunded.id) && row.event === 'DealRefunded',
    )!;
    expect(payment.amount_eur).toBe('270.50');
    expect(payment.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(rows.some((row) => row.deal_title === 'Spring, launch "A"')).toBe(
      true,
    );
    // A reason a spreadsheet would run as a formula is written as text.
    expect(csv.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(
      (await get(`/api/admin/disputes/${open.id}/export?format=xml`))
        .statusCode,
    ).toBe(400);
  });
});

describe('CSV export against formula injection', () => {
  const triggers = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
  it('given texts with line breaks and formulas inside a cell, then every such cell is quoted, reads back whole, and no line of any cell opens a formula', async () => {
    const deal = await createDeal(t.app, brand.token, {
      title: 'Spring campaign\n=1+1',
    });
    await deliverPaidDeal(t.app, t.ctx, brand.token, deal.id);
    const reason = 'Late\r\n@SUM(A1:A9)\r-2+3\n\t=cmd|calc';
    const disputed = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/dispute`,
      headers: bearer(brand.token),
      payload: { reason },
    });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(
      (
        await post(`/api/admin/deals/${deal.id}/notes`, {
          note: 'see\n+HYPERLINK("http://evil")',
        })
      ).statusCode,
    ).toBe(200);

    const csv = await get(`/api/admin/disputes/${deal.id}/export?format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    const body = csv.body.replace(/^\ufeff/, '');
    // A reader that ignores quotes and splits at every line break still sees no formula at a line start.
    for (const line of body.split(/\r\n|\r|\n/))
      expect(line, JSON.stringify(line)).not.toMatch(triggers);
    // RFC 4180: a cell with CR, LF, a quote or the separator is quoted.
    expect(body).toContain('"Spring campaign\n\'=1+1"');

    const rows = parse(csv.body, { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    const { timeline } = (
      await get(`/api/admin/disputes/${deal.id}`)
    ).json() as {
      timeline: unknown[];
    };
    expect(rows).toHaveLength(timeline.length);
    expect(Object.keys(rows[0]!)).toEqual([...csvColumns]);
    for (const row of rows)
      for (const cell of Object.values(row))
        for (const line of cell.split(/\r\n|\r|\n/))
          expect(line, JSON.stringify(cell)).not.toMatch(triggers);
    expect(
      rows.every((row) => row.deal_title === "Spring campaign\n'=1+1"),
    ).toBe(true);
  });
});

describe('tamper evidence', () => {
  it('reports an intact chain, then the first break after a stored event is edited in the SQLite file', async () => {
    const { id } = await disputedDeal();
    const ok = (await get(`/api/admin/deals/${id}/integrity`)).json();
    expect(ok).toMatchObject({
      streamId: `deal-${id}`,
      ok: true,
      firstBreak: null,
    });
    expect(ok.events).toBeGreaterThan(5);

    const file = new Database(join(t.dataDir, 'events.db'));
    const row = file
      .prepare<
        [string],
        { position: number; data: string }
      >("SELECT position, data FROM events WHERE stream_id = ? AND type = 'DealCreated'")
      .get(`deal-${id}`)!;
    file
      .prepare('UPDATE events SET data = ? WHERE position = ?')
      .run(
        row.data.replace('"amountCents":25000', '"amountCents":1000'),
        row.position,
      );
    file.close();

    const broken = (await get(`/api/admin/deals/${id}/integrity`)).json();
    expect(broken).toMatchObject({
      ok: false,
      firstBreak: {
        streamId: `deal-${id}`,
        revision: 0,
        type: 'DealCreated',
        reason: 'mismatch',
      },
    });
  });
});

describe('hold ageing', () => {
  it('lists deals whose funds have been held at least the configured days', async () => {
    const deal = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, deal.id);
    expect(
      (
        (await get('/api/admin/deals/hold-ageing')).json().deals as {
          dealId: number;
        }[]
      ).map((d) => d.dealId),
    ).not.toContain(deal.id);
    t.clock.advance(31 * DAY);
    auditorToken = await login('audit', 'audit-pass-1');
    const answer = (await get('/api/admin/deals/hold-ageing')).json();
    expect(answer.alertDays).toBe(30);
    expect(
      answer.deals.find((d: { dealId: number }) => d.dealId === deal.id),
    ).toMatchObject({
      days: 31,
      heldCents: 27_050,
    });
  });
});

describe('admin accounts over HTTP', () => {
  it('creates, lists and deactivates accounts; a deactivated account is signed out at once', async () => {
    const created = await post('/api/admin/accounts', {
      username: 'second',
      password: 'second-pass',
      role: 'admin',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      username: 'second',
      role: 'admin',
      active: true,
    });
    expect(
      (
        await post('/api/admin/accounts', {
          username: 'second',
          password: 'second-pass',
          role: 'admin',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await post('/api/admin/accounts', {
          username: 'third',
          password: 'short',
          role: 'admin',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post('/api/admin/accounts', {
          username: 'third',
          password: 'third-pass',
          role: 'owner',
        })
      ).statusCode,
    ).toBe(400);
    const list = (await get('/api/admin/accounts')).json() as {
      id: string;
      username: string;
    }[];
    expect(list.map((a) => a.username)).toEqual(
      expect.arrayContaining(['root', 'audit', 'second']),
    );
    expect(JSON.stringify(list)).not.toContain('scrypt');

    const secondToken = await login('second', 'second-pass');
    expect((await get('/api/admin/me', secondToken)).statusCode).toBe(200);
    const me = (await get('/api/admin/me', adminToken)).json();
    expect(
      (await post(`/api/admin/accounts/${me.id}/deactivate`)).statusCode,
    ).toBe(409);
    const id = created.json().id as string;
    const off = await post(`/api/admin/accounts/${id}/deactivate`, {
      reason: 'left the team',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().active).toBe(false);
    expect((await get('/api/admin/me', secondToken)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/admin-login',
          payload: { username: 'second', password: 'second-pass' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await post(`/api/admin/accounts/${id}/deactivate`)).statusCode,
    ).toBe(409);
    expect(
      (await post('/api/admin/accounts/a_nobody/deactivate')).statusCode,
    ).toBe(404);
  });

  it('the auditor is refused (403) by every admin action the API documents', async () => {
    const spec = t.app.swagger() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const actions = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
          .map((m) => [m.toUpperCase(), path] as const),
      );
    expect(actions.length).toBeGreaterThanOrEqual(8);
    for (const [method, path] of actions) {
      const url = path.replace(/\{id\}/g, '1');
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(auditorToken),
        payload: {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
