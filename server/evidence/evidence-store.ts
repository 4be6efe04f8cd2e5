import Database from 'better-sqlite3';
import type pg from 'pg';
import type { EvidenceContentType } from '@machines/escrow/dispute-message';
import { createPostgresPool } from '../event-store/postgres-connection';

/** One evidence file as stored: its bytes, named by their SHA-256, with the type read from them. */
export interface StoredEvidence {
  sha256: string;
  contentType: EvidenceContentType;
  sizeBytes: number;
  bytes: Buffer;
}

/**
 * The port for the dispute conversations' evidence files: bytes by SHA-256, in the database the
 * events are in (PostgreSQL when `DATABASE_URL` is set, so every instance reads them; else the
 * SQLite event file), so a backup of the events carries them. Content-addressed: storing the
 * same bytes twice keeps one row.
 */
export interface EvidenceStore {
  put(file: StoredEvidence): Promise<void>;
  get(sha256: string): Promise<StoredEvidence | null>;
  /**
   * Notes that a file was uploaded to one conversation (`scope`, its subject's stream): a message
   * names only files of its own conversation, so knowing another dispute's SHA-256 gives nothing.
   */
  addUpload(scope: string, sha256: string): Promise<void>;
  /** Whether the file was uploaded to that conversation. */
  hasUpload(scope: string, sha256: string): Promise<boolean>;
  /** Every stored file's SHA-256 (moving the files with the events, npm run migrate-store). */
  hashes(): Promise<string[]>;
  close(): Promise<void>;
}

const SQLITE_SCHEMA = `CREATE TABLE IF NOT EXISTS evidence_files (
  sha256 TEXT PRIMARY KEY, content_type TEXT NOT NULL, size_bytes INTEGER NOT NULL, bytes BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS evidence_uploads (
  scope TEXT NOT NULL, sha256 TEXT NOT NULL, PRIMARY KEY (scope, sha256))`;
const POSTGRES_SCHEMA = `CREATE TABLE IF NOT EXISTS evidence_files (
  sha256 text PRIMARY KEY, content_type text NOT NULL, size_bytes integer NOT NULL, bytes bytea NOT NULL);
CREATE TABLE IF NOT EXISTS evidence_uploads (
  scope text NOT NULL, sha256 text NOT NULL, PRIMARY KEY (scope, sha256))`;

interface Row {
  sha256: string;
  content_type: string;
  size_bytes: number;
  bytes: Buffer;
}
const fromRow = (row: Row | undefined): StoredEvidence | null =>
  row
    ? {
        sha256: row.sha256,
        contentType: row.content_type as EvidenceContentType,
        sizeBytes: Number(row.size_bytes),
        bytes: Buffer.from(row.bytes),
      }
    : null;

/** SQLite: a table next to the events (its own connection; WAL lets it write beside the appender). */
export function createSqliteEvidenceStore(path: string): EvidenceStore {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SQLITE_SCHEMA);
  const insert = db.prepare(
    'INSERT OR IGNORE INTO evidence_files (sha256, content_type, size_bytes, bytes) VALUES (?, ?, ?, ?)',
  );
  const select = db.prepare<[string], Row>(
    'SELECT * FROM evidence_files WHERE sha256 = ?',
  );
  const all = db.prepare<[], { sha256: string }>(
    'SELECT sha256 FROM evidence_files ORDER BY sha256',
  );
  const upload = db.prepare(
    'INSERT OR IGNORE INTO evidence_uploads (scope, sha256) VALUES (?, ?)',
  );
  const uploaded = db.prepare<[string, string], { one: number }>(
    'SELECT 1 AS one FROM evidence_uploads WHERE scope = ? AND sha256 = ?',
  );
  return {
    put: async (f) =>
      void insert.run(f.sha256, f.contentType, f.sizeBytes, f.bytes),
    get: async (sha256) => fromRow(select.get(sha256)),
    addUpload: async (scope, sha256) => void upload.run(scope, sha256),
    hasUpload: async (scope, sha256) =>
      uploaded.get(scope, sha256) !== undefined,
    hashes: async () => all.all().map((r) => r.sha256),
    close: async () => void db.close(),
  };
}

/** PostgreSQL: a table in the event database, which every instance reads. */
export async function createPostgresEvidenceStore(
  connectionString: string,
): Promise<EvidenceStore> {
  const pool: pg.Pool = createPostgresPool({
    connectionString,
    max: 4,
    onIdleError: (error) =>
      console.error('PostgreSQL (evidence files):', error.message),
  });
  await pool.query(
    `BEGIN; SELECT pg_advisory_xact_lock(7346003); ${POSTGRES_SCHEMA}; COMMIT;`,
  );
  return {
    async put(f) {
      await pool.query(
        'INSERT INTO evidence_files (sha256, content_type, size_bytes, bytes) VALUES ($1, $2, $3, $4) ON CONFLICT (sha256) DO NOTHING',
        [f.sha256, f.contentType, f.sizeBytes, f.bytes],
      );
    },
    async get(sha256) {
      const { rows } = await pool.query<Row>(
        'SELECT * FROM evidence_files WHERE sha256 = $1',
        [sha256],
      );
      return fromRow(rows[0]);
    },
    async addUpload(scope, sha256) {
      await pool.query(
        'INSERT INTO evidence_uploads (scope, sha256) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [scope, sha256],
      );
    },
    async hasUpload(scope, sha256) {
      const { rowCount } = await pool.query(
        'SELECT 1 FROM evidence_uploads WHERE scope = $1 AND sha256 = $2',
        [scope, sha256],
      );
      return (rowCount ?? 0) > 0;
    },
    async hashes() {
      const { rows } = await pool.query<{ sha256: string }>(
        'SELECT sha256 FROM evidence_files ORDER BY sha256',
      );
      return rows.map((r) => r.sha256);
    },
    close: () => pool.end(),
  };
}
