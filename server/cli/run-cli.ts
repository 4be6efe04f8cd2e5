import { loadConfig, type AppConfig } from '../config';
import { openEventStore } from '../event-store/open-event-store';
import type { EncryptedEventStore } from '../event-store/personal-data-encryption';

/**
 * The frame every command-line tool shares: run `main` with the arguments, exit with its code, and
 * on an unexpected error print the message only (no stack) and exit with `errorCode`.
 */
export function runCli(
  main: (argv: string[]) => Promise<number>,
  { errorCode = 1, name }: { errorCode?: number; name?: string } = {},
): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      console.error(name ? `${name} failed: ${message}` : message);
      process.exit(errorCode);
    },
  );
}

/**
 * Opens the configured event store (DATA_DIR's SQLite, DATABASE_URL or KURRENTDB_URL), hands it to
 * `use`, and always closes it. It reads personal fields opened; `store.stored` reads them sealed.
 */
export async function withEventStore<T>(
  use: (store: EncryptedEventStore, config: AppConfig) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const store = openEventStore({
    dataDir: config.dataDir,
    kurrentUrl: config.kurrentUrl,
    keyStoreUrl: config.keyStoreUrl,
    databaseUrl: config.databaseUrl,
    databaseStartTimeoutMs: config.databaseStartTimeoutMs,
  });
  try {
    return await use(store, config);
  } finally {
    await store.close();
  }
}
