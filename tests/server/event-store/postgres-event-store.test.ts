import { describe, expect, it } from 'vitest';
import {
  createPostgresEventStore,
  type PostgresEventStore,
} from '@server/event-store/postgres-event-store';
import { verifyStore } from '@server/event-store/hash-chain';
import {
  pgTestUrl,
  useTestDatabase,
  withDatabase,
} from '@tests/support/postgres';
import {
  eventually,
  newEvents,
  newStream,
  sleep,
} from './event-store-fixtures';
import type { RecordedEvent } from '@server/event-store/event-store';

describe.runIf(pgTestUrl)('PostgreSQL (PG_TEST_URL)', () => {
  const database = useTestDatabase();

  // The shared contract suites run on PostgreSQL from event-store-contracts.test.ts (contract-adapters.ts).
  async function withStore<T>(
    run: (store: PostgresEventStore) => Promise<T>,
  ): Promise<T> {
    const store = createPostgresEventStore({
      connectionString: database().url,
    });
    try {
      return await run(store);
    } finally {
      await store.close();
    }
  }

  describe('PostgreSQL event store', () => {
    it('groups concurrent appends into few transactions and chains every stream', () =>
      withStore(async (store) => {
        const before = store.stats().commits;
        const results = await Promise.all(
          Array.from({ length: 100 }, () =>
            store.append(newStream('group'), newEvents(2), 'no_stream'),
          ),
        );
        expect(store.stats().commits - before).toBeLessThanOrEqual(3);
        expect(new Set(results.map((r) => r.position)).size).toBe(100);
        const report = await verifyStore(store);
        expect(report.breaks).toEqual([]);
        expect(report.events).toBe(await store.headPosition());
      }));

    it('applies appends, retries and conflicts on one stream within a single batch, in submission order', () =>
      withStore(async (store) => {
        await store.ready();
        const stream = newStream('one-batch');
        const [first, second, third] = [
          newEvents(2),
          newEvents(1),
          newEvents(1),
        ];
        const before = store.stats().commits;
        // Submitted in the same turn: the group commit queue writes them as one es_append call.
        const settled = await Promise.allSettled([
          store.append(stream, first, 'no_stream'),
          store.append(stream, second, 1),
          store.append(stream, first, 'no_stream'),
          store.append(stream, second, 'any'),
          store.append(stream, third, 'any'),
          store.append(stream, newEvents(1), 1),
          store.append(newStream('missing'), newEvents(1), 'stream_exists'),
        ]);
        expect(store.stats().commits - before).toBe(1);
        const values = settled.map((s) =>
          s.status === 'fulfilled' ? s.value : (s.reason as Error).name,
        );
        const [a, b, retryA, retryB, c] = values as {
          nextExpectedRevision: number;
          position: number;
        }[];
        expect(a!.nextExpectedRevision).toBe(1);
        expect(b!.nextExpectedRevision).toBe(2);
        expect(retryA).toEqual(a);
        expect(retryB).toEqual(b);
        expect(c).toEqual({
          nextExpectedRevision: 3,
          position: b!.position + 1,
        });
        expect(values.slice(5)).toEqual([
          'WrongExpectedVersion',
          'WrongExpectedVersion',
        ]);
        const events = await store.readStream(stream);
        expect(events.map((e) => e.id)).toEqual(
          [...first, ...second, ...third].map((e) => e.id),
        );
        expect(events.map((e) => e.position)).toEqual([
          a!.position - 1,
          a!.position,
          b!.position,
          c!.position,
        ]);
        expect((await verifyStore(store)).breaks).toEqual([]);
      }));

    it('keeps the hash chain a tamper check can follow, and shows an edited event', () =>
      withStore(async (store) => {
        const stream = newStream('chain');
        await store.append(stream, newEvents(3), 'no_stream');
        const [, second] = await store.readStream(stream);
        await withDatabase(database().url, (client) =>
          client.query(
            `UPDATE es_events SET data = '{"n":99}' WHERE position = $1`,
            [second!.position],
          ),
        );
        const { breaks } = await verifyStore(store);
        expect(breaks).toContainEqual(
          expect.objectContaining({
            streamId: stream,
            revision: 1,
            reason: 'mismatch',
          }),
        );
        await withDatabase(database().url, (client) =>
          client.query('DELETE FROM es_events WHERE stream_id = $1', [stream]),
        );
      }));

    it('delivers what another store (another instance) appends, woken by NOTIFY', () =>
      withStore(async (reader) => {
        const writer = createPostgresEventStore({
          connectionString: database().url,
        });
        const stream = newStream('notify');
        const received: RecordedEvent[] = [];
        const subscription = reader.subscribe(
          { after: await reader.headPosition() },
          (batch) =>
            void received.push(...batch.filter((e) => e.streamId === stream)),
        );
        await sleep(100);
        const events = newEvents(3);
        await writer.append(stream, events, 'no_stream');
        // The safety-net poll is a minute: only the notification can deliver this in time.
        await eventually(
          () => received.length === 3,
          5_000,
          'the other store’s events',
        );
        expect(received.map((e) => e.id)).toEqual(events.map((e) => e.id));
        await subscription.close();
        await writer.close();
      }));
  });
});
