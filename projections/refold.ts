import Database from 'better-sqlite3';
import type { Database as ReadDatabase } from 'better-sqlite3';
import type {
  ProjectedEvent,
  Projection,
  ProjectionWriter,
} from './projection';

const noop = (): void => undefined;

/** Projections that write per event get a writer with nothing to flush. */
export function writerOf(
  projection: Projection,
  db: ReadDatabase,
): ProjectionWriter {
  const prepared = projection.prepare(db);
  return typeof prepared === 'function'
    ? { apply: prepared, flush: noop, discard: noop }
    : prepared;
}

/** Puts every row of `table` in `from` into the same table of `to`, replacing the row with its key. */
function copyRows(from: ReadDatabase, to: ReadDatabase, table: string): number {
  const rows = from.prepare(`SELECT * FROM ${table}`).all() as Record<
    string,
    unknown
  >[];
  if (rows.length === 0) return 0;
  const columns = Object.keys(rows[0]!);
  const insert = to.prepare(
    `INSERT OR REPLACE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
  );
  for (const row of rows) insert.run(row);
  return rows.length;
}

/**
 * Folds `events` (every event of some streams up to the runner's position, in order) into an
 * in-memory copy of the read models' `refoldTables`, then writes those rows over the same rows of
 * `db` in one transaction: each stream's rows as a full rebuild would make them, at the cost of
 * these streams alone. Tables folded from many streams (counts, money per day) are left alone;
 * an erasure changes no state, status or amount in them. Returns how many rows were written.
 */
export function refoldRows(
  db: ReadDatabase,
  projections: Projection[],
  events: ProjectedEvent[],
): number {
  const folding = projections.filter((p) => p.refoldTables?.length);
  const scratch = new Database(':memory:');
  try {
    for (const p of folding) p.setup(scratch);
    const writers = folding.map((p) => writerOf(p, scratch));
    for (const event of events)
      for (const writer of writers) writer.apply(event);
    for (const writer of writers) writer.flush();
    const tables = folding.flatMap((p) => p.refoldTables ?? []);
    return db.transaction(() =>
      tables.reduce((n, table) => n + copyRows(scratch, db, table), 0),
    )();
  } finally {
    scratch.close();
  }
}
