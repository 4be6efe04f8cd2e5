import Database from 'better-sqlite3';

/**
 * Opens the SQLite event log with the durability settings the adapter relies on:
 * WAL (readers never block the writer), synchronous=FULL (every COMMIT is fsynced before it
 * returns, so an acknowledged append survives power loss), and a busy timeout so a second
 * process waits for the write lock instead of failing at once.
 */
export function openEventDatabase(
  path: string,
  busyTimeoutMs = 5_000,
): Database.Database {
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma(`busy_timeout = ${Math.max(0, Math.trunc(busyTimeoutMs))}`);
    // Checkpoint every ~16 MB of WAL instead of ~4 MB: a page rewritten by many small commits
    // (index leaves of busy streams) is copied to the database file once, not once per 4 MB.
    db.pragma('wal_autocheckpoint = 4000');
    // Big enough that 1M-event replays stay in cache without growing the process much.
    db.pragma('cache_size = -32000');
    db.exec(SCHEMA);
    // Files from before hash chains get the column; their old events stay unchained (verify says "missing").
    const columns = db
      .prepare<[], { name: string }>('PRAGMA table_info(events)')
      .all();
    if (!columns.some((c) => c.name === 'hash'))
      db.exec('ALTER TABLE events ADD COLUMN hash TEXT');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * `position` is the rowid: SQLite hands out max(rowid)+1 and rows are never deleted, so it is
 * strictly increasing in commit order (one writer at a time holds the write lock).
 * The unique (stream_id, revision) index orders each stream and backs every expected-version
 * and idempotency check (see sqlite-append-writer.ts for why event ids are not indexed).
 * data/metadata stay JSON text: readable with the sqlite3 shell, cheap to parse.
 * hash is the stream's SHA-256 chain at the event (hash-chain.ts), computed inside the append.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY,
  stream_id   TEXT    NOT NULL,
  revision    INTEGER NOT NULL,
  event_id    TEXT    NOT NULL,
  type        TEXT    NOT NULL,
  data        TEXT    NOT NULL,
  metadata    TEXT    NOT NULL,
  recorded_at TEXT    NOT NULL,
  hash        TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS events_stream_revision ON events (stream_id, revision);
-- Early development files had an event-id index; it only slows writes down now.
DROP INDEX IF EXISTS events_stream_event_id;
`;
