import { BACKWARDS, END, FORWARDS, KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { EventStore, Subscription } from './event-store';
import { assertStreamId, validateAppend } from './event-validation';
import { assertUuids, toPortError, userStreamsFilter } from './kurrent-event-mapping';
import { collectRecorded, readAllAfter } from './kurrent-reads';
import { startKurrentSubscription } from './kurrent-subscription';
import { createKurrentAppender } from './kurrent-append';

export interface KurrentEventStoreOptions {
  /** e.g. `kurrentdb://localhost:2113?tls=false` (also accepts `esdb://`). */
  connectionString: string;
  /** A client built elsewhere instead (tests put the client's own code over a transport they control). */
  client?: KurrentDBClient;
}

/**
 * The EventStore port on KurrentDB. The server owns most of the semantics (expected states, the
 * $all order, catch-up subscriptions); appends go through kurrent-append.ts, which keeps the hash
 * chain and the `any` idempotency the port promises; this file maps types and errors. Event ids
 * must be UUIDs (KurrentDB stores them as such).
 */
export function createKurrentEventStore(options: KurrentEventStoreOptions): EventStore {
  const client = options.client ?? KurrentDBClient.connectionString(options.connectionString);
  const subscriptions = new Set<Subscription>();
  const append = createKurrentAppender(client);
  let closing: Promise<void> | undefined;

  function ensureOpen(): void {
    if (closing) throw new Error('Event store is closed');
  }

  return {
    async append(streamId, events, expected) {
      ensureOpen();
      // Same checks as the SQLite adapter, so a bad event fails alike on both.
      const serialised = validateAppend(streamId, events, expected);
      assertUuids(streamId, events);
      return append(streamId, events, serialised, expected);
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
          // Commands decide on what they read here and append at its revision: read the leader's copy.
          requiresLeader: true,
        });
        return await collectRecorded(source, { maxCount });
      } catch (error) {
        throw toPortError(error, streamId);
      }
    },

    async readAll(readOptions = {}) {
      ensureOpen();
      return readAllAfter(client, readOptions.after ?? 0, readOptions.maxCount ?? Number.MAX_SAFE_INTEGER);
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
      const [last] = await collectRecorded(source, { maxCount: 1 });
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
