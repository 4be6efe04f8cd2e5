import { describe, expect, it } from 'vitest';
import {
  StreamNotFound,
  type EventData,
  type EventStore,
} from '@server/event-store/event-store';
import { verifyStream } from '@server/event-store/hash-chain';
import { newEvent, newStream, rejectionOf } from './event-store-fixtures';

/** Metadata goes in and comes out exactly as written, on every adapter; what cannot, is refused alike. */
export function describeMetadataContract(store: () => EventStore): void {
  describe('metadata', () => {
    it('round-trips exactly: empty, nested, unicode and key order included, and the chain verifies', async () => {
      const stream = newStream('meta');
      const shapes: Record<string, unknown>[] = [
        {},
        {
          actor: { kind: 'brand', id: 'u-1' },
          at: '2026-03-02T09:00:00.000Z',
          correlationId: 'c',
          causationId: null,
        },
        { z: 1, a: [1, { b: 'ünïcødé ✓' }], empty: {}, list: [] },
      ];
      const events: EventData[] = shapes.map((metadata) => ({
        ...newEvent(),
        metadata,
      }));
      const { position } = await store().append(stream, events, 'no_stream');

      const read = await store().readStream(stream);
      expect(read.map((e) => e.metadata)).toEqual(shapes);
      expect(read.map((e) => JSON.stringify(e.metadata))).toEqual(
        shapes.map((m) => JSON.stringify(m)),
      );
      const all = (await store().readAll({ after: position - 1 })).filter(
        (e) => e.streamId === stream,
      );
      expect(all.at(-1)!.metadata).toEqual(shapes[2]);
      expect(verifyStream(stream, read)).toMatchObject({ ok: true, events: 3 });
    });

    it('refuses metadata that is not a JSON object, and the reserved chainHash key, before writing', async () => {
      const stream = newStream('meta');
      for (const metadata of [
        null,
        undefined,
        [],
        ['a'],
        'text',
        7,
        true,
        { chainHash: 'forged' },
        { actor: 'x', chainHash: null },
      ]) {
        const error = await rejectionOf(
          store().append(stream, [{ ...newEvent(), metadata }], 'any'),
        );
        expect(error, JSON.stringify(metadata)).toBeInstanceOf(TypeError);
        expect((error as Error).message).toMatch(/metadata/);
      }
      expect(await rejectionOf(store().readStream(stream))).toBeInstanceOf(
        StreamNotFound,
      );
    });
  });
}
