import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openEventDatabase } from '@server/event-store/sqlite-database';
import { createSqliteEventStore } from '@server/event-store/sqlite-event-store';
import type { BenchLine, BenchSuite } from './bench.types';

/**
 * (a) the ceiling: raw better-sqlite3 inserts into the same table, indexes and pragmas, 64 rows
 *     per transaction (the group size of (b)), no checks, no promises;
 * (b) durable appends through the SQLite adapter: 64 concurrent appenders, one event per append,
 *     each with its exact expected revision, group-committed.
 */
const APPENDERS = 64;
const DURATION_MS = Number(process.env.BENCH_EVENT_STORE_MS ?? 3_000);
/** Keep (b) at or above 40,000 appends/s. */
const TARGET = 40_000;

const payload = {
  dealId: 42,
  amountCents: 125_000,
  currency: 'EUR',
  note: 'bench',
};
const metadata = {
  actor: 'bench',
  at: '2025-01-01T00:00:00.000Z',
  correlationId: 'c',
  causationId: 'c',
};

/** (a); the pipeline suite measures it again in its own run to compare (c) in events/s with it. */
export function rawInsertsPerSecond(
  path: string,
  durationMs: number = DURATION_MS,
): number {
  const db = openEventDatabase(path);
  const insert = db.prepare(
    `INSERT INTO events (stream_id, revision, event_id, type, data, metadata, recorded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const writeBatch = db.transaction((first: number) => {
    const recordedAt = new Date().toISOString();
    for (let i = first; i < first + APPENDERS; i += 1) {
      insert.run(
        `deal-${i % APPENDERS}`,
        Math.floor(i / APPENDERS),
        randomUUID(),
        'Bench',
        JSON.stringify(payload),
        JSON.stringify(metadata),
        recordedAt,
      );
    }
  });
  let rows = 0;
  const start = performance.now();
  while (performance.now() - start < durationMs) {
    writeBatch.immediate(rows);
    rows += APPENDERS;
  }
  const seconds = (performance.now() - start) / 1000;
  db.close();
  return rows / seconds;
}

async function adapterAppendsPerSecond(
  path: string,
): Promise<{ rate: number; commits: number; appends: number }> {
  const store = createSqliteEventStore({ path });
  const deadline = performance.now() + DURATION_MS;
  let appends = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: APPENDERS }, async (_, appender) => {
      const streamId = `deal-${appender}`;
      for (let revision = 0; performance.now() < deadline; revision += 1) {
        await store.append(
          streamId,
          [{ id: randomUUID(), type: 'Bench', data: payload, metadata }],
          revision === 0 ? 'no_stream' : revision - 1,
        );
        appends += 1;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const { commits } = store.stats();
  await store.close();
  return { rate: appends / seconds, commits, appends };
}

export const run: BenchSuite = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'event-store-bench-'));
  try {
    const raw = rawInsertsPerSecond(join(dir, 'raw.db'));
    const adapter = await adapterAppendsPerSecond(join(dir, 'adapter.db'));
    const rawLine: BenchLine = {
      id: 'a',
      label: 'raw better-sqlite3 inserts (64 rows/tx, WAL, synchronous=FULL)',
      value: Math.round(raw),
      unit: 'inserts/s',
    };
    const adapterLine: BenchLine = {
      id: 'b',
      label: `durable event-store appends (1 event/append, ${APPENDERS} concurrent appenders)`,
      value: Math.round(adapter.rate),
      unit: 'appends/s',
      baseline: { label: rawLine.label, value: rawLine.value },
      target: '>= 40,000 appends/s',
      met: adapter.rate >= TARGET,
      extra: `${(adapter.appends / Math.max(1, adapter.commits)).toFixed(1)} appends per commit (fsync)`,
    };
    return [rawLine, adapterLine];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
