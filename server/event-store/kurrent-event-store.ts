import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
} from '@kurrent/kurrentdb-client';
import type {
  EventStore,
  ReadStreamOptions,
  RecordedEvent,
} from './event-store';
import { assertStreamId, validateAppend } from './event-validation';
import {
  assertUuids,
  toPortError,
  userStreamsFilter,
} from './kurrent-event-mapping';
import { collectRecorded, readAllAfter } from './kurrent-reads';
import { startKurrentSubscription } from './kurrent-subscription';
import { createKurrentAppender } from './kurrent-append';
import { openSubscriptions } from './open-subscriptions';
import { withTimeout } from '../shared/with-timeout';

export interface KurrentEventStoreOptions {
  /** e.g. `kurrentdb://localhost:2113?tls=false` (also accepts `esdb://`). */
  connectionString: string;
  /** A client built elsewhere instead (tests put the client's own code over a transport they control). */
  client?: KurrentDBClient;
  /**
   * How long one call (an append, a read) may take before it fails with an error naming it; a node
   * that hangs must not hang the app. Subscriptions have none: they live on, and a dead connection
   * is found by the client's keep-alive and resumed (resilient-subscription.ts).
   */
  deadlineMs?: number;
}

export const DEFAULT_DEADLINE_MS = 10_000;

type Timed = <T>(promise: Promise<T>, what: string) => Promise<T>;

/** One stream from a revision on, read from the leader (commands decide on it and append at its revision). */
async function readStreamForward(
  client: KurrentDBClient,
  streamId: string,
  readOptions: ReadStreamOptions,
  timed: Timed,
): Promise<RecordedEvent[]> {
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
    return await timed(
      collectRecorded(source, { maxCount }),
      `reading ${streamId}`,
    );
  } catch (error) {
    throw toPortError(error, streamId);
  }
}

/** The newest event's position in $all (0 when the store is empty). */
async function readHeadPosition(
  client: KurrentDBClient,
  timed: Timed,
): Promise<number> {
  const source = client.readAll({
    direction: BACKWARDS,
    fromPosition: END,
    maxCount: 1,
    filter: userStreamsFilter(),
  });
  const [last] = await timed(
    collectRecorded(source, { maxCount: 1 }),
    'reading the head of $all',
  );
  return last?.position ?? 0;
}

/**
 * The EventStore port on KurrentDB. The server owns most of the semantics (expected states, the
 * $all order, catch-up subscriptions); appends go through kurrent-append.ts, which keeps the hash
 * chain and the `any` idempotency the port promises; this file maps types and errors. Event ids
 * must be UUIDs (KurrentDB stores them as such).
 */
export function createKurrentEventStore(
  options: KurrentEventStoreOptions,
): EventStore {
  const client =
    options.client ??
    KurrentDBClient.connectionString(options.connectionString);
  const subscriptions = openSubscriptions();
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const append = createKurrentAppender(client, deadlineMs);
  const timed: Timed = (promise, what) =>
    withTimeout(promise, deadlineMs, `KurrentDB (${what})`);
  /** Appends under way: close() lets them finish, as they may commit even if their answer is cut off. */
  const appending = new Set<Promise<unknown>>();
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
      const pending = append(streamId, events, serialised, expected);
      appending.add(pending);
      void pending
        .catch(() => undefined)
        .finally(() => appending.delete(pending));
      return pending;
    },

    async readStream(streamId, readOptions = {}) {
      ensureOpen();
      return readStreamForward(client, streamId, readOptions, timed);
    },

    async readAll(readOptions = {}) {
      ensureOpen();
      return timed(
        readAllAfter(
          client,
          readOptions.after ?? 0,
          readOptions.maxCount ?? Number.MAX_SAFE_INTEGER,
        ),
        'reading $all',
      );
    },

    subscribe(subscribeOptions, handler) {
      ensureOpen();
      return subscriptions.track(
        startKurrentSubscription(client, subscribeOptions, handler),
      );
    },

    async headPosition() {
      ensureOpen();
      return readHeadPosition(client, timed);
    },

    close() {
      closing ??= (async () => {
        // New calls are refused from here on; appends already sent get their answer before the
        // client goes (disposing cancels them: the caller would see an error for a committed append).
        await subscriptions.closeAll();
        await Promise.allSettled([...appending]);
        await client.dispose();
      })();
      return closing;
    },
  };
}
