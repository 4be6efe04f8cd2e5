import type pg from 'pg';

type Callback = (
  error: Error | null,
  result?: { current: number; ttl: number },
) => void;

/**
 * A store for @fastify/rate-limit that keeps the counters in PostgreSQL, so every app instance
 * counts against the same budget (a login throttle of 5 means 5 across all instances). One row per
 * key with its count and the end of its window; an increment is one upsert, atomic under
 * concurrency. Expired rows are reused by the next request and swept now and then.
 */
export function postgresRateLimitStore(pool: pg.Pool, sweepEvery = 1_000) {
  let increments = 0;
  return class PostgresRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      pool
        .query<{ count: number; expires_ms: number }>(
          `INSERT INTO http_rate_limits (key, count, expires_ms) VALUES ($1, 1, $2::bigint + $3::bigint)
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN http_rate_limits.expires_ms <= $2 THEN 1 ELSE http_rate_limits.count + 1 END,
             expires_ms = CASE WHEN http_rate_limits.expires_ms <= $2 THEN $2::bigint + $3::bigint ELSE http_rate_limits.expires_ms END
           RETURNING count, expires_ms`,
          [key, now, timeWindow],
        )
        .then(
          ({ rows }) =>
            callback(null, {
              current: rows[0]!.count,
              ttl: Math.max(0, Number(rows[0]!.expires_ms) - now),
            }),
          callback,
        );
      if (++increments % sweepEvery === 0)
        void pool
          .query('DELETE FROM http_rate_limits WHERE expires_ms < $1', [now])
          .catch(() => undefined);
    }

    read(key: string, callback: Callback): void {
      const now = Date.now();
      pool
        .query<{
          count: number;
          expires_ms: number;
        }>(
          'SELECT count, expires_ms FROM http_rate_limits WHERE key = $1 AND expires_ms > $2',
          [key, now],
        )
        .then(
          ({ rows }) =>
            callback(
              null,
              rows[0]
                ? {
                    current: rows[0].count,
                    ttl: Number(rows[0].expires_ms) - now,
                  }
                : { current: 0, ttl: 0 },
            ),
          callback,
        );
    }

    child(): PostgresRateLimitStore {
      return this;
    }
  };
}
