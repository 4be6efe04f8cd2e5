import type { Pool } from 'pg';
import {
  StoreUnavailable,
  StreamNotFound,
  WrongExpectedVersion,
  type AppendResult,
  type EventStore,
  type RecordedEvent,
} from './event-store';
import {
  assertStreamId,
  validateAppend,
  type SerialisedEvent,
} from './event-validation';
import {
  createGroupCommitQueue,
  type BatchOutcome,
} from './group-commit-queue';
import {
  startCatchUpSubscription,
  type CatchUpSource,
} from './catch-up-subscription';
import {
  createPostgresPool,
  describePostgresError,
  isConnectionLost,
  isUnreachable,
  PostgresStartError,
} from './postgres-connection';
import { createNotifyListener, type NotifyListener } from './postgres-listener';
import { ensureEventSchema } from './postgres-schema';
import { openSubscriptions } from './open-subscriptions';
import type { ExpectedRevision } from './event-store';

/** From 16 ready appends (a burst worth two round trips) to 256 (beyond: a backlog, sent whole). */
const DEFAULT_SPLIT = { min: 16, max: 256 };

/**
 * Whether this instance writes alone: are there positions between the lowest and the highest we
 * wrote that are not ours? Our own two batches in flight may answer out of order, so what one of
 * them has not reported yet counts as possibly ours: the count of others' events is a lower bound,
 * and it only grows when another writer really wrote. While others write (and for two seconds after)
 * their batches already fill the store's pauses between ours, and halving ours would only add a
 * call's fixed cost per half (measured: about -25 % lifecycles/s with two and three instances
 * halving, +20 % with one).
 */
function createWriterWatch(now: () => number = Date.now) {
  let lowest = Number.POSITIVE_INFINITY;
  let highest = 0;
  let ours = 0;
  let unreported = 0;
  let others = 0;
  let sharedUntil = 0;
  return {
    /** A batch of `events` events goes to the store. */
    sending(events: number): void {
      unreported += events;
    },
    /** It came back: `wrote` is what its appends wrote (null when none succeeded). */
    reported(
      events: number,
      wrote: { first: number; last: number; count: number } | null,
    ): void {
      unreported -= events;
      if (!wrote) return;
      lowest = Math.min(lowest, wrote.first);
      highest = Math.max(highest, wrote.last);
      ours += wrote.count;
      const atLeast = highest - lowest + 1 - ours - unreported;
      if (atLeast > others) {
        others = atLeast;
        sharedUntil = now() + 2_000;
      }
    },
    alone: (): boolean => now() >= sharedUntil,
  };
}

/** The positions a batch's appends wrote, or null when none succeeded (a replay answers with its old ones). */
function batchPositions(appends: PendingAppend[], rows: AppendRow[]) {
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  let count = 0;
  rows.forEach((row, i) => {
    if (!row.ok || row.last_position === null) return;
    const events = appends[i]!.events.length;
    first = Math.min(first, row.last_position - events + 1);
    last = Math.max(last, row.last_position);
    count += events;
  });
  return last > 0 ? { first, last, count } : null;
}

export interface PostgresEventStoreOptions {
  /** `postgres://user:password@host:5432/database` (DATABASE_URL). */
  connectionString: string;
  /** Connections for reads and the one batch written at a time. */
  poolSize?: number;
  /** Most appends written in one transaction. */
  maxBatch?: number;
  /** Bursts that go out as two halves when nothing is being written (group-commit-queue.ts); false: never. */
  splitBurst?: { min: number; max: number } | false;
  /**
   * Batches written at once, each on its own connection; they take turns at the append lock, and
   * the caller works on one batch's results while the next is written. Default 2.
   */
  batchesInFlight?: number;
  /**
   * A safety net only: subscriptions wake on NOTIFY; an idle one also looks this often (ms).
   */
  pollIntervalMs?: number;
  /** How long the first connection may take while the server is unreachable (it may be starting); default 30 s. */
  startTimeoutMs?: number;
  /** Errors of idle pooled connections (the pool replaces them); default: logged. */
  onConnectionError?: (error: Error) => void;
}

