import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED_GATEWAY_FILE } from '@server/money/gateway/create-gateway';
import type { SimulatedGateway } from '@server/money/gateway/simulated/simulated-gateway';
import type { ReconciliationReport } from '@server/money/reconciliation/reconcile';
import {
  createPaidRequest,
  payDeal,
  deliverPaidDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  signInAdmin,
  type TestApp,
  simulatedGatewayOf,
} from '@tests/support/test-app';

/**
 * The reconciliation compares the ledger with the simulated gateway's own file. Each kind of
 * mismatch is provoked the way it happens in life (a record lost at the gateway, money moved by
 * hand in the dashboard, an amount changed, an intent left unanswered) and must be reported by
 * the admin route and by `npm run reconcile`.
 */
let t: TestApp;
let gateway: SimulatedGateway;
let brand: Awaited<ReturnType<typeof registerUser>>;
let adminToken = '';
let auditorToken = '';
const since = '2026-03-01';

const login = (username: string, password: string) =>
  signInAdmin(t.app, username, password);

beforeAll(async () => {
  t = await createTestApp();
  gateway = simulatedGatewayOf(t);
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
  adminToken = await createRootAdmin(t);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/admin/accounts',
    headers: bearer(adminToken),
    payload: { username: 'audit', password: 'audit-pass-1', role: 'auditor' },
  });
  expect(made.statusCode, made.body).toBeLessThan(300);
  await t.ctx.settle(await t.ctx.store.headPosition());
  auditorToken = await login('audit', 'audit-pass-1');
});
afterAll(() => t.close());

async function report(token = adminToken, query = `?since=${since}`) {
  const res = await t.app.inject({
    url: `/api/admin/reconciliation${query}`,
    headers: bearer(token),
  });
  return res;
}
const mismatchesOf = async () => {
  const res = await report();
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ReconciliationReport).mismatches;
};

function cli(...args: string[]) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/cli/reconcile.ts', ...args],
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
}

