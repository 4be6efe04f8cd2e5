import type { KurrentDBClient } from '@kurrent/kurrentdb-client';
import type {
  BatchHandler,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from './event-store';
import { DEFAULT_BATCH_SIZE } from './catch-up-subscription';
import {
  readPositionAfter,
  toRecorded,
  userStreamsFilter,
} from './kurrent-event-mapping';

/**
 * A $all catch-up subscription (the server does the catch-up → live switch without gap or
 * duplicate). Events are grouped into batches of whatever is already buffered, up to batchSize
 * (the client's buffer holds a whole batch);
 * the loop awaits the handler before pulling more, so a slow handler applies back-pressure.
 * Positions at or before the last delivered one are dropped, as a second guard against duplicates.
 */
export function startKurrentSubscription(
  client: KurrentDBClient,
  options: SubscribeOptions,
  handler: BatchHandler,
): Subscription {
  const batchSize = Math.max(
    1,
    Math.trunc(options.batchSize ?? DEFAULT_BATCH_SIZE),
  );
  // The client's stream buffers only its highWaterMark (16 objects by default), which would cap a
  // batch at about 31 events whatever was asked for: let it buffer a whole batch.
  const source = client.subscribeToAll(
    {
      fromPosition: readPositionAfter(options.after),
      filter: userStreamsFilter(),
    },
    { highWaterMark: batchSize },
  );
  let last = options.after ?? 0;
  let closed = false;

  async function run(): Promise<void> {
    let batch: RecordedEvent[] = [];
    try {
      for await (const resolved of source) {
        if (closed) break;
        const recorded = toRecorded(resolved);
        if (recorded && recorded.position > last) {
          batch.push(recorded);
          last = recorded.position;
        }
        if (
          batch.length >= batchSize ||
          (batch.length > 0 && source.readableLength === 0)
        ) {
          const delivering = batch;
          batch = [];
          await handler(delivering);
        }
      }
    } catch (error) {
      if (!closed) throw error; // cancellation after close() is the normal way out
    } finally {
      if (!closed) await source.unsubscribe().catch(() => undefined);
    }
  }

  const done = run();
  done.catch(() => undefined);

  return {
    done,
    async close() {
      if (!closed) {
        closed = true;
        await source.unsubscribe().catch(() => undefined);
      }
      await done.catch(() => undefined);
    },
  };
}