/** Counters for tests and the bench: how well appends are being grouped. */
export interface PostgresEventStoreStats {
  commits: number;
  appends: number;
  refused: number;
  largestBatch: number;
}

export interface PostgresEventStore extends EventStore {
  /** Resolves once the server answered and the schema is in place; rejects with a PostgresStartError an operator can act on. */
  ready(): Promise<void>;
  stats(): PostgresEventStoreStats;
}

interface PendingAppend {
  streamId: string;
  expected: ExpectedRevision;
  events: SerialisedEvent[];
}

interface EventRow {
  position: number;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: Date;
  hash: string | null;
}

interface AppendRow {
  ok: boolean;
  next_revision: number | null;
  last_position: number | null;
  actual: number | null;
}

const COLUMNS =
  'position, stream_id, revision, event_id, type, data, metadata, recorded_at, hash';

export function createPostgresEventStore(
  options: PostgresEventStoreOptions,
): PostgresEventStore {
  const { connectionString } = options;
  const pool = openPool(options);
  const stats: PostgresEventStoreStats = {
    commits: 0,
    appends: 0,
    refused: 0,
    largestBatch: 0,
  };
  let closed = false;
  let closing: Promise<void> | undefined;

  const started = startStore(pool, options, () => closed);
  started.catch(() => undefined);

  async function open(): Promise<void> {
    if (closed) throw new Error('Event store is closed');
    await started;
  }

  async function readAll(
    readOptions: { after?: number; maxCount?: number } = {},
  ): Promise<RecordedEvent[]> {
    await open();
    return onLiveConnection(() => readAllRows(pool, readOptions));
  }

  const hub = createSubscriptionHub(
    connectionString,
    readAll,
    options.pollIntervalMs ?? 60_000,
  );
  const queue = createAppendQueue(pool, options, stats, hub.wakeAll);

  return {
    ready: () => open(),

    async append(streamId, events, expected) {
      // Checked and serialised before queueing so a bad payload fails this append only, never the batch.
      const prepared = validateAppend(streamId, events, expected);
      await open();
      return queue.submit({ streamId, expected, events: prepared });
    },

    async readStream(streamId, readOptions = {}) {
      assertStreamId(streamId);
      await open();
      return onLiveConnection(() =>
        readStreamRows(pool, streamId, readOptions),
      );
    },

    readAll,

    subscribe(subscribeOptions, handler) {
      if (closed) throw new Error('Event store is closed');
      return hub.subscribe(subscribeOptions, handler);
    },

    async headPosition() {
      await open();
      return onLiveConnection(() => headPositionOf(pool));
    },

    stats: () => ({ ...stats }),

    close() {
      if (!closing) {
        // Refuse new work first, then let subscriptions stop and queued appends commit.
        closed = true;
        closing = shutDown(started, hub, queue, pool);
      }
      return closing;
    },
  };
}

/** Once the start is over: subscriptions stop, queued appends commit, then the connections go. */
async function shutDown(
  started: Promise<void>,
  hub: ReturnType<typeof createSubscriptionHub>,
  queue: ReturnType<typeof createAppendQueue>,
  pool: Pool,
): Promise<void> {
  await started.catch(() => undefined);
  await hub.closeSubscriptions();
  await queue.drain();
  await hub.closeListener();
  await pool.end();
}

/**
 * The store's subscriptions: one shared LISTEN connection wakes them all on every commit (a new
 * one once the previous failed), and each is tracked until it ends, so closing the store can stop
 * them before the last appends commit.
 */
