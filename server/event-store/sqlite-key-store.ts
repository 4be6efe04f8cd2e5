import Database from 'better-sqlite3';
import type { KeyKind, KeyTable, StoredKey, Tombstone } from './key-store';

/**
 * The key table in the SQLite event file (`events.db`), on a connection of its own. secure_delete
 * overwrites a key's bytes when it is erased, and the erasure checkpoints the WAL so no copy of
 * the page with the key stays in it.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS privacy_keys (
  subject    TEXT NOT NULL,
  kind       TEXT NOT NULL,
  key        BLOB,
  created_at TEXT NOT NULL,
  erased_at  TEXT,
  PRIMARY KEY (subject, kind)
);
`;

export function createSqliteKeyTable(path: string): KeyTable {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('secure_delete = ON');
  db.exec(SCHEMA);
  const select = db.prepare<[string, string], { key: Buffer | null }>(
    'SELECT key FROM privacy_keys WHERE subject = ? AND kind = ?',
  );
  const insert = db.prepare(
    'INSERT OR IGNORE INTO privacy_keys (subject, kind, key, created_at) VALUES (?, ?, ?, ?)',
  );
  const erase = db.prepare(
    'UPDATE privacy_keys SET key = NULL, erased_at = ? WHERE subject = ? AND kind = ? AND key IS NOT NULL',
  );
  const tombstone = db.prepare(
    'INSERT OR IGNORE INTO privacy_keys (subject, kind, key, created_at, erased_at) VALUES (?, ?, NULL, ?, ?)',
  );
  const live = db.prepare<[string], { subject: string }>(
    'SELECT subject FROM privacy_keys WHERE kind = ? AND key IS NOT NULL ORDER BY subject',
  );
  const erased = db.prepare<[], Tombstone>(
    `SELECT subject, kind, erased_at AS erasedAt FROM privacy_keys
     WHERE key IS NULL ORDER BY erased_at, subject, kind`,
  );
  const find = (subject: string, kind: KeyKind): StoredKey | undefined => {
    const row = select.get(subject, kind);
    return row === undefined ? undefined : row.key;
  };
  return {
    obtain(subject, kind, fresh, at) {
      insert.run(subject, kind, fresh, at);
      return Promise.resolve(find(subject, kind) ?? null);
    },
    find: (subject, kind) => Promise.resolve(find(subject, kind)),
    erase(subject, kind, at) {
      const erased = db.transaction(() => {
        const changed = erase.run(at, subject, kind).changes > 0;
        // A subject without a key yet gets the tombstone, so none is ever made for it.
        if (!changed) tombstone.run(subject, kind, at, at);
        return changed;
      })();
      db.pragma('wal_checkpoint(TRUNCATE)');
      return Promise.resolve(erased);
    },
    subjects: (kind) => Promise.resolve(live.all(kind).map((r) => r.subject)),
    tombstones: () => Promise.resolve(erased.all()),
    close() {
      db.close();
      return Promise.resolve();
    },
  };
}
