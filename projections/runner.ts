import type { Database } from 'better-sqlite3';
import { decodeEvent } from '@machines/events/codec';
import { heapCeiling } from './heap-ceiling';
import { refoldRows, writerOf } from './refold';
import { enterRebuildMode } from './rebuild-mode';
import type {
  EventSource,
  ProjectedEvent,
  Projection,
  ProjectionWriter,
  StoredEvent,
} from './projection';

export interface RunnerOptions {
  source: EventSource;
  db: Database;
  projections: Projection[];
  batchSize?: number;
  /**
   * Events per page (and per transaction) in `rebuild`. Small pages keep the decoded events young
   * in V8's heap (collected by the cheap scavenger instead of being promoted), which bounds the
   * peak RSS of a full replay; a flush per page costs little since rows are written once per page.
   */
  rebuildBatchSize?: number;
  /** Heap size (MB) past which a rebuild collects its garbage (see heap-ceiling.ts). */
  rebuildHeapLimitMb?: number;
}

type Listener = (events: ProjectedEvent[]) => void;

/**
 * Each read model's checkpoint (position and version) in the read database. A read model that is
 * new, or whose version changed, is dropped and starts again from position 0.
 */
function projectionCheckpoints(db: Database, projections: Projection[]) {
  db.exec(`CREATE TABLE IF NOT EXISTS projection_checkpoints (
    name TEXT PRIMARY KEY, version INTEGER NOT NULL, position INTEGER NOT NULL)`);
  const readCheckpoint = db.prepare<
    [string],
    { version: number; position: number }
  >('SELECT version, position FROM projection_checkpoints WHERE name = ?');
  const writeCheckpoint = db.prepare(
    `INSERT INTO projection_checkpoints (name, version, position) VALUES (?, ?, ?)
     ON CONFLICT(name) DO UPDATE SET version = excluded.version, position = excluded.position`,
  );
  const positions = new Map<string, number>();
  const restart = (p: Projection): void => {
    p.reset(db);
    p.setup(db);
    writeCheckpoint.run(p.name, p.version, 0);
    positions.set(p.name, 0);
  };
  for (const p of projections) {
    const row = readCheckpoint.get(p.name);
    if (!row || row.version !== p.version) {
      restart(p);
    } else {
      p.setup(db);
      positions.set(p.name, row.position);
    }
  }
  return {
    of: (p: Projection): number => positions.get(p.name) ?? 0,
    /** In memory only: the database row is written by `write`, inside the batch's transaction. */
    set: (p: Projection, position: number): void =>
      void positions.set(p.name, position),
    write: (p: Projection, position: number): void =>
      void writeCheckpoint.run(p.name, p.version, position),
    restart,
  };
}

type Checkpoints = ReturnType<typeof projectionCheckpoints>;
type Applier = { projection: Projection; writer: ProjectionWriter };

/**
 * Applies a batch to every read model past its checkpoint and writes the checkpoints, in one
 * transaction; if it rolls back, the writers drop the rows they hold in memory. Each event goes to
 * every read model before the next event (no read model reads another's tables), so an event is
 * garbage as soon as the batch is written.
 */
function batchApplier(
  db: Database,
  checkpoints: Checkpoints,
  appliers: Applier[],
): (batch: ProjectedEvent[]) => void {
  const applyInTransaction = db.transaction((batch: ProjectedEvent[]) => {
    const from = appliers.map(({ projection }) => checkpoints.of(projection));
    const applies = appliers.map(({ writer }) => writer.apply);
    for (const event of batch) {
      for (let i = 0; i < applies.length; i++)
        if (event.position > from[i]!) applies[i]!(event);
    }
    for (const { writer } of appliers) writer.flush();
    const last = batch[batch.length - 1]!.position;
    for (const { projection } of appliers) {
      if (checkpoints.of(projection) < last)
        checkpoints.write(projection, last);
    }
  });
  return (batch) => {
    try {
      applyInTransaction(batch);
    } catch (error) {
      // Rolled back: rows the projections hold in memory may be ahead of the database.
      for (const { writer } of appliers) writer.discard();
      throw error;
    }
  };
}

/** Callers waiting for the read models to reach a position (read-your-writes). */
function positionWaiters() {
  const waiters: { position: number; resolve: () => void }[] = [];
  return {
    wait(target: number, timeoutMs: number): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const index = waiters.indexOf(entry);
          if (index >= 0) waiters.splice(index, 1);
          reject(
            new Error(
              `Read models did not reach position ${target} within ${timeoutMs} ms`,
            ),
          );
        }, timeoutMs);
        const entry = {
          position: target,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        waiters.push(entry);
      });
    },
    reached(position: number): void {
      for (let i = waiters.length - 1; i >= 0; i--) {
        if (waiters[i]!.position <= position) {
          waiters[i]!.resolve();
          waiters.splice(i, 1);
        }
      }
    },
  };
}

