import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedGateway } from '@server/money/gateway/simulated/simulated-gateway';
import type {
  Mismatch,
  ReconciliationReport,
} from '@server/money/reconciliation/reconcile';
import { reportLines } from '@server/money/reconciliation/report-text';
import { reconcile } from '@server/money/reconciliation/reconcile';
import { payDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
  simulatedGatewayOf,
} from '@tests/support/test-app';

/**
 * Each kind of money wrong that no single record shows, provoked on the simulated gateway's file
 * shared by instances (SIMULATED_GATEWAY_FILE, outside DATA_DIR, as several instances run), and
 * reported by the reconciliation and by `npm run reconcile`, which reads that same configuration.
 */
let t: TestApp;
let gateway: SimulatedGateway;
let brand: Awaited<ReturnType<typeof registerUser>>;
const shared = mkdtempSync(join(tmpdir(), 'recon-kinds-'));
const gatewayPath = join(shared, 'simulated-gateway.sqlite');

beforeAll(async () => {
  t = await createTestApp({ SIMULATED_GATEWAY_FILE: gatewayPath });
  gateway = simulatedGatewayOf(t);
  brand = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(shared, { recursive: true, force: true });
});

const mismatches = async (): Promise<Mismatch[]> =>
  (
    await reconcile(
      { store: t.ctx.store, gateway },
      { since: new Date('2026-03-01T00:00:00.000Z'), now: t.clock.now() },
    )
  ).mismatches;
const ofProblem = async (problem: Mismatch['problem']) =>
  (await mismatches()).filter((m) => m.problem === problem);

