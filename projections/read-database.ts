import Database from 'better-sqlite3';

/** The read database as the app and the rebuild open it: the read models' SQLite file. */
export function openReadDatabase(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // Read models are rebuildable from the event store: durability of each commit is not needed.
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  // A row updated or deleted leaves no old version in free space: after an erasure refolds a
  // person's rows in place, their old values are in no page (forget-read-models.ts).
  db.pragma('secure_delete = ON');
  return db;
}
