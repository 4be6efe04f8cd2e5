import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KurrentDBClient, UnavailableError } from '@kurrent/kurrentdb-client';
import { createKurrentEventStore } from '@server/event-store/kurrent-event-store';
import { createSqliteEventStore } from '@server/event-store/sqlite-event-store';
import { createPostgresEventStore } from '@server/event-store/postgres-event-store';
import { openEventStore } from '@server/event-store/open-event-store';
import {
  createTestDatabase,
  pgTestUrl,
  withDatabase,
  type TestDatabase,
} from '@tests/support/postgres';
import type { EventStoreFactory } from './event-store.contract';
import type { OutageHarness } from './event-store-resume.contract';
import { createFakeKurrent } from './kurrent-fake-server';

/**
 * Every adapter the contract suites run on (event-store-contracts.test.ts): a factory for a fresh
 * store, and an outage harness that takes the store away from its subscribers and gives it back.
 * An adapter whose server is not available here is listed with `enabled: false` and skipped; one
 * without `create` runs the resume contract only (the fake KurrentDB transport is not a server
 * whose every rule the store contract could be held to).
 */
export interface ContractAdapter {
  name: string;
  enabled: boolean;
  create?: EventStoreFactory;
  outage: () => Promise<OutageHarness>;
}

let dir: string | undefined;
const newPath = (): string =>
  join(
    (dir ??= mkdtempSync(join(tmpdir(), 'contract-'))),
    `events-${randomUUID()}.db`,
  );
/** One PostgreSQL database for the file's tests (they use fresh stream names), created on first use. */
let pgDatabase: Promise<TestDatabase> | undefined;
const pgDatabaseNow = () =>
  (pgDatabase ??= createTestDatabase('escrow_contract'));
export async function removeContractFiles(): Promise<void> {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
  const database = pgDatabase;
  pgDatabase = undefined;
  if (database) await (await database).drop();
}

/**
 * SQLite has no connection to lose; what takes it away from a reader is a read that throws. Another
 * writer puts a row whose JSON cannot be parsed after the subscriber's position: every read over it
 * fails until the row is repaired, then the subscription reads on, past it and everything after.
 */
async function sqliteOutage(): Promise<OutageHarness> {
  const path = newPath();
  const store = createSqliteEventStore({ path, pollIntervalMs: 10 });
  const other = new Database(path);
  return {
    store,
    async outage() {
      const streamId = `outage-${randomUUID()}`;
      const { lastInsertRowid } = other
        .prepare(
          "INSERT INTO events (stream_id, revision, event_id, type, data, metadata, recorded_at) VALUES (?, 0, ?, 'Broken', '{not json', '{}', ?)",
        )
        .run(streamId, randomUUID(), new Date().toISOString());
      return async () =>
        void other
          .prepare(`UPDATE events SET data = '{}' WHERE position = ?`)
          .run(lastInsertRowid);
    },
    async close() {
      other.close();
      await store.close();
    },
  };
}

/** The client's own code over a transport that drops, ends and refuses subscriptions (kurrent-fake-server.ts). */
async function fakeKurrentOutage(): Promise<OutageHarness> {
  const fake = createFakeKurrent();
  const store = createKurrentEventStore({
    connectionString: '',
    client: fake.client,
  });
  return {
    store,
    async outage() {
      fake.setOutage(true);
      return async () => fake.setOutage(false);
    },
    close: () => store.close(),
  };
}

/**
 * A real server: the client's subscriptions are destroyed with the error a lost connection gives
 * (UnavailableError), and new ones fail the same way until the outage ends.
 */
async function realKurrentOutage(url: string): Promise<OutageHarness> {
  const client = KurrentDBClient.connectionString(url);
  const open = new Set<ReturnType<KurrentDBClient['subscribeToAll']>>();
  let outage = false;
  const subscribeToAll = client.subscribeToAll.bind(client);
  client.subscribeToAll = ((
    ...args: Parameters<KurrentDBClient['subscribeToAll']>
  ) => {
    const subscription = subscribeToAll(...args);
    open.add(subscription);
    if (outage)
      setImmediate(() => subscription.destroy(new UnavailableError()));
    return subscription;
  }) as KurrentDBClient['subscribeToAll'];
  const store = createKurrentEventStore({ connectionString: url, client });
  return {
    store,
    async outage() {
      outage = true;
      for (const subscription of open)
        subscription.destroy(new UnavailableError());
      open.clear();
      return async () => {
        outage = false;
      };
    },
    close: () => store.close(),
  };
}

/**
 * A database that goes away as in a restart: every connection to it is terminated (the LISTEN one
 * and the pooled ones) and new ones are refused until the outage ends.
 */
async function postgresOutage(): Promise<OutageHarness> {
  const { name, url } = await pgDatabaseNow();
  const store = createPostgresEventStore({
    connectionString: url,
    onConnectionError: () => undefined,
  });
  await store.ready();
  const allowConnections = (allow: boolean) =>
    withDatabase(pgTestUrl!, (c) =>
      c.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS ${allow}`),
    );
  return {
    store,
    async outage() {
      await allowConnections(false);
      await withDatabase(pgTestUrl!, (c) =>
        c.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
          [name],
        ),
      );
      return () => allowConnections(true).then(() => undefined);
    },
    close: () => store.close(),
  };
}

const kurrentUrl = process.env.KURRENTDB_URL;

export const contractAdapters: ContractAdapter[] = [
  {
    name: 'SQLite',
    enabled: true,
    create: () => createSqliteEventStore({ path: newPath() }),
    outage: sqliteOutage,
  },
  // The store contract runs on PostgreSQL in postgres-event-store.test.ts (one database per file).
  {
    name: 'PostgreSQL (PG_TEST_URL)',
    enabled: Boolean(pgTestUrl),
    outage: postgresOutage,
  },
  {
    name: 'KurrentDB client over a fake transport',
    enabled: true,
    outage: fakeKurrentOutage,
  },
  {
    name: 'PostgreSQL (PG_TEST_URL)',
    enabled: Boolean(pgTestUrl),
    create: async () =>
      createPostgresEventStore({
        connectionString: (await pgDatabaseNow()).url,
      }),
    outage: postgresOutage,
  },
  // The app's store: an adapter under the personal-data encryption, which must keep the contract.
  {
    name: 'SQLite with personal fields sealed',
    enabled: true,
    create: () => openEventStore({ dataDir: join(newPath(), 'data') }),
    outage: sqliteOutage,
  },
  {
    name: 'PostgreSQL with personal fields sealed (PG_TEST_URL)',
    enabled: Boolean(pgTestUrl),
    create: async () =>
      openEventStore({
        dataDir: newPath(),
        databaseUrl: (await pgDatabaseNow()).url,
      }),
    outage: postgresOutage,
  },
  {
    name: 'KurrentDB (KURRENTDB_URL)',
    enabled: Boolean(kurrentUrl),
    create: () => createKurrentEventStore({ connectionString: kurrentUrl! }),
    outage: () => realKurrentOutage(kurrentUrl!),
  },
];
