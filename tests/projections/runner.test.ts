import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProjectionRunner } from '@projections/runner';
import type { Projection } from '@projections/projection';
import { EventDecodeError } from '@machines/events/codec';
import { at, metadata } from '@tests/support/event-factory';
import {
  openPipeline,
  rejectionOf,
  type Pipeline,
} from '@tests/support/pipeline';

/** A tiny read model: one row per event, keyed by position, so an event applied twice fails loudly. */
function rowsProjection(
  name: string,
  version = 1,
  failAt: { position: number | null } = { position: null },
): Projection {
  const table = `t_${name}`;
  return {
    name,
    version,
    setup: (db) =>
      db.exec(
        `CREATE TABLE IF NOT EXISTS ${table} (position INTEGER PRIMARY KEY, stream TEXT NOT NULL, type TEXT NOT NULL, v INTEGER NOT NULL)`,
      ),
    reset: (db) => db.exec(`DROP TABLE IF EXISTS ${table}`),
    prepare(db) {
      const insert = db.prepare(
        `INSERT INTO ${table} (position, stream, type, v) VALUES (?, ?, ?, ?)`,
      );
      return (event) => {
        if (event.position === failAt.position)
          throw new Error(`projection ${name} crashed at ${event.position}`);
        insert.run(event.position, event.streamId, event.type, version);
      };
    },
  };
}

let p: Pipeline;
let db: Database.Database;
const dbPath = () => join(p.dir, 'read.db');
const positions = (name: string) =>
  db
    .prepare(`SELECT position FROM t_${name} ORDER BY position`)
    .pluck()
    .all() as number[];
const checkpoint = (name: string) =>
  db
    .prepare(
      'SELECT version, position FROM projection_checkpoints WHERE name = ?',
    )
    .get(name) as { version: number; position: number } | undefined;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function appendEvents(count: number, stream = 'deal-1'): Promise<number> {
  let revision = -1;
  try {
    revision = (await p.store.readStream(stream)).at(-1)!.revision;
  } catch {
    revision = -1;
  }
  for (let i = 0; i < count; i++) {
    await p.store.append(
      stream,
      [
        {
          id: `${stream}-${revision + 1 + i}`,
          type: 'CreatorAccepted',
          data: {},
          metadata: metadata(at(i)),
        },
      ],
      revision + i < 0 ? 'no_stream' : revision + i,
    );
  }
  return p.store.headPosition();
}

beforeEach(() => {
  p = openPipeline('runner');
  db = new Database(dbPath());
});
afterEach(async () => {
  db.close();
  await p.close();
});

