import type { KeyKind, KeyTable, StoredKey } from './key-store';
import { createPostgresPool } from './postgres-connection';

/** The key table in the PostgreSQL database of the events (or the one configured for KurrentDB). */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS privacy_keys (
  subject    text        NOT NULL,
  kind       text        NOT NULL,
  key        bytea,
  created_at timestamptz NOT NULL,
  erased_at  timestamptz,
  PRIMARY KEY (subject, kind)
);
`;

export function createPostgresKeyTable(connectionString: string): KeyTable {
  const pool = createPostgresPool({ connectionString, max: 2 });
  let ready: Promise<unknown> | null = null;
  const query = async <R extends object>(sql: string, values: unknown[]) => {
    ready ??= pool.query(SCHEMA).catch((error: unknown) => {
      ready = null;
      throw error;
    });
    await ready;
    return (await pool.query<R>(sql, values)).rows;
  };
  const find = async (
    subject: string,
    kind: KeyKind,
  ): Promise<StoredKey | undefined> => {
    const rows = await query<{ key: Buffer | null }>(
      'SELECT key FROM privacy_keys WHERE subject = $1 AND kind = $2',
      [subject, kind],
    );
    return rows.length === 0 ? undefined : rows[0]!.key;
  };
  return {
    async obtain(subject, kind, fresh, at) {
      await query(
        `INSERT INTO privacy_keys (subject, kind, key, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (subject, kind) DO NOTHING`,
        [subject, kind, fresh, at],
      );
      return (await find(subject, kind)) ?? null;
    },
    find,
    async erase(subject, kind, at) {
      const rows = await query<{ had: boolean }>(
        `INSERT INTO privacy_keys (subject, kind, key, created_at, erased_at) VALUES ($1, $2, NULL, $3, $3)
         ON CONFLICT (subject, kind) DO UPDATE SET key = NULL, erased_at = $3
         RETURNING (SELECT key IS NOT NULL FROM privacy_keys WHERE subject = $1 AND kind = $2) AS had`,
        [subject, kind, at],
      );
      return rows[0]?.had === true;
    },
    async subjects(kind) {
      const rows = await query<{ subject: string }>(
        'SELECT subject FROM privacy_keys WHERE kind = $1 AND key IS NOT NULL ORDER BY subject',
        [kind],
      );
      return rows.map((r) => r.subject);
    },
    async tombstones() {
      const rows = await query<{
        subject: string;
        kind: KeyKind;
        erased_at: Date;
      }>(
        `SELECT subject, kind, erased_at FROM privacy_keys
         WHERE key IS NULL ORDER BY erased_at, subject, kind`,
        [],
      );
      return rows.map((r) => ({
        subject: r.subject,
        kind: r.kind,
        erasedAt: r.erased_at.toISOString(),
      }));
    },
    close: () => pool.end(),
  };
}
