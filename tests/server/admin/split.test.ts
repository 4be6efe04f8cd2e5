import { spawnSync } from 'node:child_process';
import type { EventText } from '@machines/events/event-texts';
import { englishText } from '@tests/support/event-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDealDto } from '@machines/contract/api';
import type { SimulatedGateway } from '@server/money/gateway/simulated/simulated-gateway';
import type { ReconciliationReport } from '@server/money/reconciliation/reconcile';
import { claimHeader, deliverPaidDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createAuditor,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  type TestApp,
  simulatedGatewayOf,
} from '@tests/support/test-app';

/**
 * Resolving a deal with a split over HTTP: the creator receives X, the brand the rest of the
 * charge less the fee kept in proportion. One intent, two effects at the (simulated) gateway, each
 * exactly once: across a replayed Idempotency-Key, 20 parallel requests, and a refused transfer
 * retried under its original key. The reconciliation finds nothing amiss afterwards.
 */
let t: TestApp;
let gateway: SimulatedGateway;
let brand: Awaited<ReturnType<typeof registerUser>>;
let adminToken = '';
let auditorToken = '';

// A €250 deal: 25,000 to the creator, 2,050 fee, 27,050 charged.
const AMOUNT = 25_000;
const CHARGED = 27_050;

beforeAll(async () => {
  t = await createTestApp();
  gateway = simulatedGatewayOf(t);
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
  adminToken = await createRootAdmin(t);
  auditorToken = await createAuditor(t, adminToken);
});
afterAll(() => t.close());

/** A paid deal with a connected bank account, delivered, then disputed by the brand (or only delivered). */
async function disputedDeal(dispute = true): Promise<number> {
  const { id } = await createDeal(t.app, brand.token);
  await deliverPaidDeal(t.app, t.ctx, brand.token, id);
  if (dispute) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${id}/dispute`,
      headers: bearer(brand.token),
      payload: { reason: 'Late' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

const split = (id: number, body: unknown, key?: string, token = adminToken) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/deals/${id}/split`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as Record<string, unknown>,
  });
const moneyOf = (id: number) => gateway.ledger.moneyOfGroup(`deal-${id}`);