describe('projection runner', () => {
  it('catches up, keeps following, and writes the checkpoint with the data', async () => {
    const head = await appendEvents(25);
    const runner = createProjectionRunner({
      source: p.store,
      db,
      projections: [rowsProjection('a')],
      batchSize: 10,
    });
    runner.start();
    await runner.waitForPosition(head, 5_000);
    expect(positions('a')).toEqual(range(1, 25));
    expect(checkpoint('a')).toEqual({ version: 1, position: 25 });
    const later = await appendEvents(5, 'deal-2');
    await runner.waitForPosition(later, 5_000);
    expect(positions('a')).toEqual(range(1, 30));
    expect(runner.position).toBe(30);
    await runner.stop();
  });

  it('a crash inside a batch applies nothing of that batch and keeps the checkpoint; a restart resumes exactly there', async () => {
    const head = await appendEvents(40);
    const failAt = { position: 25 as number | null };
    const crashing = createProjectionRunner({
      source: p.store,
      db,
      projections: [rowsProjection('a', 1, failAt), rowsProjection('b')],
      batchSize: 10,
    });
    crashing.start();
    expect((await rejectionOf(crashing.done)).message).toBe(
      'projection a crashed at 25',
    );
    await crashing.stop();
    // Batches are 1–10, 11–20, 21–30: the third rolled back for *both* read models, checkpoints included.
    expect(positions('a')).toEqual(range(1, 20));
    expect(positions('b')).toEqual(range(1, 20));
    expect(checkpoint('a')?.position).toBe(20);
    expect(checkpoint('b')?.position).toBe(20);

    failAt.position = null;
    const restarted = createProjectionRunner({
      source: p.store,
      db,
      projections: [rowsProjection('a', 1, failAt), rowsProjection('b')],
      batchSize: 10,
    });
    expect(restarted.position).toBe(20);
    restarted.start();
    await restarted.waitForPosition(head, 5_000);
    expect(positions('a')).toEqual(range(1, 40));
    expect(positions('b')).toEqual(range(1, 40));
    await restarted.stop();
  });

  it('waitForPosition resolves at once for a reached position, waits for a live one, and times out with a clear error', async () => {
    const head = await appendEvents(3);
    const runner = createProjectionRunner({
      source: p.store,
      db,
      projections: [rowsProjection('a')],
    });
    runner.start();
    await runner.waitForPosition(head, 5_000);
    await runner.waitForPosition(1, 1);
    const pending = runner.waitForPosition(head + 1, 5_000);
    await appendEvents(1, 'deal-9');
    await pending;
    expect(positions('a')).toHaveLength(head + 1);
    await expect(runner.waitForPosition(head + 100, 30)).rejects.toThrow(
      `Read models did not reach position ${head + 100} within 30 ms`,
    );
    await runner.stop();
  });

  it('rebuild drops every read model and replays from position 0', async () => {
    const head = await appendEvents(30);
    const runner = createProjectionRunner({
      source: p.store,
      db,
      projections: [rowsProjection('a')],
      batchSize: 4,
    });
    runner.start();
    await runner.waitForPosition(head, 5_000);
    db.exec(
      "DELETE FROM t_a WHERE position < 10; INSERT INTO t_a VALUES (9999, 'junk', 'Junk', 0)",
    );
    const progress: [number, number][] = [];
    expect(
      await runner.rebuild((applied, total) => progress.push([applied, total])),
    ).toBe(30);
    expect(positions('a')).toEqual(range(1, 30));
    expect(progress.at(-1)).toEqual([30, 30]);
    expect(checkpoint('a')?.position).toBe(30);
  });

  it('a projection version bump rebuilds that read model only', async () => {
    const head = await appendEvents(12);
    const first = createProjectionRunner({
      source: p.store,
      db,
      projections: [rowsProjection('a'), rowsProjection('b')],
    });
    first.start();
    await first.waitForPosition(head, 5_000);
    await first.stop();
    db.exec("INSERT INTO t_b VALUES (5000, 'marker', 'Marker', 1)");

    const bumped = createProjectionRunner({
      source: p.store,
      db,
      projections: [rowsProjection('a', 2), rowsProjection('b')],
    });
    expect(checkpoint('a')).toEqual({ version: 2, position: 0 });
    expect(positions('a')).toEqual([]);
    bumped.start();
    await bumped.waitForPosition(head, 5_000);
    expect(db.prepare('SELECT DISTINCT v FROM t_a').pluck().all()).toEqual([2]);
    expect(positions('a')).toEqual(range(1, 12));
    // b kept its rows (the marker survives) and got no event twice (its primary key would refuse).
    expect(positions('b')).toEqual([...range(1, 12), 5000]);
    await bumped.stop();
  });

  it('an undecodable stored event stops the runner with an error naming stream and position', async () => {
    await appendEvents(3);
    await p.store.append(
      'deal-5',
      [{ id: 'bad', type: 'DealTeleported', data: {}, metadata: metadata() }],
      'no_stream',
    );
    const runner = createProjectionRunner({
      source: p.store,
      db,
      projections: [rowsProjection('a')],
      batchSize: 2,
    });
    runner.start();
    const error = await rejectionOf(runner.done);
    expect(error).toBeInstanceOf(EventDecodeError);
    expect(error).toMatchObject({ streamId: 'deal-5', position: 4 });
    await runner.stop();
    expect(positions('a')).toEqual([1, 2]);
    expect(checkpoint('a')?.position).toBe(2);
  });
});
