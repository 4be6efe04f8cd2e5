import type { Database } from 'better-sqlite3';
import type { Projection } from './projection';

/**
 * Settings for a full replay of the read database, undone by the returned `restore`.
 *
 * - The projections' `deferredIndexes` (indexes only the queries read) are dropped before the
 *   replay and created again after it: one sorted build is much cheaper than keeping every index
 *   up to date row by row. Should the process die mid-rebuild, the next start's `setup` creates
 *   them again (CREATE INDEX IF NOT EXISTS) and the checkpoints resume the replay.
 * - `synchronous = OFF` for the replay: the read database is disposable and rebuildable from the
 *   event store by design, and the checkpoints commit with the rows, so a crash costs at most a
 *   resumed replay, never a wrong read model. The previous setting is restored afterwards.
 * - A smaller page cache (REBUILD_CACHE_SIZE), restored afterwards too.
 */
/**
 * 16 MB of page cache for the replay (the app's default is 64 MB): the replay appends rows at the
 * tables' right edges and reads back few, so a larger cache mostly adds to the peak RSS.
 */
const REBUILD_CACHE_SIZE = -16_384;

export function enterRebuildMode(
  db: Database,
  projections: readonly Projection[],
): () => void {
  const indexSql = db
    .prepare<
      [string],
      string
    >("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?")
    .pluck();
  const deferred: string[] = [];
  for (const name of projections.flatMap((p) => p.deferredIndexes ?? [])) {
    const sql = indexSql.get(name);
    if (!sql) continue;
    deferred.push(sql);
    db.exec(`DROP INDEX "${name.replaceAll('"', '""')}"`);
  }
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('synchronous = OFF');
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma(`cache_size = ${REBUILD_CACHE_SIZE}`);
  return () => {
    db.transaction(() => {
      for (const sql of deferred) db.exec(sql);
    })();
    db.pragma(`synchronous = ${synchronous}`);
    db.pragma(`cache_size = ${cacheSize}`);
  };
}