describe('POST /api/admin/deals/:id/split', () => {
  it('previews the parts: the fee kept in proportion (half up), the refund the rest', async () => {
    const id = await disputedDeal();
    const res = await t.app.inject({
      url: `/api/admin/deals/${id}/split-preview?creatorCents=15000`,
      headers: bearer(adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      creatorCents: 15_000,
      refundCents: 10_820,
      feeKeptCents: 1_230,
      chargedCents: CHARGED,
      amountCents: AMOUNT,
    });
    const bad = await t.app.inject({
      url: `/api/admin/deals/${id}/split-preview?creatorCents=0`,
      headers: bearer(adminToken),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'split_amount_invalid' });
    // Nothing moved.
    expect(moneyOf(id)).toEqual({ transfers: [], refunds: [] });
  });

  it('happy path: exactly one transfer of X and one refund of the rest; the deal is split_resolved; the brand and creator DTOs carry the split', async () => {
    const id = await disputedDeal();
    const res = await split(id, { creatorCents: 15_000 }, 'split-happy');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      success: boolean;
      pending: boolean;
      deal: AdminDealDto;
    };
    expect(body).toMatchObject({ success: true, pending: false });
    expect(body.deal.status).toBe('split_resolved');
    expect(body.deal.state).toMatchObject({
      status: 'split_resolved',
      step: 7,
      badge: 'green',
    });
    expect(body.deal.split).toMatchObject({
      creatorCents: 15_000,
      refundCents: 10_820,
      feeKeptCents: 1_230,
      transfer: 'succeeded',
      refund: 'succeeded',
      transferFailure: null,
      refundFailure: null,
      by: 'root',
    });
    const money = moneyOf(id);
    expect(
      money.transfers.map((x) => [
        x.amountCents,
        x.idempotencyKey.endsWith(':transfer'),
        x.reversed,
      ]),
    ).toEqual([[15_000, true, false]]);
    expect(
      money.refunds.map((r) => [
        r.amountCents,
        r.idempotencyKey.endsWith(':refund'),
        r.transferReversalId,
      ]),
    ).toEqual([[10_820, true, null]]);
    const context = t.ctx.queries.deals.byId(id)!.context;
    expect(context.money).toEqual({
      chargedCents: CHARGED,
      transferredCents: 15_000,
      refundedCents: 10_820,
      feeKeptCents: 1_230,
    });

    const own = (
      await t.app.inject({
        url: `/api/deals/${id}`,
        headers: bearer(brand.token),
      })
    ).json();
    expect(own).toMatchObject({
      status: 'split_resolved',
      split: { creatorCents: 15_000, refundCents: 10_820, feeKeptCents: 1_230 },
    });
    const listed = (
      await t.app.inject({
        url: '/api/admin/deals?filter=completed',
        headers: bearer(auditorToken),
      })
    ).json() as { id: number }[];
    expect(listed.map((d) => d.id)).toContain(id);
  });

  it('the same Idempotency-Key is answered again with no second effect', async () => {
    const id = await disputedDeal();
    const first = await split(id, { creatorCents: 10_000 }, 'split-replay');
    expect(first.statusCode, first.body).toBe(200);
    const again = await split(id, { creatorCents: 10_000 }, 'split-replay');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(moneyOf(id).transfers).toHaveLength(1);
    expect(moneyOf(id).refunds).toHaveLength(1);
    // Another key is a new request, refused: the deal is resolved.
    const other = await split(id, { creatorCents: 10_000 }, 'split-replay-2');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'split_not_allowed' });
  });

  it('20 parallel split requests make one transfer and one refund', async () => {
    const id = await disputedDeal();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        split(id, { creatorCents: 20_000 }, `split-race-${i}`),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200 || c === 202)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    await t.ctx.quiesce();
    const money = moneyOf(id);
    expect(money.transfers.map((x) => x.amountCents)).toEqual([20_000]);
    // 2,050 × 20,000 / 25,000 = 1,640 kept; 27,050 − 20,000 − 1,640 = 5,410 back.
    expect(money.refunds.map((r) => r.amountCents)).toEqual([5_410]);
    expect(t.ctx.queries.deals.byId(id)!.status).toBe('split_resolved');
  });

  it('a refused transfer is recorded and shown; retry re-requests only the transfer under its key, and no money moves twice', async () => {
    const id = await disputedDeal();
    gateway.failTransfersWith('payouts_not_enabled');
    let res: Awaited<ReturnType<typeof split>>;
    try {
      res = await split(id, { creatorCents: 12_345 }, 'split-fail');
    } finally {
      gateway.failTransfersWith(null);
    }
    expect(res.statusCode, res.body).toBe(200);
    const failed = res.json() as { success: boolean; deal: AdminDealDto };
    expect(failed.success).toBe(false);
    expect(failed.deal.status).toBe('dispute');
    expect(failed.deal.split).toMatchObject({
      transfer: 'failed',
      refund: 'succeeded',
      refundFailure: null,
    });
    expect(failed.deal.split!.transferFailure).toMatch(/^payouts_not_enabled/);
    expect(moneyOf(id).transfers).toHaveLength(0);
    expect(moneyOf(id).refunds).toHaveLength(1);
    const refundKey = moneyOf(id).refunds[0]!.idempotencyKey;

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${id}/split/retry`,
      headers: { ...bearer(adminToken), 'idempotency-key': 'r1' },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({
      success: true,
      deal: {
        status: 'split_resolved',
        split: { transfer: 'succeeded', refund: 'succeeded' },
      },
    });
    const money = moneyOf(id);
    expect(
      money.transfers.map((x) => [x.amountCents, x.idempotencyKey]),
    ).toEqual([[12_345, refundKey.replace(/:refund$/, ':transfer')]]);
    expect(money.refunds).toHaveLength(1);

    const nothing = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${id}/split/retry`,
      headers: bearer(adminToken),
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ code: 'split_nothing_to_retry' });
  });

  it('a refused refund is retried alone, with its key', async () => {
    const id = await disputedDeal();
    gateway.failRefundsWith('invalid_request');
    try {
      const res = await split(id, { creatorCents: 5_000 }, 'split-refund-fail');
      expect(res.json()).toMatchObject({
        success: false,
        deal: { split: { transfer: 'succeeded', refund: 'failed' } },
      });
    } finally {
      gateway.failRefundsWith(null);
    }
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${id}/split/retry`,
      headers: bearer(adminToken),
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(moneyOf(id).transfers.map((x) => x.amountCents)).toEqual([5_000]);
    // 2,050 × 5,000 / 25,000 = 410 kept; 27,050 − 5,000 − 410 = 21,640 back.
    expect(moneyOf(id).refunds.map((r) => r.amountCents)).toEqual([21_640]);
  });

  it('on hold (delivered, no dispute) an admin may split too', async () => {
    const id = await disputedDeal(false);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/deals/${id}/hold`,
          headers: bearer(adminToken),
        })
      ).statusCode,
    ).toBe(200);
    const res = await split(id, { creatorCents: 100 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      deal: { status: 'split_resolved', onHold: false },
    });
  });

  it('refuses bad amounts (400), auditors (403), deals neither in dispute nor on hold (409), unknown deals (404), with nothing moved', async () => {
    const id = await disputedDeal();
    const refusals: [unknown, number, string][] = [
      [{ creatorCents: 0 }, 400, 'split_amount_invalid'],
      [{ creatorCents: -1 }, 400, 'split_amount_invalid'],
      [{ creatorCents: 100.5 }, 400, 'split_amount_invalid'],
      [{ creatorCents: AMOUNT }, 400, 'split_whole_amount'],
      [{ creatorCents: AMOUNT + 1 }, 400, 'split_above_escrow'],
      [{ creatorCents: 1_000_000 }, 400, 'split_above_escrow'],
      [{ creatorCents: '100' }, 400, 'invalid_input'],
      [{}, 400, 'invalid_input'],
    ];
    for (const [body, status, code] of refusals) {
      const res = await split(id, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(
        status,
      );
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code });
      expect(res.json().message, JSON.stringify(body)).toEqual(
        expect.any(String),
      );
    }
    const auditor = await split(
      id,
      { creatorCents: 100 },
      undefined,
      auditorToken,
    );
    expect(auditor.statusCode).toBe(403);
    const auditorRetry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${id}/split/retry`,
      headers: bearer(auditorToken),
    });
    expect(auditorRetry.statusCode).toBe(403);
    expect(
      (await split(id, { creatorCents: 100 }, undefined, brand.token))
        .statusCode,
    ).toBe(401);
    expect((await split(999_999, { creatorCents: 100 })).statusCode).toBe(404);

    const delivered = await disputedDeal(false);
    const notAllowed = await split(delivered, { creatorCents: 100 });
    expect(notAllowed.statusCode).toBe(409);
    expect(notAllowed.json()).toMatchObject({
      code: 'split_not_allowed',
      params: { status: 'delivered' },
    });
    const preview = await t.app.inject({
      url: `/api/admin/deals/${delivered}/split-preview?creatorCents=100`,
      headers: bearer(adminToken),
    });
    expect(preview.statusCode).toBe(409);
    expect(moneyOf(id)).toEqual({ transfers: [], refunds: [] });
    expect(moneyOf(delivered)).toEqual({ transfers: [], refunds: [] });
  }, 30_000);

  it('outputs: history replay, dispute timeline and exports, receipts and statements, the money overview', async () => {
    const id = await disputedDeal();
    const link = t.ctx.queries.deals.byId(id)!.context.shareableToken!;
    expect(
      (await split(id, { creatorCents: 15_000 }, 'split-outputs')).statusCode,
    ).toBe(200);
    const get = (
      url: string,
      headers: Record<string, string> = bearer(auditorToken),
    ) => t.app.inject({ url, headers });

    const history = (await get(`/api/admin/deals/${id}/events`)).json() as {
      type: string;
      summary: EventText;
      status: string;
      view: { heldCents: number };
    }[];
    const lines = history.filter((e) => e.type.includes('Split'));
    expect(lines.map((e) => [e.type, e.status])).toEqual([
      ['DealSplitRequested', 'dispute'],
      ['SplitTransferSucceeded', 'dispute'],
      ['SplitRefundSucceeded', 'split_resolved'],
    ]);
    expect(englishText(lines[0]!.summary)).toBe(
      'Admin root resolved the deal with a split: €150.00 to the creator, €108.20 back to the brand, €12.30 fee kept (of €270.50 held).',
    );
    expect(history.at(-1)!.view.heldCents).toBe(0);
    const timeline = (
      await get(`/api/admin/disputes/${id}/timeline`)
    ).json() as { type: string }[];
    expect(timeline.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'DealSplitRequested',
        'SplitTransferSucceeded',
        'SplitRefundSucceeded',
      ]),
    );

    const detail = (await get(`/api/admin/disputes/${id}`)).json() as {
      outcome: string;
      money: { kind: string; amountCents: number }[];
    };
    expect(detail.outcome).toBe('split');
    expect(detail.money.filter((m) => m.kind.startsWith('split'))).toEqual([
      expect.objectContaining({ kind: 'split_transfer', amountCents: 15_000 }),
      expect.objectContaining({ kind: 'split_refund', amountCents: 10_820 }),
    ]);
    const filtered = (
      await get('/api/admin/disputes?outcome=split')
    ).json() as {
      dealId: number;
    }[];
    expect(filtered.map((d) => d.dealId)).toContain(id);
    const csv = (await get(`/api/admin/disputes/${id}/export?format=csv`)).body;
    expect(csv).toContain('SplitTransferSucceeded');
    expect(csv).toMatch(/SplitRefundSucceeded,payment provider,108\.20,/);

    const receipt = (
      await get(`/api/deals/${id}/receipt`, bearer(brand.token))
    ).json();
    expect(receipt).toMatchObject({
      kind: 'receipt',
      paidCents: CHARGED,
      refundedCents: 10_820,
      split: { creatorCents: 15_000, refundCents: 10_820, feeKeptCents: 1_230 },
    });
    const statement = await get(
      `/api/deals/link/${link}/statement`,
      claimHeader(link),
    );
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json()).toMatchObject({
      kind: 'statement',
      paidCents: 15_000,
      split: { creatorCents: 15_000 },
    });

    const overview = (await get('/api/admin/money/overview')).json() as {
      totals: {
        feesCents: number;
        refundedCents: number;
        releasedCents: number;
      };
    };
    const contexts = t.ctx.queries.deals
      .listForAdmin('all', 1_000, 0)
      .map((r) => r.context);
    const sum = (pick: (c: (typeof contexts)[number]) => number) =>
      contexts.reduce((n, c) => n + pick(c), 0);
    expect(overview.totals).toMatchObject({
      releasedCents: sum((c) => c.money.transferredCents),
      refundedCents: sum((c) => c.money.refundedCents),
      feesCents: sum((c) => c.money.feeKeptCents),
    });
  });

  it('the reconciliation finds no mismatch after the splits, and counts their transfers and refunds', async () => {
    await t.ctx.quiesce();
    const res = await t.app.inject({
      url: '/api/admin/reconciliation?since=2026-03-01',
      headers: bearer(adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as ReconciliationReport;
    expect(report.mismatches).toEqual([]);
    const kind = (k: string) => report.kinds.find((x) => x.kind === k)!;
    expect(kind('transfer').ledgerCount).toBe(kind('transfer').gatewayCount);
    expect(kind('transfer').ledgerCents).toBe(kind('transfer').gatewayCents);
    expect(kind('refund').ledgerCents).toBe(kind('refund').gatewayCents);
    expect(kind('transfer_reversal')).toMatchObject({
      ledgerCount: 0,
      gatewayCount: 0,
    });
    // `npm run reconcile` reads the same store and gateway file.
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/cli/reconcile.ts', '--since', '2026-03-01'],
      {
        cwd: process.cwd(),
        env: {
          ...process.env,
          DATA_DIR: t.dataDir,
          PUBLIC_URL: 'http://app.test',
          LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status, run.stderr + run.stdout).toBe(0);
    expect(run.stdout).toContain('OK: every movement matches.');
  }, 60_000);
});
