import { describe, expect, it } from 'vitest';
import type { EventStore } from '../../../server/event-store/event-store';
import { verifyStream } from '../../../server/event-store/hash-chain';
import { newEvents, newStream } from './event-store-fixtures';

/** The hash chain every adapter keeps (hash-chain.ts), whatever the order appends arrive in. */
export function describeChainContract(store: () => EventStore): void {
  describe('hash chain', () => {
    it('continues the chain from the event each append actually follows, also when appends with any race', async () => {
      const stream = newStream('chain');
      await store().append(stream, newEvents(1), 'no_stream');
      const racing = Array.from({ length: 16 }, (_, i) => newEvents(1 + (i % 2)));
      const results = await Promise.all(racing.map((events, i) => store().append(stream, events, i % 4 === 0 ? 'stream_exists' : 'any')));

      const read = await store().readStream(stream);
      expect(read).toHaveLength(1 + 24);
      expect(read.map((e) => e.revision)).toEqual(read.map((_, i) => i));
      expect(verifyStream(stream, read)).toMatchObject({ ok: true, events: 25, firstBreak: null });
      // Each racer's result names where its events landed.
      results.forEach((result, i) => {
        const last = read.find((e) => e.id === racing[i]!.at(-1)!.id)!;
        expect(result).toEqual({ nextExpectedRevision: last.revision, position: last.position });
      });

      // A racer's retry is still recognised as one, and a later exact append chains on.
      expect(await store().append(stream, racing[3]!, 'any')).toEqual(results[3]);
      await store().append(stream, newEvents(2), 24);
      expect(verifyStream(stream, await store().readStream(stream))).toMatchObject({ ok: true, events: 27 });
    });
  });
}