/** Edits the simulated gateway's file behind its back, as a lost or altered record would be. */
function gatewayFile(sql: string, ...params: unknown[]) {
  const db = new Database(join(t.dataDir, SIMULATED_GATEWAY_FILE));
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

let released = 0;
let refunded = 0;
let disputed = 0;

describe('reconciliation with the simulated gateway', () => {
  it('given charges, a release, a refund, a chargeback and a paid request, when reconciled, then every movement matches (HTTP and CLI exit 0)', async () => {
    // A deal the brand approves: charge and transfer.
    released = (await createDeal(t.app, brand.token)).id;
    await deliverPaidDeal(t.app, t.ctx, brand.token, released);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${released}/release`,
      headers: bearer(brand.token),
    });
    expect(approve.statusCode, approve.body).toBe(200);
    // A deal the admin refunds while its money is held.
    refunded = (await createDeal(t.app, brand.token, { amount: '120' })).id;
    await payDeal(t.app, t.ctx, brand.token, refunded);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/deals/${refunded}/refund`,
          headers: bearer(adminToken),
        })
      ).statusCode,
    ).toBe(200);
    // A chargeback on a third deal.
    disputed = (await createDeal(t.app, brand.token, { amount: '80' })).id;
    await payDeal(t.app, t.ctx, brand.token, disputed);
    await gateway.openChargeback(
      t.ctx.queries.deals.byId(disputed)!.context.chargeId!,
      'fraudulent',
    );
    // A payment request, paid.
    const creator = await registerUser(t.app, { companyName: 'Sanne Creates' });
    await createPaidRequest(t.app, t.ctx, creator.token);
    await t.ctx.quiesce();

    const res = await report();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ReconciliationReport;
    expect(body.mismatches).toEqual([]);
    const kind = (k: string) => body.kinds.find((x) => x.kind === k)!;
    expect(kind('charge')).toMatchObject({ ledgerCount: 4, gatewayCount: 4 });
    expect(kind('charge').ledgerCents).toBe(kind('charge').gatewayCents);
    expect(kind('transfer')).toMatchObject({
      ledgerCount: 1,
      gatewayCount: 1,
      ledgerCents: 25_000,
      gatewayCents: 25_000,
    });
    expect(kind('refund')).toMatchObject({
      ledgerCount: 1,
      gatewayCount: 1,
      ledgerCents: 12_984,
    });
    expect(kind('dispute')).toMatchObject({ ledgerCount: 1, gatewayCount: 1 });
    // The admin tab reads the ledger's trial balance too: every day's debits equal its credits and
    // no escrow's accounts are off zero.
    const trial = body.trialBalance!;
    expect(trial.unbalanced).toEqual([]);
    expect(trial.days.length).toBeGreaterThan(0);
    for (const d of trial.days) expect(d.debitsCents).toBe(d.creditsCents);
    expect(trial.days.reduce((n, d) => n + d.debitsCents, 0)).toBeGreaterThan(
      0,
    );

    const run = cli('--since', since);
    expect(run.status, run.stderr + run.stdout).toBe(0);
    expect(run.stdout).toContain('OK: every movement matches.');
  }, 60_000);

  it('reads only for admins and auditors, and refuses a since that is not a date or lies ahead with 400', async () => {
    expect((await report(auditorToken)).statusCode).toBe(200);
    expect((await report(brand.token)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/admin/reconciliation' })).statusCode,
    ).toBe(401);
    const bad = await report(adminToken, '?since=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/since must be a date/);
    expect((await report(adminToken, '?since=2099-01-01')).statusCode).toBe(
      400,
    );
    const cliBad = cli('--since', 'soon');
    expect(cliBad.status).toBe(2);
    expect(cliBad.stderr).toMatch(/--since must be a date/);
  }, 60_000);

  it('reports a refund the gateway lost (in the ledger, not at the gateway)', async () => {
    const refundId = t.ctx.queries.deals.byId(refunded)!.context.refundId!;
    gatewayFile('DELETE FROM sim_refunds WHERE id = ?', refundId);
    expect(await mismatchesOf()).toEqual([
      expect.objectContaining({
        problem: 'missing_at_gateway',
        kind: 'refund',
        reference: refundId,
        streamId: `deal-${refunded}`,
      }),
    ]);
  });

  it('reports a transfer whose amount differs at the gateway', async () => {
    const transferId = t.ctx.queries.deals.byId(released)!.context.transferId!;
    gatewayFile(
      'UPDATE sim_transfers SET amount_cents = amount_cents - 1 WHERE id = ?',
      transferId,
    );
    expect(
      (await mismatchesOf()).filter((m) => m.problem === 'amount_differs'),
    ).toEqual([
      expect.objectContaining({
        kind: 'transfer',
        reference: transferId,
        ledgerCents: 25_000,
        gatewayCents: 24_999,
      }),
    ]);
  });

  it('reports money moved at the gateway that the ledger never recorded', async () => {
    const c = t.ctx.queries.deals.byId(released)!.context;
    // Someone refunds a charge by hand in the gateway's dashboard.
    const byHand = await gateway.refund({
      paymentIntentId: null,
      chargeId: t.ctx.queries.deals.byId(disputed)!.context.chargeId,
      amountCents: 500,
      transferGroup: `deal-${disputed}`,
      idempotencyKey: 'by-hand-1',
      reverseTransfers: false,
    });
    expect(c.transferId).not.toBeNull();
    expect(
      (await mismatchesOf()).filter((m) => m.problem === 'missing_in_ledger'),
    ).toEqual([
      expect.objectContaining({
        kind: 'refund',
        reference: byHand.refundId,
        gatewayCents: 500,
        streamId: `deal-${disputed}`,
      }),
    ]);
  });

  it('reports an intent left without an outcome for over 15 minutes, grouped by kind in the CLI, which exits 1', async () => {
    // The card issuer decided for the platform, so the held deal can be refunded; but the payments
    // reactor is down: the admin's refund stays an intent.
    const dispute = gateway.ledger.disputes.find(
      (d) =>
        d.chargeId === t.ctx.queries.deals.byId(disputed)!.context.chargeId,
    )!;
    await gateway.closeChargeback(dispute.id, 'won');
    await t.ctx.payments.reactors.stop();
    const key = 'stuck-refund-1';
    await t.ctx.run.deal(
      disputed,
      { type: 'RequestRefund', key },
      { actor: { kind: 'admin', id: 'root' } },
    );
    expect(
      (await mismatchesOf()).some(
        (m) => m.problem === 'intent_without_outcome',
      ),
    ).toBe(false);
    t.clock.advance(16 * 60_000);
    expect(
      (await mismatchesOf()).filter(
        (m) => m.problem === 'intent_without_outcome',
      ),
    ).toEqual([
      expect.objectContaining({
        kind: 'refund',
        reference: key,
        streamId: `deal-${disputed}`,
      }),
    ]);

    const run = cli('--since', since);
    expect(run.status, run.stderr).toBe(1);
    for (const text of [
      'in the ledger but not at the gateway',
      'at the gateway but not in the ledger',
      'amounts differ',
      'intent without an outcome for over 15 minutes',
    ]) {
      expect(run.stdout).toContain(text);
    }
    expect(run.stdout).toMatch(/MISMATCH: 4 found/);
  }, 60_000);
});