/** The position every read model has applied, with the callers waiting for it and the listeners told of each batch. */
function reachedPosition(start: number) {
  let position = start;
  const waiters = positionWaiters();
  const listeners = new Set<Listener>();
  return {
    get position(): number {
      return position;
    },
    advance(batch: ProjectedEvent[], last: number): void {
      position = last;
      waiters.reached(position);
      for (const listener of listeners) listener(batch);
    },
    wait(target: number, timeoutMs: number): Promise<void> {
      return target <= position
        ? Promise.resolve()
        : waiters.wait(target, timeoutMs);
    },
    listen(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restart(): void {
      position = 0;
    },
  };
}

/**
 * Replays the whole store page by page: a page is decoded, applied and dropped before the next
 * is read, so memory stays flat however large the store is. Returns how many events it applied.
 */
async function replayPages(
  source: EventSource,
  pageSize: number,
  handle: (page: StoredEvent[]) => void,
  progress: {
    total: number;
    onProgress: ((applied: number, total: number) => void) | undefined;
  },
): Promise<number> {
  const { total, onProgress } = progress;
  let after = 0;
  let applied = 0;
  for (;;) {
    const page = await source.readAll({ after, maxCount: pageSize });
    if (page.length === 0) break;
    handle(page);
    after = page[page.length - 1]!.position;
    applied += page.length;
    onProgress?.(applied, total);
  }
  return applied;
}

/** Each projection with its writer on the read database. */
const appliersOf = (projections: Projection[], db: Database): Applier[] =>
  projections.map((p) => ({ projection: p, writer: writerOf(p, db) }));

/** Where following resumes: the lowest checkpoint, so no read model misses an event. */
const resumePosition = (
  projections: Projection[],
  checkpoints: Checkpoints,
): number =>
  projections.length === 0
    ? 0
    : Math.min(
        ...projections.map((p) => checkpoints.of(p)),
        Number.MAX_SAFE_INTEGER,
      );

/** Replays the whole store page by page in rebuild mode (ADR 0007), under the heap ceiling. */
async function replayInRebuildMode(
  source: EventSource,
  db: Parameters<typeof enterRebuildMode>[0],
  projections: Parameters<typeof enterRebuildMode>[1],
  { batchSize, heapLimitMb }: { batchSize: number; heapLimitMb: number },
  apply: (stored: StoredEvent[]) => void,
  progress: Parameters<typeof replayPages>[3],
): Promise<number> {
  const restore = enterRebuildMode(db, projections);
  const heap = heapCeiling(heapLimitMb);
  const page = (stored: StoredEvent[]): void => {
    apply(stored);
    heap.check();
  };
  try {
    return await replayPages(source, batchSize, page, progress);
  } finally {
    heap.restore();
    restore();
  }
}

/**
 * Applies each batch the subscription delivers, moves the in-memory checkpoints past it, then
 * tells the runner the position it reached.
 */
function batchHandler(
  applyBatch: (batch: ProjectedEvent[]) => void,
  appliers: Applier[],
  checkpoints: Checkpoints,
  applied: (batch: ProjectedEvent[], last: number) => void,
): (stored: StoredEvent[]) => void {
  return (stored) => {
    if (stored.length === 0) return;
    const batch = stored.map(toProjected);
    applyBatch(batch);
    const last = batch[batch.length - 1]!.position;
    for (const { projection } of appliers) {
      if (checkpoints.of(projection) < last) checkpoints.set(projection, last);
    }
    applied(batch, last);
  };
}

/** Empties every read model and gives each a fresh writer: nothing prepared or buffered before carries over. */
function restartReadModels(
  db: Database,
  projections: Projection[],
  checkpoints: Checkpoints,
  appliers: Applier[],
): void {
  db.transaction(() => {
    for (const p of projections) checkpoints.restart(p);
  })();
  appliers.splice(0, appliers.length, ...appliersOf(projections, db));
}

/** Every event of these streams up to `upTo`, in the store's order, decoded. */
async function eventsOfStreams(
  streams: readonly string[],
  read: (streamId: string) => Promise<StoredEvent[]>,
  upTo: number,
): Promise<ProjectedEvent[]> {
  return (await Promise.all(streams.map(read)))
    .flat()
    .filter((e) => e.position <= upTo)
    .sort((a, b) => a.position - b.position)
    .map(toProjected);
}

/** The runner's parts that a rebuild and a refold reset. */
interface RunnerParts {
  checkpoints: Checkpoints;
  appliers: Applier[];
  reached: ReturnType<typeof reachedPosition>;
  handle: (stored: StoredEvent[]) => void;
}

/** Rebuilding every read model, and folding some streams' rows again: both while stopped. */
function readModelResets(
  {
    source,
    db,
    projections,
    rebuildBatchSize = 2_000,
    rebuildHeapLimitMb = 128,
  }: RunnerOptions,
  { checkpoints, appliers, reached, handle }: RunnerParts,
  stop: () => Promise<void>,
) {
  return {
    /**
     * Drops every read model and replays the whole store from position 0, page by page.
     * Call while stopped; `onProgress` gets (applied, total).
     */
    async rebuild(
      onProgress?: (applied: number, total: number) => void,
    ): Promise<number> {
      await stop();
      const total = await source.headPosition();
      restartReadModels(db, projections, checkpoints, appliers);
      reached.restart();
      const replay = {
        batchSize: rebuildBatchSize,
        heapLimitMb: rebuildHeapLimitMb,
      };
      return replayInRebuildMode(source, db, projections, replay, handle, {
        total,
        onProgress,
      });
    },
    /**
     * Folds the rows of these streams again from their events (read with `read`, up to the
     * position reached), in place, leaving every other row as it is: after a person's key is
     * erased, their values read as markers. Call while stopped, like `rebuild`; the writers start
     * afresh, so no row they kept in memory brings the old values back. Returns the rows written.
     */
    async refold(
      streams: readonly string[],
      read: (streamId: string) => Promise<StoredEvent[]>,
    ): Promise<number> {
      await stop();
      const events = await eventsOfStreams(streams, read, reached.position);
      const written = refoldRows(db, projections, events);
      appliers.splice(0, appliers.length, ...appliersOf(projections, db));
      return written;
    },
  };
}

/**
 * Feeds read models from the event store. Each batch is applied in one read-database transaction
 * together with the checkpoints, so after a crash the read models resume exactly where the last
 * committed batch ended: no event applied twice, none skipped.
 */
export function createProjectionRunner(options: RunnerOptions) {
  const { source, db, projections, batchSize = 2_000 } = options;
  const checkpoints = projectionCheckpoints(db, projections);
  const appliers = appliersOf(projections, db);
  const applyBatch = batchApplier(db, checkpoints, appliers);
  const reached = reachedPosition(resumePosition(projections, checkpoints));
  let subscription: ReturnType<EventSource['subscribe']> | null = null;
  const handle = batchHandler(
    applyBatch,
    appliers,
    checkpoints,
    reached.advance,
  );
  const parts = { checkpoints, appliers, reached, handle };
  const stop = async (): Promise<void> => {
    await subscription?.close();
    subscription = null;
  };

  return {
    /** Catches up and keeps following the store. */
    start(): void {
      if (subscription) return;
      subscription = source.subscribe(
        { after: reached.position, batchSize, name: 'read-models' },
        handle,
      );
    },
    stop,
    /**
     * Rejects if the subscription ended for good: a batch that cannot be applied (a bad event names
     * its stream and position). A store that fails or drops the connection is resumed by the
     * resilient subscription the composition root gives the runner, and does not end it.
     */
    get done(): Promise<void> {
      return subscription?.done ?? Promise.resolve();
    },
    get position(): number {
      return reached.position;
    },
    /** Read-your-writes: resolves once every read model has applied `target`. */
    waitForPosition(target: number, timeoutMs = 10_000): Promise<void> {
      return reached.wait(target, timeoutMs);
    },
    /** Called after each applied batch (live updates, reactors). */
    onApplied(listener: Listener): () => void {
      return reached.listen(listener);
    },
    ...readModelResets(options, parts, stop),
  };
}

export type ProjectionRunner = ReturnType<typeof createProjectionRunner>;

function toProjected(stored: StoredEvent): ProjectedEvent {
  // decodeEvent returns a fresh object: extend it in place rather than copying it (hot in rebuilds).
  const event = decodeEvent(stored) as ProjectedEvent;
  event.id = stored.id;
  event.streamId = stored.streamId;
  event.revision = stored.revision;
  event.position = stored.position;
  return event;
}
