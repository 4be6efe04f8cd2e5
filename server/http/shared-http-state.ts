import type pg from 'pg';
import { Redis } from 'ioredis';
import type { Database } from 'better-sqlite3';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { createPostgresPool } from '../event-store/postgres-connection';
import {
  createSqliteIdempotencyRecords,
  toRecord,
  type IdempotencyRecords,
} from './idempotency-records';
import { postgresRateLimitStore } from './postgres-rate-limit-store';

/**
 * What the HTTP layer must share between app instances so that several of them behave as one:
 * idempotency records (a retry reaching another instance is replayed, not refused) and rate-limit
 * counters (a limit counts every instance's requests, not each instance's own).
 * - REDIS_URL: both in Redis (@fastify/rate-limit's own Redis store);
 * - else DATABASE_URL (PostgreSQL event store): both in that database;
 * - else (one instance on SQLite): idempotency in the read database, counters in memory.
 */
export interface SharedHttpState {
  kind: 'redis' | 'postgres' | 'local';
  idempotency: IdempotencyRecords;
  /** Options for @fastify/rate-limit's registration. */
  rateLimit: Pick<RateLimitPluginOptions, 'redis' | 'store' | 'nameSpace'>;
  /**
   * A generated secret every instance must agree on (JWT signing, VAPID keys) when the environment
   * gives none: made by the first instance and kept in PostgreSQL; null without PostgreSQL (the
   * single instance keeps it in its data folder).
   */
  secret(name: string, make: () => string): Promise<string | null>;
  /** Whether the shared store answers now (readiness); always true for the local kind. */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The shared store (Redis, PostgreSQL) did not answer: a request that needs its counters or
 * idempotency records is refused with 503 and Retry-After, never a 500, until it answers again.
 */
export class SharedStateUnavailable extends Error {
  constructor(cause: unknown) {
    super(
      `shared HTTP state unavailable: ${(cause as Error)?.message ?? String(cause)}`,
    );
  }
}

/** Runs `work` against the shared store; its failure becomes SharedStateUnavailable. */
export async function onSharedState<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof SharedStateUnavailable
      ? error
      : new SharedStateUnavailable(error);
  }
}

/** How long a Redis command may take before the request is answered 503 instead. */
const REDIS_COMMAND_TIMEOUT_MS = 1_000;

