import { describe, expect, it } from 'vitest';
import type { EventStore } from '@server/event-store/event-store';
import { verifyStore, verifyStream } from '@server/event-store/hash-chain';
import { newEvents, newStream, readAllPaged } from './event-store-fixtures';

/** The hash chain every adapter keeps (hash-chain.ts), whatever the order appends arrive in. */
export function describeChainContract(store: () => EventStore): void {
  describe('hash chain', () => {
    it('continues the chain from the event each append actually follows, also when appends with any race', async () => {
      const stream = newStream('chain');
      await store().append(stream, newEvents(1), 'no_stream');
      const racing = Array.from({ length: 16 }, (_, i) =>
        newEvents(1 + (i % 2)),
      );
      const results = await Promise.all(
        racing.map((events, i) =>
          store().append(stream, events, i % 4 === 0 ? 'stream_exists' : 'any'),
        ),
      );

      const read = await store().readStream(stream);
      expect(read).toHaveLength(1 + 24);
      expect(read.map((e) => e.revision)).toEqual(read.map((_, i) => i));
      expect(verifyStream(stream, read)).toMatchObject({
        ok: true,
        events: 25,
        firstBreak: null,
      });
      // Each racer's result names where its events landed.
      results.forEach((result, i) => {
        const last = read.find((e) => e.id === racing[i]!.at(-1)!.id)!;
        expect(result).toEqual({
          nextExpectedRevision: last.revision,
          position: last.position,
        });
      });

      // A racer's retry is still recognised as one, and a later exact append chains on.
      expect(await store().append(stream, racing[3]!, 'any')).toEqual(
        results[3],
      );
      await store().append(stream, newEvents(2), 24);
      expect(
        verifyStream(stream, await store().readStream(stream)),
      ).toMatchObject({
        ok: true,
        events: 27,
      });
    });

    it('verifies the whole log page by page to its end, paging on the last position read', async () => {
      const start = await store().headPosition();
      const streams = [
        newStream('verify'),
        newStream('verify'),
        newStream('verify'),
      ];
      for (let i = 0; i < 23; i++)
        await store().append(streams[i % 3]!, newEvents(1 + (i % 2)), 'any');
      // Only what this test wrote (a shared server holds other runs' streams too).
      const mine = {
        readAll: (o: { after?: number; maxCount?: number }) =>
          store().readAll({ ...o, after: Math.max(o.after ?? 0, start) }),
      };
      expect(await verifyStore(mine, 4)).toEqual({
        streams: 3,
        events: 34,
        breaks: [],
      });
      expect((await readAllPaged(store(), start, 4)).length).toBe(34);
    });
  });
}
