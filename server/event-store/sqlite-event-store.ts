import {
  StoreUnavailable,
  StreamNotFound,
  type AppendResult,
  type EventStore,
  type ReadStreamOptions,
  type RecordedEvent,
} from './event-store';
import { assertStreamId, validateAppend } from './event-validation';
import { openEventDatabase } from './sqlite-database';
import {
  createSqliteAppendWriter,
  type PreparedAppend,
} from './sqlite-append-writer';
import {
  createGroupCommitQueue,
  type BatchOutcome,
} from './group-commit-queue';
import {
  startCatchUpSubscription,
  type CatchUpSource,
} from './catch-up-subscription';
import { openSubscriptions } from './open-subscriptions';

export interface SqliteEventStoreOptions {
  /** Database file; created if missing. */
  path: string;
  /** How long a writer waits for another process's write lock (ms). */
  busyTimeoutMs?: number;
  /** How often an idle subscription looks for appends made by other processes (ms). */
  pollIntervalMs?: number;
  /** Most appends written in one transaction. */
  maxBatch?: number;
}

/** Counters for tests and the bench: how well appends are being grouped. */
export interface SqliteEventStoreStats {
  /** Transactions committed (one fsync each). */
  commits: number;
  /** Append calls acknowledged (written or idempotent retries). */
  appends: number;
  /** Append calls refused inside a batch (wrong expected version). */
  refused: number;
  largestBatch: number;
}

export interface SqliteEventStore extends EventStore {
  stats(): SqliteEventStoreStats;
}

type EventRow = [
  number,
  string,
  number,
  string,
  string,
  string,
  string,
  string,
  string | null,
];

type Db = ReturnType<typeof openEventDatabase>;

/**
 * The file stayed locked past the busy timeout (another process, such as a backup or `npm run
 * verify`, held the write lock): the store cannot answer now, as the server-backed adapters say
 * when their server does not; anything else stays what it is.
 */
function asPortError(error: unknown): unknown {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code))
    return new StoreUnavailable(
      `The event log is locked by another process (${code})`,
      {
        cause: error,
      },
    );
  return error;
}

/**
 * The write side: appends queued while a transaction commits are written together in the next one
 * (one fsync), each in its own savepoint so a refused append does not fail the others. Counts
 * what it commits and tells the listeners (subscriptions) after every commit.
 */
function groupCommitWriter(
  db: Db,
  stats: SqliteEventStoreStats,
  listeners: Set<() => void>,
  maxBatch: number | undefined,
) {
  const apply = createSqliteAppendWriter(db);
  // Each append runs in its own savepoint (nested db.transaction) inside one BEGIN IMMEDIATE.
  const applyOne = db.transaction(
    (append: PreparedAppend, recordedAt: string) => apply(append, recordedAt),
  );
  const writeAll = db.transaction(
    (appends: PreparedAppend[]): BatchOutcome<AppendResult>[] => {
      const recordedAt = new Date().toISOString();
      return appends.map((append) => {
        try {
          return { ok: true, value: applyOne(append, recordedAt) };
        } catch (error) {
          return { ok: false, error };
        }
      });
    },
  );

  return createGroupCommitQueue<PreparedAppend, AppendResult>((appends) => {
    let outcomes: BatchOutcome<AppendResult>[];
    try {
      outcomes = writeAll.immediate(appends);
    } catch (error) {
      apply.forget();
      throw asPortError(error);
    }
    stats.commits += 1;
    stats.largestBatch = Math.max(stats.largestBatch, appends.length);
    for (const outcome of outcomes) {
      if (outcome.ok) stats.appends += 1;
      else stats.refused += 1;
    }
    listeners.forEach((listener) => listener());
    return outcomes;
  }, maxBatch);
}

