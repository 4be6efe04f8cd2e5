import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KurrentDBClient, UnavailableError } from '@kurrent/kurrentdb-client';
import { createKurrentEventStore } from '../../../server/event-store/kurrent-event-store';
import { createSqliteEventStore } from '../../../server/event-store/sqlite-event-store';
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
const newPath = (): string => join((dir ??= mkdtempSync(join(tmpdir(), 'contract-'))), `events-${randomUUID()}.db`);
export function removeContractFiles(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
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
        .prepare("INSERT INTO events (stream_id, revision, event_id, type, data, metadata, recorded_at) VALUES (?, 0, ?, 'Broken', '{not json', '{}', ?)")
        .run(streamId, randomUUID(), new Date().toISOString());
      return async () => void other.prepare(`UPDATE events SET data = '{}' WHERE position = ?`).run(lastInsertRowid);
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
  const store = createKurrentEventStore({ connectionString: '', client: fake.client });
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
  client.subscribeToAll = ((...args: Parameters<KurrentDBClient['subscribeToAll']>) => {
    const subscription = subscribeToAll(...args);
    open.add(subscription);
    if (outage) setImmediate(() => subscription.destroy(new UnavailableError()));
    return subscription;
  }) as KurrentDBClient['subscribeToAll'];
  const store = createKurrentEventStore({ connectionString: url, client });
  return {
    store,
    async outage() {
      outage = true;
      for (const subscription of open) subscription.destroy(new UnavailableError());
      open.clear();
      return async () => {
        outage = false;
      };
    },
    close: () => store.close(),
  };
}

const kurrentUrl = process.env.KURRENTDB_URL;

export const contractAdapters: ContractAdapter[] = [
  { name: 'SQLite', enabled: true, create: () => createSqliteEventStore({ path: newPath() }), outage: sqliteOutage },
  {
    name: 'KurrentDB client over a fake transport',
    enabled: true,
    outage: fakeKurrentOutage,
  },
  {
    name: 'KurrentDB (KURRENTDB_URL)',
    enabled: Boolean(kurrentUrl),
    create: () => createKurrentEventStore({ connectionString: kurrentUrl! }),
    outage: () => realKurrentOutage(kurrentUrl!),
  },
];
