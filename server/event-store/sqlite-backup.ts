import Database from 'better-sqlite3';
import { stampBackup } from './backup-retention';

export interface StoreFileReport {
  events: number;
  streams: number;
  /** Newest position (0 for an empty store). */
  head: number;
}

/** Pages per backup step: everything at once (see backupSqliteStore). */
const ALL_PAGES = 0x7fffffff;

/**
 * An online, consistent copy of the SQLite event store through SQLite's backup API, taken while
 * the app keeps appending. The copy runs in one backup step: that step reads one snapshot (WAL
 * readers never block the writer), whereas a copy in many small steps starts over whenever another
 * process commits in between, and under steady appends might never finish. The copy is then
 * switched from WAL to a rollback journal, so the backup is one self-contained file, stamped with
 * when it was taken (backup-retention.ts), and verified.
 */
export async function backupSqliteStore(
  sourcePath: string,
  targetPath: string,
  takenAt: Date = new Date(),
): Promise<StoreFileReport> {
  const source = new Database(sourcePath, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(targetPath, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const copy = new Database(targetPath, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  stampBackup(targetPath, takenAt);
  return verifyStoreFile(targetPath);
}

/**
 * Checks an event-store file: SQLite's integrity check, and every stream's revisions running
 * 0, 1, 2… without a gap. Throws with the reason when the file is not sound.
 */
export function verifyStoreFile(path: string): StoreFileReport {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok')
      throw new Error(`${path}: integrity check failed: ${String(integrity)}`);
    const broken = db
      .prepare<[], { stream_id: string }>(
        `SELECT stream_id FROM events GROUP BY stream_id
         HAVING MIN(revision) <> 0 OR MAX(revision) <> COUNT(*) - 1 LIMIT 1`,
      )
      .get();
    if (broken)
      throw new Error(
        `${path}: stream ${broken.stream_id} has a gap in its revisions`,
      );
    const totals = db
      .prepare<
        [],
        { events: number; streams: number; head: number | null }
      >('SELECT COUNT(*) AS events, COUNT(DISTINCT stream_id) AS streams, MAX(position) AS head FROM events')
      .get()!;
    return {
      events: totals.events,
      streams: totals.streams,
      head: totals.head ?? 0,
    };
  } finally {
    db.close();
  }
}
