import { afterAll, beforeAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL for tests: PG_TEST_URL names a server and a database to connect to for creating
 * others (CI sets it; see .ci/run). Every test file gets databases of its own with random names
 * and drops them afterwards, so runs never share state. Without PG_TEST_URL the PostgreSQL suites
 * are skipped, and the summary reporter says so in one line.
 */
export const pgTestUrl = process.env.PG_TEST_URL?.trim() || undefined;

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(
  prefix = 'escrow_test',
): Promise<TestDatabase> {
  if (!pgTestUrl) throw new Error('PG_TEST_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withDatabase(pgTestUrl, (client) =>
    client.query(`CREATE DATABASE ${name}`),
  );
  const url = new URL(pgTestUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withDatabase(pgTestUrl!, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

/** Runs SQL on a database as the test's administrator (to break things on purpose, or look behind the adapter). */
export async function withDatabase<T>(
  url: string,
  use: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** A database of the test file's own for the enclosing describe: created before its tests, dropped after them. */
export function useTestDatabase(prefix?: string): () => TestDatabase {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTestDatabase(prefix);
  });
  afterAll(async () => {
    await db?.drop();
  });
  return () => {
    if (!db) throw new Error('the test database is created in beforeAll');
    return db;
  };
}