/** The read side: $all in position order, one stream in revision order, the head. */
function eventReads(db: Db) {
  const selectAll = db
    .prepare<[number, number], EventRow>(
      `SELECT position, stream_id, revision, event_id, type, data, metadata, recorded_at, hash
       FROM events WHERE position > ? ORDER BY position LIMIT ?`,
    )
    .raw(true);
  const selectStream = db
    .prepare<[string, number, number], EventRow>(
      `SELECT position, stream_id, revision, event_id, type, data, metadata, recorded_at, hash
       FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?`,
    )
    .raw(true);
  const streamExists = db
    .prepare<
      [string],
      number
    >('SELECT 1 FROM events WHERE stream_id = ? LIMIT 1')
    .pluck();
  const maxPosition = db
    .prepare<[], number | null>('SELECT MAX(position) FROM events')
    .pluck();
  return {
    readAll: (readOptions: {
      after?: number;
      maxCount?: number;
    }): RecordedEvent[] =>
      selectAll
        .all(readOptions.after ?? 0, limitOf(readOptions.maxCount))
        .map(toRecorded),
    readStream(
      streamId: string,
      readOptions: ReadStreamOptions,
    ): RecordedEvent[] {
      const fromRevision = readOptions.fromRevision ?? 0;
      const rows = selectStream.all(
        streamId,
        fromRevision,
        limitOf(readOptions.maxCount),
      );
      // Revisions start at 0, so reading from 0 and finding nothing already proves there is no
      // stream; only a read from further on (or maxCount 0) needs the second query.
      if (
        rows.length === 0 &&
        ((fromRevision <= 0 && readOptions.maxCount !== 0) ||
          streamExists.get(streamId) === undefined)
      ) {
        throw new StreamNotFound(streamId);
      }
      return rows.map(toRecorded);
    },
    head: (): number => maxPosition.get() ?? 0,
  };
}

export function createSqliteEventStore(
  options: SqliteEventStoreOptions,
): SqliteEventStore {
  const db = openEventDatabase(options.path, options.busyTimeoutMs);
  const stats: SqliteEventStoreStats = {
    commits: 0,
    appends: 0,
    refused: 0,
    largestBatch: 0,
  };
  const listeners = new Set<() => void>();
  const subscriptions = openSubscriptions();
  const queue = groupCommitWriter(db, stats, listeners, options.maxBatch);
  const reads = eventReads(db);
  let closed = false;
  let closing: Promise<void> | undefined;

  function ensureOpen(): void {
    if (closed) throw new Error('Event store is closed');
  }

  async function readAll(
    readOptions: { after?: number; maxCount?: number } = {},
  ): Promise<RecordedEvent[]> {
    ensureOpen();
    return reads.readAll(readOptions);
  }

  return {
    async append(streamId, events, expected) {
      ensureOpen();
      // Serialised before queueing so a bad payload fails this append only, never the batch.
      const prepared = validateAppend(streamId, events, expected);
      return queue.submit({ streamId, expected, events: prepared });
    },

    async readStream(streamId, readOptions = {}) {
      ensureOpen();
      assertStreamId(streamId);
      return reads.readStream(streamId, readOptions);
    },

    readAll,

    subscribe(subscribeOptions, handler) {
      ensureOpen();
      const subscription = startCatchUpSubscription(
        commitSource(readAll, listeners),
        subscribeOptions,
        handler,
        options.pollIntervalMs ?? 100,
      );
      return subscriptions.track(subscription);
    },

    async headPosition() {
      ensureOpen();
      return reads.head();
    },

    stats: () => ({ ...stats }),

    close() {
      if (!closing) {
        // Refuse new work first, then let subscriptions stop and queued appends commit.
        closed = true;
        closing = (async () => {
          await subscriptions.closeAll();
          await queue.drain();
          db.close();
        })();
      }
      return closing;
    },
  };
}

/** What a subscription reads: pages of $all, and a wake-up after each commit of this process. */
function commitSource(
  readAll: (page: {
    after: number;
    maxCount: number;
  }) => Promise<RecordedEvent[]>,
  listeners: Set<() => void>,
): CatchUpSource {
  return {
    readAll,
    onCommit(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** SQLite's LIMIT -1 means "no limit"; callers replaying large stores page with maxCount. */
function limitOf(maxCount: number | undefined): number {
  return maxCount === undefined ? -1 : Math.max(0, Math.trunc(maxCount));
}

function toRecorded(row: EventRow): RecordedEvent {
  const [
    position,
    streamId,
    revision,
    id,
    type,
    data,
    metadata,
    recordedAt,
    hash,
  ] = row;
  return {
    id,
    type,
    data: parseJson(data, streamId, position, 'data'),
    metadata: parseJson(metadata, streamId, position, 'metadata'),
    streamId,
    revision,
    position,
    recordedAt,
    hash,
  };
}

function parseJson(
  text: string,
  streamId: string,
  position: number,
  field: string,
): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(
      `Malformed ${field} JSON in stream ${streamId} at position ${position}: ${(error as Error).message}`,
    );
  }
}
