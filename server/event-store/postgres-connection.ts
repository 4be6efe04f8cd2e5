import pg from 'pg';

/** bigint (positions, revisions) as JavaScript numbers: exact up to 2^53, far beyond any event count. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** `DATABASE_URL` names PostgreSQL when it starts with postgres:// or postgresql://. */
export const isPostgresUrl = (url: string | undefined): url is string =>
  url !== undefined && /^postgres(ql)?:\/\//i.test(url.trim());

export interface PostgresPoolOptions {
  connectionString: string;
  /** Most connections this pool opens. */
  max?: number;
  /** Called with errors of idle connections (a restarted server): the pool replaces them. */
  onIdleError?: (error: Error) => void;
}

export function createPostgresPool({
  connectionString,
  max = 10,
  onIdleError,
}: PostgresPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    types,
    connectionTimeoutMillis: 10_000,
  });
  // Without a listener an idle connection's error (server restart) would crash the process.
  pool.on('error', (error) => onIdleError?.(error));
  return pool;
}

export function createPostgresClient(connectionString: string): pg.Client {
  return new pg.Client({
    connectionString,
    types,
    connectionTimeoutMillis: 10_000,
  });
}

const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'ECONNRESET',
  '57P03',
]);

/** The server cannot be reached (yet): not running, still starting (57P03), or the network is down. */
export function isUnreachable(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    NETWORK_ERRORS.has(e?.code ?? '') ||
    /timeout|terminated unexpectedly/i.test(e?.message ?? '')
  );
}

/**
 * The connection a statement ran on died (the server restarted, an operator terminated the
 * backend, the network dropped it): another connection may well work.
 */
export function isConnectionLost(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    ['57P01', '57P02'].includes(e?.code ?? '') ||
    isUnreachable(error) ||
    /connection terminated|not queryable/i.test(e?.message ?? '')
  );
}

/**
 * One sentence an operator can act on, for the ways a start-up against PostgreSQL fails: the
 * server cannot be reached, refuses the credentials, lacks the database, or the user may not
 * create the tables. Other errors keep their own message.
 */
export function describePostgresError(
  error: unknown,
  connectionString: string,
): string {
  const e = error as { code?: string; message?: string };
  let where = 'the PostgreSQL server';
  let user = '(default user)';
  let database = '(default database)';
  try {
    const url = new URL(connectionString);
    where = `PostgreSQL at ${url.hostname}:${url.port || '5432'}`;
    user = decodeURIComponent(url.username) || user;
    database = decodeURIComponent(url.pathname.slice(1)) || database;
  } catch {
    // An unparsable URL: the driver's own message says why.
  }
  const message = e?.message ?? String(error);
  switch (e?.code) {
    case '28P01':
    case '28000':
      return `${where} refused the credentials of user "${user}" (${message}): check the user and password in DATABASE_URL.`;
    case '3D000':
      return `${where} has no database "${database}": create it (createdb ${database}) or fix DATABASE_URL.`;
    case '42501':
      return `User "${user}" may not create the event tables in database "${database}" (${message}): grant it CREATE on the schema, or let an owner create them once.`;
    default:
      if (isUnreachable(error))
        return `${where} is not reachable (${e?.code ?? message}): check DATABASE_URL and that the server runs.`;
      return `${where}: ${message}`;
  }
}

export class PostgresStartError extends Error {
  override readonly name = 'PostgresStartError';
}
