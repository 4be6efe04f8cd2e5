import type { Database } from 'better-sqlite3';

/**
 * Where the answers to requests with an Idempotency-Key are kept: the local read database for one
 * instance (SQLite), or shared by every instance (PostgreSQL, Redis), so a retry that reaches
 * another instance is replayed there too. A record is first a claim (status null: a request is
 * working on it), then the answer.
 */
export interface IdempotencyRecord {
  fingerprint: string;
  /** null while the first request is still running. */
  status: number | null;
  body: string | null;
  createdMs: number;
}

export interface ClaimTerms {
  nowMs: number;
  /** A record older than this is expired: the slot is taken over. */
  expiredBeforeMs: number;
  /** A claim (no answer yet) older than this belongs to a request that died: the slot is taken over. */
  staleBeforeMs: number;
}

export interface IdempotencyRecords {
  /** Takes the slot for this request (null), or returns the record that holds it (an answer, or another request's claim). */
  claim(
    scope: string,
    key: string,
    fingerprint: string,
    terms: ClaimTerms,
  ): Promise<IdempotencyRecord | null>;
  /** Stores the answer of the request that holds the claim. */
  complete(
    scope: string,
    key: string,
    status: number,
    body: string,
  ): Promise<void>;
  /** Gives a claim up (the request failed in a way a retry may repair). */
  release(scope: string, key: string): Promise<void>;
  /** Drops records created before `beforeMs`. */
  prune(beforeMs: number): Promise<void>;
}

interface Row {
  fingerprint: string;
  status: number | null;
  body: string | null;
  created_ms: number;
}

export const toRecord = (row: Row): IdempotencyRecord => ({
  fingerprint: row.fingerprint,
  status: row.status,
  body: row.body,
  createdMs: Number(row.created_ms),
});

/** The single-instance default: records in the instance's read database. */
export function createSqliteIdempotencyRecords(
  db: Database,
): IdempotencyRecords {
  db.exec(`CREATE TABLE IF NOT EXISTS idempotency_records (
    scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER, body TEXT,
    created_ms INTEGER NOT NULL, PRIMARY KEY (scope, key))`);
  // Answers kept by earlier versions (the table had no claims) stay replayable.
  const legacy = db
    .prepare<
      [],
      { name: string }
    >("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'idempotency_keys'")
    .get();
  if (legacy) {
    db.exec(`INSERT OR IGNORE INTO idempotency_records SELECT scope, key, fingerprint, status, body, created_ms FROM idempotency_keys;
      DROP TABLE idempotency_keys`);
  }
  const take = db.prepare<[string, string, string, number, number, number]>(
    `INSERT INTO idempotency_records (scope, key, fingerprint, status, body, created_ms) VALUES (?, ?, ?, NULL, NULL, ?)
     ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = NULL, body = NULL, created_ms = excluded.created_ms
     WHERE idempotency_records.created_ms < ? OR (idempotency_records.status IS NULL AND idempotency_records.created_ms < ?)`,
  );
  const find = db.prepare<[string, string], Row>(
    'SELECT fingerprint, status, body, created_ms FROM idempotency_records WHERE scope = ? AND key = ?',
  );
  const complete = db.prepare<[number, string, string, string]>(
    'UPDATE idempotency_records SET status = ?, body = ? WHERE scope = ? AND key = ?',
  );
  const release = db.prepare<[string, string]>(
    'DELETE FROM idempotency_records WHERE scope = ? AND key = ? AND status IS NULL',
  );
  const prune = db.prepare<[number]>(
    'DELETE FROM idempotency_records WHERE created_ms < ?',
  );
  return {
    async claim(scope, key, fingerprint, terms) {
      if (
        take.run(
          scope,
          key,
          fingerprint,
          terms.nowMs,
          terms.expiredBeforeMs,
          terms.staleBeforeMs,
        ).changes === 1
      )
        return null;
      const row = find.get(scope, key);
      // Released between the two statements: claim again.
      return row ? toRecord(row) : this.claim(scope, key, fingerprint, terms);
    },
    async complete(scope, key, status, body) {
      complete.run(status, body, scope, key);
    },
    async release(scope, key) {
      release.run(scope, key);
    },
    async prune(beforeMs) {
      prune.run(beforeMs);
    },
  };
}
