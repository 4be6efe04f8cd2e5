import { loadConfig, type AppConfig } from '../config';
import type { EventStore } from '../event-store/event-store';
import { openEventStore } from '../event-store/open-event-store';

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

/** Opens the configured event store (DATA_DIR's SQLite, or KURRENTDB_URL), hands it to `use`, and always closes it. */
export async function withEventStore<T>(
  use: (store: EventStore, config: AppConfig) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const store = openEventStore({
    dataDir: config.dataDir,
    kurrentUrl: config.kurrentUrl,
    databaseUrl: config.databaseUrl,
    databaseStartTimeoutMs: config.databaseStartTimeoutMs,
  });
  try {
    return await use(store, config);
  } finally {
    await store.close();
  }
}
