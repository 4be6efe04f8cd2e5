import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  createSqliteEventStore,
  type SqliteEventStore,
} from '@server/event-store/sqlite-event-store';
import {
  ANY_WINDOW,
  WrongExpectedVersion,
  type RecordedEvent,
} from '@server/event-store/event-store';
import {
  eventually,
  newEvent,
  newEvents,
  newStream,
  rejectionOf,
  sleep,
} from './event-store-fixtures';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-event-store-'));
let files = 0;
const newPath = () => join(dir, `events-${(files += 1)}.db`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function withStore<T>(
  run: (store: SqliteEventStore, path: string) => Promise<T>,
  path = newPath(),
): Promise<T> {
  const store = createSqliteEventStore({ path });
  try {
    return await run(store, path);
  } finally {
    await store.close();
  }
}

describe('SQLite event store: group commit', () => {
  it('writes concurrent appends in one transaction', () =>
    withStore(async (store) => {
      const before = store.stats().commits;
      const results = await Promise.all(
        Array.from({ length: 100 }, () =>
          store.append(newStream(), newEvents(1), 'no_stream'),
        ),
      );
      expect(store.stats().commits - before).toBe(1);
      expect(store.stats().largestBatch).toBe(100);
      expect(new Set(results.map((r) => r.position)).size).toBe(100);
      expect(await store.headPosition()).toBe(100);
    }));

  it('checks each append on its own: one refusal does not fail the batch, later appends see earlier ones', () =>
    withStore(async (store) => {
      const [s, other] = [newStream(), newStream()];
      const retried = newEvents(1);
      const outcomes = await Promise.allSettled([
        store.append(s, retried, 'no_stream'),
        store.append(s, newEvents(1), 'no_stream'), // loses to the first
        store.append(s, newEvents(2), 0), // sees the first one
        store.append(other, newEvents(1), 'no_stream'),
        store.append(s, retried, 'no_stream'), // idempotent retry inside the same batch
      ]);
      expect(store.stats().commits).toBe(1);
      expect(outcomes.map((o) => o.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(
        WrongExpectedVersion,
      );
      expect((outcomes[4] as PromiseFulfilledResult<unknown>).value).toEqual(
        (outcomes[0] as PromiseFulfilledResult<unknown>).value,
      );
      expect((await store.readStream(s)).map((e) => e.revision)).toEqual([
        0, 1, 2,
      ]);
      expect(store.stats()).toMatchObject({ appends: 4, refused: 1 });
    }));

  it('lets exactly one of many conflicting appends at the same expected revision win', () =>
    withStore(async (store) => {
      const s = newStream();
      await store.append(s, newEvents(1), 'no_stream');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, () => store.append(s, newEvents(1), 0)),
      );
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const lost of outcomes.filter((o) => o.status === 'rejected')) {
        expect(lost.reason).toMatchObject({
          name: 'WrongExpectedVersion',
          streamId: s,
          expected: 0,
          actual: 1,
        });
      }
      expect(await store.readStream(s)).toHaveLength(2);
    }));

  it('splits a large queue into transactions of maxBatch appends', async () => {
    const store = createSqliteEventStore({ path: newPath(), maxBatch: 10 });
    await Promise.all(
      Array.from({ length: 25 }, () =>
        store.append(newStream(), newEvents(1), 'any'),
      ),
    );
    expect(store.stats()).toMatchObject({
      commits: 3,
      largestBatch: 10,
      appends: 25,
    });
    await store.close();
  });

  it('commits what is queued when closed', async () => {
    const store = createSqliteEventStore({ path: newPath() });
    const pending = store.append(newStream(), newEvents(1), 'no_stream');
    await store.close();
    await expect(pending).resolves.toMatchObject({ nextExpectedRevision: 0 });
  });
});

describe('SQLite event store: storage', () => {
  it('keeps events and positions across reopening', async () => {
    const path = newPath();
    const s = newStream();
    const events = newEvents(3);
    const written = await withStore(
      (store) => store.append(s, events, 'no_stream'),
      path,
    );
    await withStore(async (store) => {
      const read = await store.readStream(s);
      expect(read.map((e) => e.id)).toEqual(events.map((e) => e.id));
      expect(read.at(-1)!.position).toBe(written.position);
      expect(await store.append(s, newEvents(1), 2)).toMatchObject({
        nextExpectedRevision: 3,
        position: 4,
      });
    }, path);
  });

  it('follows KurrentDB for reused ids: retries are recognised by position, a write at the current revision is a write', () =>
    withStore(async (store) => {
      const s = newStream();
      const [a, b] = [newEvent(), newEvent()];
      await store.append(s, [a, b], 'no_stream');
      expect(await store.append(s, [b], 0)).toMatchObject({
        nextExpectedRevision: 1,
        position: 2,
      }); // retry
      expect(await rejectionOf(store.append(s, [a], 0))).toMatchObject({
        name: 'WrongExpectedVersion',
        actual: 1,
      });
      expect(await store.append(s, [{ ...a }], 1)).toMatchObject({
        nextExpectedRevision: 2,
      }); // not a retry
      expect((await store.readStream(s)).map((e) => e.id)).toEqual([
        a.id,
        b.id,
        a.id,
      ]);
    }));

  it('recognises an any-retry only within the recent window', () =>
    withStore(async (store) => {
      const s = newStream();
      const old = newEvent();
      await store.append(s, [old], 'any');
      await store.append(s, newEvents(ANY_WINDOW), 'any');
      expect(await store.append(s, [old], 'any')).toMatchObject({
        nextExpectedRevision: ANY_WINDOW + 1,
      });
    }));

  it('names the stream and position of a malformed payload read back', async () => {
    const path = newPath();
    const s = newStream();
    const { position } = await withStore(
      (store) => store.append(s, newEvents(1), 'no_stream'),
      path,
    );
    const raw = new Database(path);
    raw
      .prepare('UPDATE events SET data = ? WHERE position = ?')
      .run('{not json', position);
    raw.close();
    await withStore(async (store) => {
      const error = await rejectionOf(store.readAll());
      expect((error as Error).message).toContain(
        `stream ${s} at position ${position}`,
      );
    }, path);
  });

  it('delivers to a subscription what another connection appends, by polling', async () => {
    const path = newPath();
    const reader = createSqliteEventStore({ path, pollIntervalMs: 20 });
    const writer = createSqliteEventStore({ path });
    const received: RecordedEvent[] = [];
    const subscription = reader.subscribe(
      {},
      (batch) => void received.push(...batch),
    );
    await sleep(50);
    const events = newEvents(3);
    await writer.append(newStream(), events, 'no_stream');
    await eventually(
      () => received.length === 3,
      5_000,
      'the other connection’s events',
    );
    expect(received.map((e) => e.id)).toEqual(events.map((e) => e.id));
    await subscription.close();
    await Promise.all([reader.close(), writer.close()]);
  });
});