function gatewayFile(sql: string, ...params: unknown[]) {
  const db = new Database(gatewayPath);
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

function cli(env: Record<string, string>, json = true) {
  return spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/cli/reconcile.ts',
      '--since',
      '2026-03-01',
      ...(json ? ['--json'] : []),
    ],
    {
      cwd: process.cwd(),
      env: {
        ...process.env,
        DATA_DIR: t.dataDir,
        PUBLIC_URL: 'http://app.test',
        LOG_LEVEL: 'silent',
        ...env,
      },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
}

async function paidDeal(amount = '100') {
  const deal = await createDeal(t.app, brand.token, { amount });
  await payDeal(t.app, t.ctx, brand.token, deal.id);
  return { id: deal.id, ...t.ctx.queries.deals.byId(deal.id)!.context };
}

describe('reconciliation knows every kind of mismatch', () => {
  it('given the gateway file named by SIMULATED_GATEWAY_FILE, then `npm run reconcile` reads it as the server does (exit 0), not an empty one in DATA_DIR', async () => {
    await paidDeal();
    expect(await mismatches()).toEqual([]);
    const run = cli({ SIMULATED_GATEWAY_FILE: gatewayPath });
    expect(run.status, run.stderr + run.stdout).toBe(0);
    const report = JSON.parse(run.stdout) as ReconciliationReport;
    expect(report.kinds).toContainEqual(
      expect.objectContaining({
        kind: 'charge',
        ledgerCount: 1,
        gatewayCount: 1,
      }),
    );
    // The trial balance of the period: the day's postings balance, and every escrow sums to zero.
    expect(report.trialBalance!.unbalanced).toEqual([]);
    const [day] = report.trialBalance!.days;
    expect(day).toMatchObject({ day: '2026-03-02' });
    expect(day!.debitsCents).toBe(day!.creditsCents);
    expect(day!.debitsCents).toBeGreaterThanOrEqual(10_820);
    const text = cli({ SIMULATED_GATEWAY_FILE: gatewayPath }, false);
    expect(text.stdout).toContain(
      "Trial balance: 1 day(s), every escrow's accounts sum to zero.",
    );
  }, 60_000);

  it('an escrow whose accounts do not sum to zero is reported (and fails the run) as a mismatch is', () => {
    const lines = reportLines({
      since: '2026-03-01T00:00:00.000Z',
      until: '2026-03-02T00:00:00.000Z',
      gateway: 'simulated',
      kinds: [],
      mismatches: [],
      trialBalance: {
        days: [{ day: '2026-03-01', debitsCents: 100, creditsCents: 90 }],
        unbalanced: [
          {
            streamId: 'deal-9',
            at: '2026-03-01T10:00:00.000Z',
            postedCents: 10,
            pendingCents: 0,
          },
        ],
      },
    });
    expect(lines).toContain(
      'UNBALANCED: 1 day(s) and 1 escrow state(s) whose accounts do not sum to zero.',
    );
    expect(lines.join('\n')).toContain(
      'deal-9 at 2026-03-01T10:00:00.000Z: posted 10, pending 0',
    );
  });

  it('reports money paid out above what the escrow held: a chargeback withdrew the charge and a refund went out too', async () => {
    const deal = await paidDeal('100');
    await gateway.openChargeback(deal.chargeId!, 'fraudulent');
    await t.ctx.quiesce();
    t.clock.advance(60_000);
    const byHand = await gateway.refund({
      paymentIntentId: deal.paymentIntentId,
      chargeId: deal.chargeId,
      amountCents: 10_820,
      transferGroup: `deal-${deal.id}`,
      idempotencyKey: 'refund-after-chargeback',
      reverseTransfers: false,
    });
    expect(await ofProblem('paid_out_above_held')).toEqual([
      expect.objectContaining({
        kind: 'refund',
        reference: byHand.refundId,
        streamId: `deal-${deal.id}`,
        ledgerCents: 10_820,
        gatewayCents: 21_640,
      }),
    ]);
    gatewayFile('DELETE FROM sim_refunds WHERE id = ?', byHand.refundId);
  });

  it('reports a charge the ledger recorded without any gateway id', async () => {
    const deal = await createDeal(t.app, brand.token, { amount: '60' });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: bearer(brand.token),
      payload: { dealId: deal.id },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const c = t.ctx.queries.deals.byId(deal.id)!.context;
    await t.ctx.run.escrow(
      { kind: 'deal', id: deal.id },
      {
        type: 'ConfirmPayment',
        payment: {
          checkoutSessionId: c.checkoutSessionId!,
          paymentIntentId: null,
          chargeId: null,
          amountCents: c.terms!.totalCents,
          method: null,
          gatewayEventId: 'evt_without_ids',
        },
      },
      { actor: { kind: 'stripe', id: 'evt_without_ids' } },
    );
    expect(await ofProblem('charge_without_gateway_id')).toEqual([
      expect.objectContaining({
        kind: 'charge',
        reference: c.checkoutSessionId,
        streamId: `deal-${deal.id}`,
        ledgerCents: c.terms!.totalCents,
      }),
    ]);
  });

  it('reports a refund of money never charged', async () => {
    const unpaid = await createDeal(t.app, brand.token, { amount: '40' });
    gatewayFile(
      `INSERT INTO sim_refunds (id, charge_id, payment_intent_id, amount_cents, transfer_group, transfer_reversal_id, idempotency_key, created_at)
       VALUES ('re_never_charged', NULL, NULL, 4328, ?, NULL, 'never-charged', ?)`,
      `deal-${unpaid.id}`,
      t.clock.now().toISOString(),
    );
    expect(await ofProblem('refund_without_charge')).toEqual([
      expect.objectContaining({
        kind: 'refund',
        reference: 're_never_charged',
        streamId: `deal-${unpaid.id}`,
        gatewayCents: 4328,
      }),
    ]);
    // Also money paid out above what was held (nothing), and unknown to the ledger.
    expect((await mismatches()).map((m) => [m.problem, m.reference])).toEqual(
      expect.arrayContaining([
        ['missing_in_ledger', 're_never_charged'],
        ['paid_out_above_held', 're_never_charged'],
      ]),
    );
    gatewayFile("DELETE FROM sim_refunds WHERE id = 're_never_charged'");
  });

  it('reports a chargeback at the gateway the ledger never recorded, and one in the ledger the gateway does not know', async () => {
    const quiet = await paidDeal('70');
    gatewayFile(
      `INSERT INTO sim_disputes (id, charge_id, payment_intent_id, amount_cents, reason, created_at)
       VALUES ('dp_unknown_to_ledger', ?, ?, 7574, 'fraudulent', ?)`,
      quiet.chargeId,
      quiet.paymentIntentId,
      t.clock.now().toISOString(),
    );
    const recorded = await paidDeal('90');
    await gateway.openChargeback(recorded.chargeId!, 'fraudulent');
    await t.ctx.quiesce();
    const disputeId = t.ctx.queries.deals.byId(recorded.id)!.context
      .chargebacks[0]!.disputeId;
    gatewayFile('DELETE FROM sim_disputes WHERE id = ?', disputeId);

    const disputes = (await mismatches()).filter((m) => m.kind === 'dispute');
    expect(disputes).toEqual([
      expect.objectContaining({
        problem: 'missing_at_gateway',
        reference: disputeId,
        streamId: `deal-${recorded.id}`,
      }),
      expect.objectContaining({
        problem: 'missing_in_ledger',
        reference: 'dp_unknown_to_ledger',
        streamId: `deal-${quiet.id}`,
        gatewayCents: 7574,
      }),
    ]);
    const run = cli({ SIMULATED_GATEWAY_FILE: gatewayPath });
    expect(run.status).toBe(1);
    const problems = (
      JSON.parse(run.stdout) as { mismatches: Mismatch[] }
    ).mismatches.map((m) => m.problem);
    expect(problems).toEqual(
      expect.arrayContaining([
        'missing_at_gateway',
        'missing_in_ledger',
        'charge_without_gateway_id',
      ]),
    );
  }, 60_000);
});
