import type { Database } from 'better-sqlite3';
import { decodeEvent } from '@machines/events/codec';
import { enterRebuildMode } from './rebuild-mode';
import type { EventSource, ProjectedEvent, Projection, ProjectionWriter, StoredEvent } from './projection';

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
}

type Listener = (events: ProjectedEvent[]) => void;

/**
 * Feeds read models from the event store. Each batch is applied in one read-database transaction
 * together with the checkpoints, so after a crash the read models resume exactly where the last
 * committed batch ended: no event applied twice, none skipped.
 */
export function createProjectionRunner({ source, db, projections, batchSize = 2_000, rebuildBatchSize = 2_000 }: RunnerOptions) {
  db.exec(`CREATE TABLE IF NOT EXISTS projection_checkpoints (
    name TEXT PRIMARY KEY, version INTEGER NOT NULL, position INTEGER NOT NULL)`);
  const readCheckpoint = db.prepare<[string], { version: number; position: number }>('SELECT version, position FROM projection_checkpoints WHERE name = ?');
  const writeCheckpoint = db.prepare(
    `INSERT INTO projection_checkpoints (name, version, position) VALUES (?, ?, ?)
     ON CONFLICT(name) DO UPDATE SET version = excluded.version, position = excluded.position`,
  );

  const checkpoints = new Map<string, number>();
  for (const p of projections) {
    const row = readCheckpoint.get(p.name);
    if (!row || row.version !== p.version) {
      // New or changed read model: rebuild it from position 0.
      p.reset(db);
      p.setup(db);
      writeCheckpoint.run(p.name, p.version, 0);
      checkpoints.set(p.name, 0);
    } else {
      p.setup(db);
      checkpoints.set(p.name, row.position);
    }
  }
  const appliers = projections.map((p) => ({ projection: p, writer: writerOf(p, db) }));

  let position = Math.min(...projections.map((p) => checkpoints.get(p.name) ?? 0), Number.MAX_SAFE_INTEGER);
  if (projections.length === 0) position = 0;
  const waiters: { position: number; resolve: () => void }[] = [];
  const listeners = new Set<Listener>();
  let subscription: ReturnType<EventSource['subscribe']> | null = null;

  const applyInTransaction = db.transaction((batch: ProjectedEvent[]) => {
    for (const { projection, writer } of appliers) {
      const from = checkpoints.get(projection.name) ?? 0;
      const { apply } = writer;
      for (const event of batch) if (event.position > from) apply(event);
      writer.flush();
    }
    const last = batch[batch.length - 1]!.position;
    for (const { projection } of appliers) {
      if ((checkpoints.get(projection.name) ?? 0) < last) writeCheckpoint.run(projection.name, projection.version, last);
    }
  });

  const applyBatch = (batch: ProjectedEvent[]): void => {
    try {
      applyInTransaction(batch);
    } catch (error) {
      // Rolled back: rows the projections hold in memory may be ahead of the database.
      for (const { writer } of appliers) writer.discard();
      throw error;
    }
  };

  function handle(stored: StoredEvent[]): void {
    if (stored.length === 0) return;
    const batch = stored.map(toProjected);
    applyBatch(batch);
    const last = batch[batch.length - 1]!.position;
    for (const { projection } of appliers) {
      if ((checkpoints.get(projection.name) ?? 0) < last) checkpoints.set(projection.name, last);
    }
    position = last;
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i]!.position <= position) {
        waiters[i]!.resolve();
        waiters.splice(i, 1);
      }
    }
    for (const listener of listeners) listener(batch);
  }

  return {
    /** Catches up and keeps following the store. */
    start(): void {
      if (subscription) return;
      subscription = source.subscribe({ after: position, batchSize, name: 'read-models' }, handle);
    },
    async stop(): Promise<void> {
      await subscription?.close();
      subscription = null;
    },
    /**
     * Rejects if the subscription ended for good: a batch that cannot be applied (a bad event names
     * its stream and position). A store that fails or drops the connection is resumed by the
     * resilient subscription the composition root gives the runner, and does not end it.
     */
    get done(): Promise<void> {
      return subscription?.done ?? Promise.resolve();
    },
    get position(): number {
      return position;
    },
    /** Read-your-writes: resolves once every read model has applied `target`. */
    waitForPosition(target: number, timeoutMs = 10_000): Promise<void> {
      if (target <= position) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const index = waiters.indexOf(entry);
          if (index >= 0) waiters.splice(index, 1);
          reject(new Error(`Read models did not reach position ${target} within ${timeoutMs} ms`));
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
    /** Called after each applied batch (live updates, reactors). */
    onApplied(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Drops every read model and replays the whole store from position 0, page by page.
     * Call while stopped; `onProgress` gets (applied, total).
     */
    async rebuild(onProgress?: (applied: number, total: number) => void): Promise<number> {
      await this.stop();
      const total = await source.headPosition();
      db.transaction(() => {
        for (const p of projections) {
          p.reset(db);
          p.setup(db);
          writeCheckpoint.run(p.name, p.version, 0);
          checkpoints.set(p.name, 0);
        }
      })();
      appliers.splice(0, appliers.length, ...projections.map((p) => ({ projection: p, writer: writerOf(p, db) })));
      position = 0;
      let applied = 0;
      const restore = enterRebuildMode(db, projections);
      try {
        for (;;) {
          // One batch per page: a page is decoded, applied and dropped before the next is read, so
          // memory stays flat however large the store is.
          const page = await source.readAll({ after: position, maxCount: rebuildBatchSize });
          if (page.length === 0) break;
          handle(page);
          applied += page.length;
          onProgress?.(applied, total);
        }
      } finally {
        restore();
      }
      return applied;
    },
  };
}

export type ProjectionRunner = ReturnType<typeof createProjectionRunner>;

const noop = (): void => undefined;

/** Projections that write per event get a writer with nothing to flush. */
function writerOf(projection: Projection, db: Database): ProjectionWriter {
  const prepared = projection.prepare(db);
  return typeof prepared === 'function' ? { apply: prepared, flush: noop, discard: noop } : prepared;
}

function toProjected(stored: StoredEvent): ProjectedEvent {
  // decodeEvent returns a fresh object: extend it in place rather than copying it (hot in rebuilds).
  const event = decodeEvent(stored) as ProjectedEvent;
  event.id = stored.id;
  event.streamId = stored.streamId;
  event.revision = stored.revision;
  event.position = stored.position;
  return event;
}