function createSubscriptionHub(
  connectionString: string,
  readAll: (page: {
    after?: number;
    maxCount?: number;
  }) => Promise<RecordedEvent[]>,
  pollIntervalMs: number,
) {
  const commitListeners = new Set<() => void>();
  const subscriptions = openSubscriptions();
  const wakeAll = () => commitListeners.forEach((listener) => listener());
  let listener: NotifyListener | null = null;

  function currentListener(): NotifyListener {
    if (!listener || listener.failed)
      listener = createNotifyListener(connectionString, wakeAll);
    return listener;
  }

  return {
    wakeAll,
    subscribe(
      ...[subscribeOptions, handler]: Parameters<EventStore['subscribe']>
    ) {
      const source = catchUpSource(currentListener(), readAll, commitListeners);
      const subscription = startCatchUpSubscription(
        source,
        subscribeOptions,
        handler,
        pollIntervalMs,
      );
      return subscriptions.track(subscription);
    },
    closeSubscriptions: subscriptions.closeAll,
    closeListener: async (): Promise<void> => {
      await listener?.close();
    },
  };
}

/** The pool for reads and appends; an idle connection that dies is replaced by the pool. */
function openPool(options: PostgresEventStoreOptions): Pool {
  return createPostgresPool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    onIdleError:
      options.onConnectionError ??
      ((error) =>
        console.error(
          'PostgreSQL connection lost (it is replaced):',
          error.message,
        )),
  });
}

/**
 * Resolves once the server answered and the schema is in place. A server that is starting is
 * waited for (until the deadline, or until the store is closed); wrong credentials or rights are not.
 */
async function startStore(
  pool: Pool,
  options: PostgresEventStoreOptions,
  isClosed: () => boolean,
): Promise<void> {
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  for (let attempt = 0; ; attempt++) {
    let client;
    try {
      client = await pool.connect();
      await ensureEventSchema(client);
      return;
    } catch (error) {
      if (
        !isUnreachable(error) ||
        Date.now() + 1_000 > deadline ||
        isClosed()
      ) {
        throw new PostgresStartError(
          describePostgresError(error, options.connectionString),
          {
            cause: error,
          },
        );
      }
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(1_000, 100 * 2 ** attempt)),
      );
    } finally {
      client?.release();
    }
  }
}

/** Appends grouped into batches, one transaction each; a refused append fails alone, and every commit wakes the subscriptions. */
function createAppendQueue(
  pool: Pool,
  options: PostgresEventStoreOptions,
  stats: PostgresEventStoreStats,
  wakeAll: () => void,
) {
  const writers = createWriterWatch();
  return createGroupCommitQueue<PendingAppend, AppendResult>(
    async (appends) => {
      const events = appends.reduce((n, append) => n + append.events.length, 0);
      writers.sending(events);
      let rows: AppendRow[] = [];
      try {
        rows = await onLiveConnection(() => appendBatch(pool, appends));
      } finally {
        writers.reported(events, batchPositions(appends, rows));
      }
      stats.commits += 1;
      stats.largestBatch = Math.max(stats.largestBatch, appends.length);
      const outcomes = appends.map((append, i): BatchOutcome<AppendResult> => {
        const row = rows[i];
        if (row?.ok) {
          stats.appends += 1;
          return {
            ok: true,
            value: {
              nextExpectedRevision: row.next_revision!,
              position: row.last_position!,
            },
          };
        }
        stats.refused += 1;
        return {
          ok: false,
          error: new WrongExpectedVersion(
            append.streamId,
            append.expected,
            row?.actual ?? -1,
          ),
        };
      });
      wakeAll();
      return outcomes;
    },
    options.maxBatch ?? 500,
    {
      inFlight: options.batchesInFlight ?? 2,
      keyOf: (append) => append.streamId,
      ...(options.splitBurst === false
        ? {}
        : {
            splitBurst: {
              ...(options.splitBurst ?? DEFAULT_SPLIT),
              when: writers.alone,
            },
          }),
    },
  );
}

async function readAllRows(
  pool: Pool,
  readOptions: { after?: number; maxCount?: number },
): Promise<RecordedEvent[]> {
  const { rows } = await pool.query<EventRow>(
    `SELECT ${COLUMNS} FROM es_events WHERE position > $1 ORDER BY position LIMIT $2`,
    [readOptions.after ?? 0, limitOf(readOptions.maxCount)],
  );
  return rows.map(toRecorded);
}

async function headPositionOf(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ head: number }>(
    'SELECT coalesce(max(position), 0)::bigint AS head FROM es_events',
  );
  return rows[0]!.head;
}

