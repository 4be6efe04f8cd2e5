import { describe, expect, it } from 'vitest';
import {
  StreamNotFound,
  type EventStore,
} from '@server/event-store/event-store';
import {
  expectStrictlyIncreasing,
  newEvents,
  newStream,
  readAllPaged,
  rejectionOf,
} from './event-store-fixtures';

export function describeReadContract(store: () => EventStore): void {
  describe('readStream', () => {
    it('throws StreamNotFound naming a stream that has no events', async () => {
      const stream = newStream();
      const error = await rejectionOf(store().readStream(stream));
      expect(error).toBeInstanceOf(StreamNotFound);
      expect(error).toMatchObject({ name: 'StreamNotFound', streamId: stream });
    });

    it('reads from a revision, at most maxCount events', async () => {
      const stream = newStream();
      const events = newEvents(5);
      await store().append(stream, events, 'no_stream');
      const slice = await store().readStream(stream, {
        fromRevision: 1,
        maxCount: 3,
      });
      expect(slice.map((e) => e.revision)).toEqual([1, 2, 3]);
      expect(slice.map((e) => e.id)).toEqual(
        events.slice(1, 4).map((e) => e.id),
      );
      expect(await store().readStream(stream, { fromRevision: 9 })).toEqual([]);
    });
  });

  describe('global order', () => {
    it('orders every event across streams by a strictly increasing position', async () => {
      const before = await store().headPosition();
      const [a, b] = [newStream(), newStream()];
      const written: string[] = [];
      let last = 0;
      for (const [stream, count] of [
        [a, 2],
        [b, 1],
        [a, 1],
        [b, 3],
      ] as const) {
        const events = newEvents(count);
        const result = await store().append(stream, events, 'any');
        expect(result.position).toBeGreaterThan(last);
        last = result.position;
        written.push(...events.map((e) => e.id));
      }
      expect(await store().headPosition()).toBe(last);

      const ours = (await store().readAll({ after: before })).filter(
        (e) => e.streamId === a || e.streamId === b,
      );
      expect(ours.map((e) => e.id)).toEqual(written);
      expect(expectStrictlyIncreasing(ours.map((e) => e.position))).toBe(true);
      expect(ours.at(-1)!.position).toBe(last);
      // positions agree between readStream and readAll
      const streamA = await store().readStream(a);
      expect(streamA.map((e) => e.position)).toEqual(
        ours.filter((e) => e.streamId === a).map((e) => e.position),
      );
    });

    it('pages readAll with after and maxCount, with no gap and no overlap', async () => {
      const before = await store().headPosition();
      const stream = newStream();
      const events = newEvents(23);
      for (const chunk of [
        events.slice(0, 10),
        events.slice(10, 11),
        events.slice(11),
      ]) {
        await store().append(stream, chunk, 'any');
      }
      const paged = (await readAllPaged(store(), before, 4)).filter(
        (e) => e.streamId === stream,
      );
      expect(paged.map((e) => e.id)).toEqual(events.map((e) => e.id));

      const first = await store().readAll({ after: before, maxCount: 1 });
      expect(first).toHaveLength(1);
      const rest = await store().readAll({
        after: first[0]!.position,
        maxCount: 100,
      });
      expect(rest.every((e) => e.position > first[0]!.position)).toBe(true);
      expect(
        await store().readAll({ after: await store().headPosition() }),
      ).toEqual([]);
    });
  });
}