export interface SharedHttpStateOptions {
  redisUrl?: string | undefined;
  databaseUrl?: string | undefined;
  readDb: Database;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS http_idempotency (
  scope text NOT NULL, key text NOT NULL, fingerprint text NOT NULL, status integer, body text,
  created_ms bigint NOT NULL, PRIMARY KEY (scope, key));
CREATE TABLE IF NOT EXISTS http_rate_limits (key text PRIMARY KEY, count integer NOT NULL, expires_ms bigint NOT NULL);
CREATE TABLE IF NOT EXISTS app_secrets (name text PRIMARY KEY, value text NOT NULL);
`;

export async function openSharedHttpState({
  redisUrl,
  databaseUrl,
  readDb,
}: SharedHttpStateOptions): Promise<SharedHttpState> {
  if (redisUrl) {
    // While Redis is away, commands fail at once (no offline queue) or after a second (a server
    // that hangs), so requests get a quick 503; ioredis keeps reconnecting, and the first command
    // after Redis is back succeeds again without a restart.
    const redis = new Redis(redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    });
    let lastError = '';
    redis.on('error', (error: Error) => {
      // One line per outage, not one per reconnection attempt.
      if (error.message !== lastError) console.error('Redis:', error.message);
      lastError = error.message;
    });
    redis.on('ready', () => (lastError = ''));
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      // Start either way: readiness stays 503 until Redis answers.
      const timer = setTimeout(done, 2_000);
      redis.once('ready', done);
    });
    const secrets = databaseUrl ? await openSharedSecrets(databaseUrl) : null;
    return {
      kind: 'redis',
      idempotency: redisIdempotencyRecords(redis),
      rateLimit: { redis, nameSpace: 'escrow-rate-limit-' },
      secret: async (name, make) => secrets?.secret(name, make) ?? null,
      reachable: async () =>
        redis.status === 'ready' &&
        (await redis.ping().then(
          (answer) => answer === 'PONG',
          () => false,
        )),
      close: async () => {
        redis.disconnect();
        await secrets?.close();
      },
    };
  }
  if (databaseUrl) {
    const { pool, secret, close } = await openSharedSecrets(databaseUrl);
    return {
      kind: 'postgres',
      idempotency: postgresIdempotencyRecords(pool),
      rateLimit: { store: postgresRateLimitStore(pool) },
      secret,
      reachable: () =>
        pool.query('SELECT 1').then(
          () => true,
          () => false,
        ),
      close,
    };
  }
  return {
    kind: 'local',
    idempotency: createSqliteIdempotencyRecords(readDb),
    rateLimit: {},
    secret: async () => null,
    reachable: async () => true,
    close: async () => undefined,
  };
}

async function openSharedSecrets(databaseUrl: string) {
  const pool = createPostgresPool({
    connectionString: databaseUrl,
    max: 4,
    onIdleError: (error) =>
      console.error('PostgreSQL (shared HTTP state):', error.message),
  });
  // One transaction, so instances starting together create the tables in turn.
  await pool
    .query(`BEGIN; SELECT pg_advisory_xact_lock(7346002); ${SCHEMA} COMMIT;`)
    .catch(async (error: unknown) => {
      await pool.end();
      throw error;
    });
  return {
    pool,
    async secret(name: string, make: () => string): Promise<string> {
      await pool.query(
        'INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
        [name, make()],
      );
      const { rows } = await pool.query<{ value: string }>(
        'SELECT value FROM app_secrets WHERE name = $1',
        [name],
      );
      return rows[0]!.value;
    },
    close: () => pool.end(),
  };
}

function postgresIdempotencyRecords(pool: pg.Pool): IdempotencyRecords {
  return {
    async claim(scope, key, fingerprint, terms) {
      const taken = await pool.query(
        `INSERT INTO http_idempotency (scope, key, fingerprint, status, body, created_ms) VALUES ($1, $2, $3, NULL, NULL, $4)
         ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = NULL, body = NULL, created_ms = excluded.created_ms
         WHERE http_idempotency.created_ms < $5 OR (http_idempotency.status IS NULL AND http_idempotency.created_ms < $6)`,
        [
          scope,
          key,
          fingerprint,
          terms.nowMs,
          terms.expiredBeforeMs,
          terms.staleBeforeMs,
        ],
      );
      if (taken.rowCount === 1) return null;
      const { rows } = await pool.query(
        'SELECT fingerprint, status, body, created_ms FROM http_idempotency WHERE scope = $1 AND key = $2',
        [scope, key],
      );
      return rows[0]
        ? toRecord(rows[0])
        : this.claim(scope, key, fingerprint, terms);
    },
    async complete(scope, key, status, body) {
      await pool.query(
        'UPDATE http_idempotency SET status = $1, body = $2 WHERE scope = $3 AND key = $4',
        [status, body, scope, key],
      );
    },
    async release(scope, key) {
      await pool.query(
        'DELETE FROM http_idempotency WHERE scope = $1 AND key = $2 AND status IS NULL',
        [scope, key],
      );
    },
    async prune(beforeMs) {
      await pool.query('DELETE FROM http_idempotency WHERE created_ms < $1', [
        beforeMs,
      ]);
    },
  };
}

/** Redis keeps each record under one key; expiry is Redis's own (a claim lives until it is stale, an answer until it expires). */
function redisIdempotencyRecords(
  redis: Redis,
  ttlMs = 24 * 3_600_000,
  claimMs = 60_000,
): IdempotencyRecords {
  const keyOf = (scope: string, key: string) =>
    `escrow-idempotency:${scope}\u0000${key}`;
  return {
    async claim(scope, key, fingerprint, terms) {
      const value = JSON.stringify({
        fingerprint,
        status: null,
        body: null,
        createdMs: terms.nowMs,
      });
      if (
        (await redis.set(keyOf(scope, key), value, 'PX', claimMs, 'NX')) ===
        'OK'
      )
        return null;
      const held = await redis.get(keyOf(scope, key));
      return held
        ? (JSON.parse(held) as ReturnType<typeof toRecord>)
        : this.claim(scope, key, fingerprint, terms);
    },
    async complete(scope, key, status, body) {
      const held = await redis.get(keyOf(scope, key));
      const record = held
        ? (JSON.parse(held) as ReturnType<typeof toRecord>)
        : null;
      if (record)
        await redis.set(
          keyOf(scope, key),
          JSON.stringify({ ...record, status, body }),
          'PX',
          ttlMs,
        );
    },
    async release(scope, key) {
      await redis.del(keyOf(scope, key));
    },
    async prune() {
      // Redis expires the keys itself.
    },
  };
}
