import Database from 'better-sqlite3';
import {
  closeSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join, resolve } from 'node:path';

/** The table the backup command stamps each of its copies with: when it was taken. */
const STAMP_TABLE = 'backup_taken';
const DAY_MS = 86_400_000;
const SQLITE_HEADER = 'SQLite format 3\u0000';

/** Records in a fresh backup when it was taken, so later runs know it as theirs and how old it is. */
export function stampBackup(path: string, takenAt: Date): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${STAMP_TABLE} (taken_at TEXT NOT NULL)`,
    );
    db.prepare(`DELETE FROM ${STAMP_TABLE}`).run();
    db.prepare(`INSERT INTO ${STAMP_TABLE} (taken_at) VALUES (?)`).run(
      takenAt.toISOString(),
    );
  } finally {
    db.close();
  }
}

function isSqliteFile(path: string): boolean {
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(path, 'r');
  try {
    return readSync(fd, header, 0, header.length, 0) === header.length
      ? header.toString('latin1') === SQLITE_HEADER
      : false;
  } finally {
    closeSync(fd);
  }
}

/** When the backup command took this file; null for any file it did not stamp. */
function takenAtOf(path: string): Date | null {
  if (!statSync(path).isFile() || !isSqliteFile(path)) return null;
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const row = db.prepare(`SELECT taken_at FROM ${STAMP_TABLE}`).get() as
      | { taken_at: string }
      | undefined;
    const at = row ? new Date(row.taken_at) : null;
    return at && !Number.isNaN(at.getTime()) ? at : null;
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

/**
 * Deletes the backups in `dir` that the backup command took more than `maxAgeDays` before `now`
 * (a backup holds the key table, erased keys included: docs/privacy.md). Only files it stamped are
 * considered, never `keep` (the live store); returns the paths deleted, oldest first.
 */
export function pruneBackups(
  dir: string,
  {
    now,
    maxAgeDays,
    keep = [],
  }: { now: Date; maxAgeDays: number; keep?: string[] },
): string[] {
  const kept = new Set(keep.map((path) => resolve(path)));
  const limit = now.getTime() - maxAgeDays * DAY_MS;
  const expired = readdirSync(dir)
    .map((name) => resolve(join(dir, name)))
    .filter((path) => !kept.has(path))
    .map((path) => ({ path, at: takenAtOf(path) }))
    .filter(
      (b): b is { path: string; at: Date } =>
        b.at !== null && b.at.getTime() < limit,
    )
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const { path } of expired) rmSync(path, { force: true });
  return expired.map((b) => b.path);
}
