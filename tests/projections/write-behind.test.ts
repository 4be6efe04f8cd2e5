import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProjectionRunner } from '@projections/runner';
import type { Projection } from '@projections/projection';
import { createRowStore } from '@projections/row-cache';
import { at, metadata } from '@tests/support/event-factory';
import {
  openPipeline,
  rejectionOf,
  type Pipeline,
} from '@tests/support/pipeline';

/** Counts events per stream in memory and writes each count once per batch, with a query index. */
function countsProjection(
  failAt: { position: number | null },
  discarded: { n: number },
): Projection {
  return {
    name: 'counts',
    version: 1,
    deferredIndexes: ['t_counts_n'],
    setup: (db) =>
      db.exec(
        'CREATE TABLE IF NOT EXISTS t_counts (stream TEXT PRIMARY KEY, n INTEGER NOT NULL); CREATE INDEX IF NOT EXISTS t_counts_n ON t_counts (n)',
      ),
    reset: (db) => db.exec('DROP TABLE IF EXISTS t_counts'),
    prepare(db) {
      const select = db.prepare<[string], { n: number }>(
        'SELECT n FROM t_counts WHERE stream = ?',
      );
      const upsert = db.prepare(
        'INSERT INTO t_counts (stream, n) VALUES (?, ?) ON CONFLICT(stream) DO UPDATE SET n = excluded.n',
      );
      const rows = createRowStore<string, number>({
        capacity: 1,
        load: (s) => select.get(s)?.n,
        write: (s, n) => void upsert.run(s, n),
        remove: () => undefined,
      });
      return {
        apply(event) {
          if (event.position === failAt.position)
            throw new Error(`crashed at ${event.position}`);
          rows.set(event.streamId, (rows.get(event.streamId) ?? 0) + 1);
        },
        flush: () => rows.flush(),
        discard() {
          discarded.n += 1;
          rows.discard();
        },
      };
    },
  };
}

let p: Pipeline;
let db: Database.Database;
beforeEach(() => {
  p = openPipeline('write-behind');
  db = new Database(join(p.dir, 'read.db'));
});
afterEach(async () => {
  db.close();
  await p.close();
});

async function append(stream: string, count: number): Promise<number> {
  for (let i = 0; i < count; i++) {
    await p.store.append(
      stream,
      [
        {
          id: `${stream}-${i}`,
          type: 'CreatorAccepted',
          data: {},
          metadata: metadata(at(i)),
        },
      ],
      i === 0 ? 'no_stream' : i - 1,
    );
  }
  return p.store.headPosition();
}
const counts = () =>
  db.prepare('SELECT stream, n FROM t_counts ORDER BY stream').all();

describe('write-behind projections', () => {
  it('flush writes rows with the checkpoint; a failed batch discards what memory held and resumes from the store', async () => {
    await append('deal-1', 12);
    const head = await append('deal-2', 8);
    const failAt = { position: 15 as number | null };
    const discarded = { n: 0 };
    const runner = createProjectionRunner({
      source: p.store,
      db,
      projections: [countsProjection(failAt, discarded)],
      batchSize: 10,
    });
    runner.start();
    expect((await rejectionOf(runner.done)).message).toBe('crashed at 15');
    await runner.stop();
    expect(discarded.n).toBe(1);
    expect(counts()).toEqual([{ stream: 'deal-1', n: 10 }]);

    // Same runner state, new subscription: the rolled-back rows are read again, never double counted.
    failAt.position = null;
    runner.start();
    await runner.waitForPosition(head, 5_000);
    await runner.stop();
    expect(counts()).toEqual([
      { stream: 'deal-1', n: 12 },
      { stream: 'deal-2', n: 8 },
    ]);
  });

  it('rebuild defers query indexes and restores them and the pragmas afterwards', async () => {
    await append('deal-1', 5);
    db.pragma('synchronous = FULL');
    db.pragma('cache_size = -4000');
    const runner = createProjectionRunner({
      source: p.store,
      db,
      projections: [countsProjection({ position: null }, { n: 0 })],
      rebuildBatchSize: 2,
    });
    const seen: boolean[] = [];
    runner.onApplied(() =>
      seen.push(
        db
          .prepare("SELECT 1 FROM sqlite_master WHERE name = 't_counts_n'")
          .get() !== undefined,
      ),
    );
    expect(await runner.rebuild()).toBe(5);
    expect(seen).toEqual([false, false, false]);
    expect(
      db.prepare("SELECT 1 FROM sqlite_master WHERE name = 't_counts_n'").get(),
    ).toBeDefined();
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('cache_size', { simple: true })).toBe(-4000);
    expect(counts()).toEqual([{ stream: 'deal-1', n: 5 }]);
  });
});
