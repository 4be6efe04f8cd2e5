import { describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '@server/event-store/postgres-event-store';
import type { RecordedEvent } from '@server/event-store/event-store';
import { pgTestUrl, useTestDatabase } from '@tests/support/postgres';
import { eventually, newEvents, newStream } from './event-store-fixtures';

/**
 * The sequence-versus-commit-order problem: with concurrent writers a transaction may take a
 * position and commit after one that took a higher position. A subscriber that had moved past the
 * higher one would then skip the lower one for good. Here 32 writers, each with its own store
 * (its own connections and group commit, as separate app instances would be), race 4 subscribers
 * that start at once; every subscriber must see every event exactly once, in position order.
 */
describe.runIf(pgTestUrl)(
  'PostgreSQL global order under concurrent writers',
  () => {
    const database = useTestDatabase();

    it('32 concurrent writers, 4 subscribers: each subscriber sees every event once, in position order', async () => {
      const writers = Array.from({ length: 32 }, () =>
        createPostgresEventStore({
          connectionString: database().url,
          poolSize: 2,
        }),
      );
      const readers = Array.from({ length: 4 }, () =>
        createPostgresEventStore({
          connectionString: database().url,
          poolSize: 2,
        }),
      );
      const seen = readers.map(() => [] as RecordedEvent[]);
      const subscriptions = readers.map((reader, i) =>
        reader.subscribe(
          { after: 0, batchSize: 50 },
          (batch) => void seen[i]!.push(...batch),
        ),
      );

      const written: string[] = [];
      await Promise.all(
        writers.map(async (writer, w) => {
          const streams = [newStream(`w${w}`), newStream(`w${w}`)];
          for (let round = 0; round < 25; round++) {
            const events = newEvents(1 + (round % 3));
            await Promise.all([
              writer.append(streams[round % 2]!, events, 'any'),
              writer
                .append(newStream(`w${w}-single`), newEvents(1), 'no_stream')
                .then((r) => r),
            ]);
            written.push(...events.map((e) => e.id));
          }
        }),
      );
      const head = await readers[0]!.headPosition();
      await eventually(
        () => seen.every((events) => events.length >= head),
        30_000,
        'every subscriber to reach the head',
      );

      const allIds = (await readers[0]!.readAll()).map((e) => e.id);
      expect(allIds).toHaveLength(head);
      expect(new Set(allIds).size).toBe(head);
      for (const events of seen) {
        expect(events.map((e) => e.position)).toEqual(
          Array.from({ length: head }, (_, i) => i + 1),
        );
        expect(events.map((e) => e.id)).toEqual(allIds);
      }
      expect(new Set(allIds).size).toBeGreaterThan(written.length);

      await Promise.all(subscriptions.map((s) => s.close()));
      await Promise.all([...writers, ...readers].map((s) => s.close()));
    });
  },
);
