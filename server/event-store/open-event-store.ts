import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from './event-store';
import { createKurrentEventStore } from './kurrent-event-store';
import { createSqliteEventStore } from './sqlite-event-store';

export interface OpenEventStoreOptions {
  /** Folder for the embedded store (`<dataDir>/events.db`); created if missing. */
  dataDir: string;
  /** `KURRENTDB_URL`: when set, KurrentDB is used and dataDir is not touched. */
  kurrentUrl?: string | undefined;
}

/** The configured event store: KurrentDB when a URL is given, else embedded SQLite. */
export function openEventStore(options: OpenEventStoreOptions): EventStore {
  const kurrentUrl = options.kurrentUrl?.trim();
  if (kurrentUrl) return createKurrentEventStore({ connectionString: kurrentUrl });
  mkdirSync(options.dataDir, { recursive: true });
  return createSqliteEventStore({ path: join(options.dataDir, 'events.db') });
}
