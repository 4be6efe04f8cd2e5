import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { createPostgresEventStore } from '@server/event-store/postgres-event-store';
import { PostgresStartError } from '@server/event-store/postgres-connection';
import {
  pgTestUrl,
  useTestDatabase,
  withDatabase,
} from '@tests/support/postgres';
import { rejectionOf } from './event-store-fixtures';

const run = promisify(execFile);

/** What an operator sees when DATABASE_URL is wrong: one sentence naming the cause, never a crash loop. */
describe.runIf(pgTestUrl)('PostgreSQL start-up errors', () => {
  const database = useTestDatabase();
  const role = `escrow_norights_${randomBytes(4).toString('hex')}`;
  const urlFor = (changes: {
    user?: string;
    port?: string;
    database?: string;
  }) => {
    const url = new URL(database().url);
    if (changes.user) url.username = changes.user;
    if (changes.port) url.port = changes.port;
    if (changes.database) url.pathname = `/${changes.database}`;
    return url.toString();
  };
  const startError = async (connectionString: string) => {
    const store = createPostgresEventStore({
      connectionString,
      startTimeoutMs: 0,
    });
    const error = await rejectionOf(store.ready());
    await store.close();
    expect(error).toBeInstanceOf(PostgresStartError);
    return (error as Error).message;
  };

  beforeAll(async () => {
    await withDatabase(database().url, (client) =>
      client.query(
        `CREATE ROLE ${role} LOGIN; REVOKE CREATE ON SCHEMA public FROM PUBLIC`,
      ),
    );
  });
  afterAll(async () => {
    await withDatabase(pgTestUrl!, (client) =>
      client.query(`DROP ROLE IF EXISTS ${role}`),
    );
  });

  it('names an unreachable server', async () => {
    expect(await startError(urlFor({ port: '1' }))).toMatch(
      /PostgreSQL at 127\.0\.0\.1:1 is not reachable \(ECONNREFUSED\)/,
    );
  });

  it('names refused credentials and a missing database', async () => {
    expect(await startError(urlFor({ user: 'nobody_here' }))).toMatch(
      /refused the credentials of user "nobody_here"/,
    );
    expect(
      await startError(urlFor({ database: 'no_such_database_here' })),
    ).toMatch(/has no database "no_such_database_here"/);
  });

  it('names missing rights to create the event tables', async () => {
    expect(await startError(urlFor({ user: role }))).toMatch(
      new RegExp(`User "${role}" may not create the event tables`),
    );
  });

  it('stops the app at once with that sentence (exit code 1), instead of serving requests it cannot keep', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pg-start-'));
    try {
      const error = await rejectionOf(
        run('npx', ['tsx', 'server/main.ts'], {
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            PORT: '0',
            DATABASE_URL: urlFor({ user: 'nobody_here' }),
            LOG_LEVEL: 'silent',
          },
          timeout: 60_000,
        }),
      );
      expect(error).toMatchObject({ code: 1 });
      expect((error as { stderr: string }).stderr).toMatch(
        /^Cannot start: PostgreSQL at .* refused the credentials of user "nobody_here"/m,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
