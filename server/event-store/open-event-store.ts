import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from './event-store';
import { createKurrentEventStore } from './kurrent-event-store';
import { createPostgresEventStore } from './postgres-event-store';
import { createSqliteEventStore } from './sqlite-event-store';

export interface OpenEventStoreOptions {
  /** Folder for the embedded store (`<dataDir>/events.db`); created if missing. */
  dataDir: string;
  /** `KURRENTDB_URL`: when set, KurrentDB is used and dataDir is not touched. */
  kurrentUrl?: string | undefined;
  /** `DATABASE_URL` (postgres://…): when set, PostgreSQL is used and dataDir is not touched. */
  databaseUrl?: string | undefined;
  /** How long the first PostgreSQL connection waits for an unreachable server. */
  databaseStartTimeoutMs?: number;
}

/** The configured event store: PostgreSQL or KurrentDB when a URL is given, else embedded SQLite. */
export function openEventStore(options: OpenEventStoreOptions): EventStore {
  const databaseUrl = options.databaseUrl?.trim();
  if (databaseUrl) {
    return createPostgresEventStore({
      connectionString: databaseUrl,
      ...(options.databaseStartTimeoutMs === undefined
        ? {}
        : { startTimeoutMs: options.databaseStartTimeoutMs }),
    });
  }
  const kurrentUrl = options.kurrentUrl?.trim();
  if (kurrentUrl) return createKurrentEventStore({ connectionString: kurrentUrl });
  mkdirSync(options.dataDir, { recursive: true });
  return createSqliteEventStore({ path: join(options.dataDir, 'events.db') });
}
