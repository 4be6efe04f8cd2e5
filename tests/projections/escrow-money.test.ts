import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '@machines/escrow/escrow-accounts';
import { heldCents } from '@machines/escrow/escrow-ledger';
import {
  escrowKindOf,
  foldEscrowEvent,
  type FoldedEscrow,
} from '@machines/escrow/escrow-stream-fold';
import { allProjections } from '@projections/all-projections';
import { createMoneyQueries } from '@projections/money.queries';
import { createProjectionRunner } from '@projections/runner';
import {
  createSqliteEventStore,
  type SqliteEventStore,
} from '@server/event-store/sqlite-event-store';
import { FIXTURE_DIR } from '@tests/fixtures/history/history-fixture';

/**
 * The escrows' money is kept by the read models that fold each escrow (deals, payment requests):
 * the same at any batch size, and the same as each stream folded on its own by the machines.
 */
describe('the escrows’ money in the deals and requests read models', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'escrow-money-'));
    copyFileSync(join(FIXTURE_DIR, 'events.db'), join(dir, 'events.db'));
    store = createSqliteEventStore({ path: join(dir, 'events.db') });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const now = new Date('2026-11-27T00:00:00.000Z');
  const moneyAfterRebuild = async (batch: number) => {
    const db = new Database(':memory:');
    try {
      const runner = createProjectionRunner({
        source: store,
        db,
        projections: allProjections,
        rebuildBatchSize: batch,
      });
      await runner.rebuild();
      const money = createMoneyQueries(db);
      return {
        overview: money.overview(now, 800),
        years: [2025, 2026].map((year) => money.yearMovements(year)),
      };
    } finally {
      db.close();
    }
  };

  /** Every escrow stream folded by itself, event by event, as reconciliation folds it. */
  const foldedOneByOne = async () => {
    const escrows = new Map<string, FoldedEscrow>();
    for (const event of await store.readAll({})) {
      const kind = escrowKindOf(event.streamId);
      if (!kind) continue;
      const before = escrows.get(event.streamId);
      escrows.set(event.streamId, foldEscrowEvent(kind, before, event));
    }
    return [...escrows.values()];
  };

  it('comes out the same whatever the batch size', async () => {
    const whole = await moneyAfterRebuild(1_000);
    expect(whole.overview.totals.chargedCents).toBeGreaterThan(0);
    expect(whole.years.flat().length).toBeGreaterThan(0);
    expect(await moneyAfterRebuild(7)).toEqual(whole);
  });

  it('holds what the escrows folded one by one hold, and what came in less what went out', async () => {
    const { overview } = await moneyAfterRebuild(1_000);
    const escrows = await foldedOneByOne();
    const sum = (of: (e: FoldedEscrow) => number) =>
      escrows.reduce((n, e) => n + of(e), 0);
    expect(overview.heldCents).toBe(sum((e) => heldCents(e.context)));
    expect(overview.disputedCents).toBe(
      sum((e) => balanceOf(e.context.accounts, 'disputed')),
    );
    expect(overview.heldCents).toBeGreaterThan(0);
    const money = (field: 'chargedCents' | 'refundedCents') =>
      sum((e) => e.context.money[field]);
    // Every charge and refund of the history falls within the 800 days listed.
    expect(overview.totals.chargedCents).toBe(money('chargedCents'));
    expect(overview.totals.refundedCents).toBe(money('refundedCents'));
  });
});