/** A stream's events from a revision; StreamNotFound when the stream has none at all. */
async function readStreamRows(
  pool: Pool,
  streamId: string,
  readOptions: { fromRevision?: number; maxCount?: number },
): Promise<RecordedEvent[]> {
  const fromRevision = readOptions.fromRevision ?? 0;
  const { rows } = await pool.query<EventRow>(
    `SELECT ${COLUMNS} FROM es_events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3`,
    [streamId, fromRevision, limitOf(readOptions.maxCount)],
  );
  if (rows.length === 0) {
    const exists =
      fromRevision <= 0 && readOptions.maxCount !== 0
        ? false
        : (
            await pool.query(
              'SELECT 1 FROM es_events WHERE stream_id = $1 LIMIT 1',
              [streamId],
            )
          ).rowCount! > 0;
    if (!exists) throw new StreamNotFound(streamId);
  }
  return rows.map(toRecorded);
}

/**
 * What a catch-up subscription reads from: pages of the store once the LISTEN connection is up,
 * and a wake-up on each commit; a lost LISTEN connection fails the subscription's next read.
 */
function catchUpSource(
  notify: NotifyListener,
  readAll: (page: {
    after?: number;
    maxCount?: number;
  }) => Promise<RecordedEvent[]>,
  commitListeners: Set<() => void>,
): CatchUpSource {
  let lost: Error | null = null;
  return {
    async readAll(page) {
      await notify.ready;
      if (lost) throw lost;
      return readAll(page);
    },
    onCommit(wake) {
      commitListeners.add(wake);
      const offFailure = notify.onFailure((error) => {
        lost = error;
        wake();
      });
      return () => {
        commitListeners.delete(wake);
        offFailure();
      };
    },
  };
}

/**
 * JSON.stringify escapes every control character inside strings, so this one can separate JSON
 * texts: the payloads travel as one string each, split by the server, instead of as array literals
 * that both sides would have to escape and unescape.
 */
const SEPARATOR = '\x1e';

/**
 * One es_append call for the whole batch, its appends and their events as parallel arrays (one row
 * of results per append); a named statement, so the server parses and plans it once per connection.
 */
async function appendBatch(
  pool: Pick<Pool, 'query'>,
  appends: PendingAppend[],
): Promise<AppendRow[]> {
  const events = appends.flatMap((a) => a.events);
  const { rows } = await pool.query<AppendRow>({
    name: 'es_append_batch',
    text: `SELECT ok, next_revision, last_position, actual FROM es_append($1::text[], $2::text[], $3::int[], $4::text[], $5::text[],
      string_to_array($6::text, E'\\x1e'), string_to_array($7::text, E'\\x1e'))`,
    values: [
      appends.map((a) => a.streamId),
      appends.map((a) => String(a.expected)),
      appends.map((a) => a.events.length),
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => e.data).join(SEPARATOR),
      events.map((e) => e.metadata).join(SEPARATOR),
    ],
  });
  return rows;
}

/**
 * A statement whose connection died (a restart, a terminated backend, a dead pooled connection not
 * yet noticed) goes again on another one, after a short pause that lets the pool notice its other
 * dead connections, at most five times in all; then the store counts as unavailable
 * (StoreUnavailable: 503, not 500). Reads are safe to repeat; an append batch too: if the lost
 * attempt committed, es_append finds the batch's event ids in place and answers with the original
 * results, so nothing is written twice.
 */
async function onLiveConnection<T>(
  run: () => Promise<T>,
  attempts = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isConnectionLost(error)) throw error;
      if (attempt >= attempts)
        throw new StoreUnavailable(
          `PostgreSQL did not answer on ${attempts} connections: ${(error as Error).message}`,
          { cause: error },
        );
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/** PostgreSQL's LIMIT NULL means "no limit"; callers replaying large stores page with maxCount. */
function limitOf(maxCount: number | undefined): number | null {
  return maxCount === undefined ? null : Math.max(0, Math.trunc(maxCount));
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    recordedAt: row.recorded_at.toISOString(),
    hash: row.hash,
  };
}
