import { randomUUID } from 'node:crypto';
import {
  StreamNotFound,
  WrongExpectedVersion,
  type EventStore,
} from '../event-store/event-store';
import type { Clock } from '../shared/clock';

/** The sequence stream's record of one block handed to an instance. */
function blockReserved(clock: Clock, from: number, to: number) {
  return {
    id: randomUUID(),
    type: 'IdBlockReserved',
    data: { from, to },
    metadata: {
      actor: { kind: 'system' as const, id: 'id-allocator' },
      at: clock.now().toISOString(),
      correlationId: randomUUID(),
      causationId: null,
      schemaVersion: 1,
    },
  };
}

/**
 * Reserves the next block [from, to] with one optimistic append after the stream's last block;
 * another instance appending first only means reading again and retrying on its new end.
 */
async function reserveBlock(
  store: EventStore,
  clock: Clock,
  streamId: string,
  blockSize: number,
): Promise<{ from: number; to: number }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    let revision = -1;
    let from = 1;
    try {
      const events = await store.readStream(streamId);
      const tail = events[events.length - 1]!;
      revision = tail.revision;
      from = (tail.data as { to: number }).to + 1;
    } catch (error) {
      if (!(error instanceof StreamNotFound)) throw error;
    }
    const to = from + blockSize - 1;
    try {
      const expected = revision < 0 ? 'no_stream' : revision;
      await store.append(streamId, [blockReserved(clock, from, to)], expected);
      return { from, to };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
    }
  }
  throw new Error(`Could not reserve an id block on ${streamId}`);
}

/**
 * Integer ids (deal 42, payment request 7) from a sequence stream, handed out in blocks (hi/lo):
 * an instance reserves [from, to] with one optimistic append and then counts locally, so creating
 * deals does not serialise every writer on one hot stream. A restart leaves a gap, never a duplicate.
 */
export function createIdAllocator({
  store,
  clock,
  sequence,
  blockSize = 100,
}: {
  store: EventStore;
  clock: Clock;
  sequence: string;
  blockSize?: number;
}) {
  const streamId = `sequence-${sequence}`;
  let next = 0;
  let last = -1;
  let refill: Promise<void> | null = null;

  // Blocks are fetched ahead: once half of the current block is used, the next one is reserved in
  // the background, so a busy instance never waits on the sequence stream.
  let spare: { from: number; to: number } | null = null;
  const startRefill = () => {
    refill ??= reserveBlock(store, clock, streamId, blockSize)
      .then((block) => {
        spare = block;
      })
      .finally(() => {
        refill = null;
      });
    return refill;
  };

  return async function nextId(): Promise<number> {
    while (next > last) {
      if (spare) {
        ({ from: next, to: last } = spare);
        spare = null;
      } else {
        await startRefill();
      }
    }
    if (!spare && !refill && last - next < blockSize / 2)
      void startRefill().catch(() => undefined);
    return next++;
  };
}
