import { describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '@server/event-store/postgres-event-store';
import type { RecordedEvent } from '@server/event-store/event-store';
import {
  createTestDatabase,
  pgTestUrl,
  useTestDatabase,
  withDatabase,
} from '@tests/support/postgres';
import { createTestApp, registerUser } from '@tests/support/test-app';
import {
  eventually,
  expectStrictlyIncreasing,
  newEvents,
  newStream,
  rejectionOf,
} from './event-store-fixtures';

/**
 * A dropped connection (the server restarted, an operator killed the backend) ends a subscription
 * with an error, as the port says; the subscriber resumes from the last position it handled and
 * gets every event once: those appended while it was down included. In the app the resilient
 * subscription (resilient-subscription.ts) does that resuming for the read models and reactors.
 */
describe.runIf(pgTestUrl)(
  'PostgreSQL subscriptions after a dropped connection',
  () => {
    const database = useTestDatabase();
    const terminate = (filter: string, url = database().url) =>
      withDatabase(url, async (client) => {
        const { rows } = await client.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND ${filter}`,
        );
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid',
          [rows.map((r) => r.pid)],
        );
        return rows.length;
      });

    it.each([
      ['its LISTEN backend is terminated', "query ILIKE 'LISTEN%'"],
      [
        'every backend of the database is terminated (a restart, as the clients see it)',
        'true',
      ],
    ])(
      'ends done with an error when %s; resuming from the last handled position misses and repeats nothing',
      async (_what, filter) => {
        const store = createPostgresEventStore({
          connectionString: database().url,
          onConnectionError: () => undefined,
        });
        const stream = newStream('reconnect');
        const events = newEvents(30);
        const received: RecordedEvent[] = [];
        const handler = (batch: RecordedEvent[]) =>
          void received.push(...batch.filter((e) => e.streamId === stream));

        const first = store.subscribe(
          { after: await store.headPosition() },
          handler,
        );
        await store.append(stream, events.slice(0, 10), 'no_stream');
        await eventually(
          () => received.length === 10,
          10_000,
          'the first ten events',
        );

        expect(await terminate(filter)).toBeGreaterThan(0);
        const error = await rejectionOf(first.done);
        expect((error as Error).message).toMatch(
          /lost its PostgreSQL connection/,
        );

        // Appends go on while nobody listens (the pool replaces its dead connections).
        await store.append(stream, events.slice(10, 20), 9);
        const resumed = store.subscribe(
          { after: received.at(-1)!.position },
          handler,
        );
        await store.append(stream, events.slice(20), 19);
        await eventually(
          () => received.length >= 30,
          10_000,
          'every event after resuming',
        );

        expect(received.map((e) => e.id)).toEqual(events.map((e) => e.id));
        expect(expectStrictlyIncreasing(received.map((e) => e.position))).toBe(
          true,
        );
        await resumed.close();
        await store.close();
      },
    );

    it('given every backend terminated, when the store reads and appends at once, then they go through on fresh connections (five times over)', async () => {
      const store = createPostgresEventStore({
        connectionString: database().url,
        onConnectionError: () => undefined,
      });
      const stream = newStream('read-retry');
      const events = newEvents(6);
      await store.append(stream, events.slice(0, 1), 'no_stream');
      // Fill the pool with idle connections, so terminated ones wait there to be picked.
      await Promise.all(
        Array.from({ length: 8 }, () => store.readStream(stream)),
      );
      for (let round = 1; round <= 5; round++) {
        expect(await terminate('true')).toBeGreaterThan(0);
        const [read, head, appended] = await Promise.all([
          store.readStream(stream),
          store.headPosition(),
          store.append(stream, events.slice(round, round + 1), round - 1),
        ]);
        expect(read.length).toBeGreaterThanOrEqual(round);
        expect(head).toBeGreaterThan(0);
        expect(appended.nextExpectedRevision).toBe(round);
      }
      expect((await store.readStream(stream)).map((e) => e.id)).toEqual(
        events.map((e) => e.id),
      );
      await store.close();
    });

    it("resumes an app's read models and reactors (the runners) after every connection to the database was terminated", async () => {
      const own = await createTestDatabase('escrow_reconnect');
      const t = await createTestApp({ DATABASE_URL: own.url });
      try {
        await registerUser(t.app);
        expect(await terminate('true', own.url)).toBeGreaterThan(0);
        const later = await registerUser(t.app);
        const head = await t.ctx.store.headPosition();
        await t.ctx.settle(head);
        expect(t.ctx.queries.accounts.userById(later.userId)).toBeTruthy();
        expect(await t.ctx.payments.reactors.processed(head)).toBe(true);
      } finally {
        await t.close();
        await own.drop();
      }
    });
  },
);
