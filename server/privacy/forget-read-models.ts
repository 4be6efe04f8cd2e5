import type Database from 'better-sqlite3';
import type { ProjectionRunner } from '../../projections/runner';
import type { KeyStore } from '../event-store/key-store';

/**
 * Read models hold personal values in plain text, folded from events. When a key is erased
 * (PersonalDataKeyErased, by this instance or another), each instance drops the key from its cache
 * and rebuilds its read models from the store, where the erased fields now read as markers; then
 * the read database is vacuumed and its WAL truncated, so no page keeps the old values.
 * Rebuilds asked for while one runs are joined into the next one.
 */
export function createReadModelForgetting({
  runner,
  readDb,
  keys,
}: {
  runner: ProjectionRunner;
  readDb: Database.Database;
  keys: KeyStore;
}) {
  let running: Promise<void> | null = null;
  let again = false;
  // Rebuilds replay old erasures: only those past this position ask for another rebuild.
  let seen = 0;
  let stopped = false;

  async function rebuild(): Promise<void> {
    do {
      again = false;
      if (stopped) return;
      await runner.rebuild();
      runner.start();
      readDb.exec('VACUUM');
      readDb.pragma('wal_checkpoint(TRUNCATE)');
    } while (again);
  }

  function forget(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = rebuild().finally(() => {
      running = null;
    });
    return running;
  }

  const off = runner.onApplied((batch) => {
    let erased = false;
    for (const event of batch) {
      if (event.type !== 'PersonalDataKeyErased' || event.position <= seen) continue;
      const data = event.data as { subject: string; kind: 'profile' | 'fiscal' };
      keys.forget(data.subject, data.kind);
      seen = event.position;
      erased = true;
    }
    // After the batch's handler returns: a rebuild stops the subscription that is delivering it.
    if (erased) setImmediate(() => void forget().catch(() => undefined));
  });

  return {
    forget,
    /** Stops listening; resolves once a rebuild under way has finished (the app is closing). */
    async stop(): Promise<void> {
      stopped = true;
      off();
      await running?.catch(() => undefined);
    },
  };
}
