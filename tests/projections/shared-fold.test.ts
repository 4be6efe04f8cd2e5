import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '@projections/all-projections';
import { moneyProjection } from '@projections/money.projection';
import type { Projection } from '@projections/projection';
import { createProjectionRunner } from '@projections/runner';
import {
  contextJson,
  foldOnce,
  forgetSharedWork,
} from '@projections/shared-fold';
import {
  createSqliteEventStore,
  type SqliteEventStore,
} from '@server/event-store/sqlite-event-store';
import { FIXTURE_DIR } from '@tests/fixtures/history/history-fixture';

describe('shared fold', () => {
  const evolve = (before: { n: number }, event: { add: number }) => ({
    n: before.n + event.add,
  });

  it('gives the same call its earlier result, and folds anything else anew', () => {
    forgetSharedWork();
    const before = { n: 1 };
    const event = { add: 2 };
    const first = foldOnce(evolve, before, event);
    expect(foldOnce(evolve, before, event)).toBe(first);
    // Equal but not the same `before` (a row reloaded from the database): folded on its own.
    const reloaded = foldOnce(evolve, { n: 1 }, event);
    expect(reloaded).not.toBe(first);
    expect(reloaded).toEqual(first);
    expect(foldOnce(evolve, before, { add: 2 })).not.toBe(first);
  });

  it('stringifies a context once per batch', () => {
    const context = { a: 1 };
    const text = contextJson(context);
    expect(contextJson(context)).toBe(text);
    expect(text).toBe('{"a":1}');
    forgetSharedWork();
    expect(contextJson({ a: 2 })).toBe('{"a":2}');
  });
});

describe('the money read model shares the deals and requests folds', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'shared-fold-'));
    copyFileSync(join(FIXTURE_DIR, 'events.db'), join(dir, 'events.db'));
    store = createSqliteEventStore({ path: join(dir, 'events.db') });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const moneyRows = async (projections: Projection[], batch: number) => {
    const db = new Database(':memory:');
    try {
      const runner = createProjectionRunner({
        source: store,
        db,
        projections,
        rebuildBatchSize: batch,
      });
      await runner.rebuild();
      return ['rm_money_streams', 'rm_money_days', 'rm_money_movements'].map(
        (table) => db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all(),
      );
    } finally {
      db.close();
    }
  };

  it('comes out the same alone as beside them, whatever the batch size', async () => {
    const alone = await moneyRows([moneyProjection], 1_000);
    expect(alone[0]!.length).toBeGreaterThan(0);
    expect(await moneyRows(allProjections, 1_000)).toEqual(alone);
    expect(await moneyRows(allProjections, 7)).toEqual(alone);
  });
});
