import type Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections } from '@projections/all-projections';
import type { EventSource } from '@projections/projection';
import { openReadDatabase } from '@projections/read-database';
import { createProjectionRunner } from '@projections/runner';

/** Every read-model table's rows, each as JSON, sorted: two read databases compare equal when they hold the same rows. */
export function dumpReadModels(
  db: Database.Database,
): Record<string, string[]> {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm_%' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    tables.map((table) => {
      const rows = db.prepare(`SELECT * FROM ${table}`).all();
      return [table, rows.map((row) => JSON.stringify(row)).sort()];
    }),
  );
}

/** What `npm run rebuild` makes of the store: every read model replayed into a fresh read database. */
export async function dumpOfFullRebuild(
  source: EventSource,
): Promise<Record<string, string[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'rebuilt-read-models-'));
  const db = openReadDatabase(join(dir, 'read.db'));
  try {
    await createProjectionRunner({
      source,
      db,
      projections: allProjections,
    }).rebuild();
    return dumpReadModels(db);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
