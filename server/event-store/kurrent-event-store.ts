import { BACKWARDS, END, FORWARDS, KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { EventStore, RecordedEvent, Subscription } from './event-store';
import { assertStreamId, validateAppend } from './event-validation';
import { assertUuids, readPositionAfter, toKurrentEvents, toNumber, toPortError, toRecorded, toStreamState, userStreamsFilter } from './kurrent-event-mapping';
import { startKurrentSubscription } from './kurrent-subscription';
import { GENESIS } from './hash-chain';

export interface KurrentEventStoreOptions {
  /** e.g. `kurrentdb://localhost:2113?tls=false` (also accepts `esdb://`). */
  connectionString: string;
  /** A client built elsewhere instead (tests put the client's own code over a transport they control). */
  client?: KurrentDBClient;
}

/**
 * The EventStore port on KurrentDB. The server owns the semantics (expected states,
 * idempotency by event id, the $all order, catch-up subscriptions); this adapter maps
 * types and errors. Event ids must be UUIDs (KurrentDB stores them as such).
 */
export function createKurrentEventStore(options: KurrentEventStoreOptions): EventStore {
  const client = options.client ?? KurrentDBClient.connectionString(options.connectionString);
  const subscriptions = new Set<Subscription>();
  let closing: Promise<void> | undefined;

  function ensureOpen(): void {
    if (closing) throw new Error('Event store is closed');
  }

  async function collect(
    source: AsyncIterable<Parameters<typeof toRecorded>[0]>,
    keep: (event: RecordedEvent) => boolean,
    maxCount: number,
  ): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    if (maxCount <= 0) return events;
    for await (const resolved of source) {
      const recorded = toRecorded(resolved);
      if (recorded && keep(recorded)) events.push(recorded);
      if (events.length >= maxCount) break;
    }
    return events;
  }

  async function lastHash(streamId: string): Promise<string> {
    try {
      const [last] = await collect(client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }), () => true, 1);
      return last?.hash ?? GENESIS;
    } catch (error) {
      if ((error as { type?: string }).type === 'stream-not-found') return GENESIS;
      throw error;
    }
  }

  return {
    async append(streamId, events, expected) {
      ensureOpen();
      // Same checks as the SQLite adapter, so a bad event fails alike on both.
      const serialised = validateAppend(streamId, events, expected);
      assertUuids(streamId, events);
      try {
        // The chain continues from the stream's last event. A concurrent append in between fails
        // the expected-revision check; with `any` two racing writers could both chain from the
        // same event, which verify then reports (our commands always append at a revision).
        const proposed = toKurrentEvents(streamId, events, serialised, await lastHash(streamId));
        const result = await client.appendToStream(streamId, proposed, { streamState: toStreamState(expected) });
        const nextExpectedRevision = toNumber(result.nextExpectedRevision, 'Revision');
        if (result.position) return { nextExpectedRevision, position: toNumber(result.position.commit, 'Position') };
        // An idempotent retry may come back without a position: take the original event's.
        const [last] = await collect(
          client.readStream(streamId, { direction: FORWARDS, fromRevision: result.nextExpectedRevision, maxCount: 1 }),
          () => true,
          1,
        );
        if (!last) throw new Error(`KurrentDB acknowledged an append to ${streamId} without a position`);
        return { nextExpectedRevision, position: last.position };
      } catch (error) {
        throw toPortError(error, streamId, expected);
      }
    },

    async readStream(streamId, readOptions = {}) {
      ensureOpen();
      assertStreamId(streamId);
      const maxCount = readOptions.maxCount ?? Number.MAX_SAFE_INTEGER;
      try {
        const source = client.readStream(streamId, {
          direction: FORWARDS,
          fromRevision: BigInt(readOptions.fromRevision ?? 0),
          maxCount,
        });
        return await collect(source, () => true, maxCount);
      } catch (error) {
        throw toPortError(error, streamId);
      }
    },

    async readAll(readOptions = {}) {
      ensureOpen();
      const after = readOptions.after ?? 0;
      const maxCount = readOptions.maxCount ?? Number.MAX_SAFE_INTEGER;
      // Reading $all forwards from a position includes the event at it, hence the +1 and the filter.
      const source = client.readAll({
        direction: FORWARDS,
        fromPosition: readPositionAfter(after),
        maxCount: after > 0 ? Math.min(maxCount + 1, Number.MAX_SAFE_INTEGER) : maxCount,
        filter: userStreamsFilter(),
      });
      return collect(source, (event) => event.position > after, maxCount);
    },

    subscribe(subscribeOptions, handler) {
      ensureOpen();
      const subscription = startKurrentSubscription(client, subscribeOptions, handler);
      subscriptions.add(subscription);
      void subscription.done.catch(() => undefined).finally(() => subscriptions.delete(subscription));
      return subscription;
    },

    async headPosition() {
      ensureOpen();
      const source = client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: userStreamsFilter() });
      const [last] = await collect(source, () => true, 1);
      return last?.position ?? 0;
    },

    close() {
      closing ??= (async () => {
        await Promise.all([...subscriptions].map((subscription) => subscription.close()));
        await client.dispose();
      })();
      return closing;
    },
  };
}
