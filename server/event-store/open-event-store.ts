import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from './event-store';
import {
  createKeyStore,
  type KeyStoreOptions,
  type KeyTable,
} from './key-store';
import { createKurrentEventStore } from './kurrent-event-store';
import {
  withPersonalDataEncryption,
  type EncryptedEventStore,
} from './personal-data-encryption';
import { createPostgresEventStore } from './postgres-event-store';
import { createPostgresKeyTable } from './postgres-key-store';
import { createSqliteEventStore } from './sqlite-event-store';
import { createSqliteKeyTable } from './sqlite-key-store';

export interface OpenEventStoreOptions {
  /** Folder for the embedded store (`<dataDir>/events.db`); created if missing. */
  dataDir: string;
  /** `KURRENTDB_URL`: when set, KurrentDB is used and dataDir is not touched. */
  kurrentUrl?: string | undefined;
  /** `DATABASE_URL` (postgres://…): when set, PostgreSQL is used and dataDir is not touched. */
  databaseUrl?: string | undefined;
  /** `KEY_STORE_URL`: the PostgreSQL database of KurrentDB's key table (else `<dataDir>/keys.db`). */
  keyStoreUrl?: string | undefined;
  /** How long the first PostgreSQL connection waits for an unreachable server. */
  databaseStartTimeoutMs?: number;
  keyCache?: KeyStoreOptions;
}

/** A SQLite key table opened on first use (KurrentDB's, so a store that never seals touches no file). */
function lazySqliteTable(dataDir: string, file: string): KeyTable {
  let table: KeyTable | null = null;
  const open = () => {
    if (!table) {
      mkdirSync(dataDir, { recursive: true });
      table = createSqliteKeyTable(join(dataDir, file));
    }
    return table;
  };
  return {
    obtain: (...args) => open().obtain(...args),
    find: (...args) => open().find(...args),
    erase: (...args) => open().erase(...args),
    subjects: (kind) => open().subjects(kind),
    tombstones: () => open().tombstones(),
    close: () => table?.close() ?? Promise.resolve(),
  };
}

function openStored(options: OpenEventStoreOptions): {
  store: EventStore;
  keys: KeyTable;
} {
  const databaseUrl = options.databaseUrl?.trim();
  if (databaseUrl) {
    const store = createPostgresEventStore({
      connectionString: databaseUrl,
      ...(options.databaseStartTimeoutMs === undefined
        ? {}
        : { startTimeoutMs: options.databaseStartTimeoutMs }),
    });
    return { store, keys: createPostgresKeyTable(databaseUrl) };
  }
  const kurrentUrl = options.kurrentUrl?.trim();
  if (kurrentUrl) {
    const keyStoreUrl = options.keyStoreUrl?.trim();
    return {
      store: createKurrentEventStore({ connectionString: kurrentUrl }),
      keys: keyStoreUrl
        ? createPostgresKeyTable(keyStoreUrl)
        : lazySqliteTable(options.dataDir, 'keys.db'),
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const path = join(options.dataDir, 'events.db');
  const store = createSqliteEventStore({ path });
  return { store, keys: createSqliteKeyTable(path) };
}

/**
 * The configured event store: PostgreSQL or KurrentDB when a URL is given, else embedded SQLite;
 * personal fields sealed under their person's keys (personal-data-encryption.ts), the keys in a
 * table of the same database (KurrentDB's in `KEY_STORE_URL`'s PostgreSQL or `<dataDir>/keys.db`).
 */
export function openEventStore(
  options: OpenEventStoreOptions,
): EncryptedEventStore {
  const { store, keys } = openStored(options);
  return withPersonalDataEncryption(
    store,
    createKeyStore(keys, options.keyCache),
  );
}
