import type { Database } from 'better-sqlite3';
import type { ProjectionRunner } from '../../projections/runner';
import type { EventStore, Subscription } from '../event-store/event-store';
import type { Reactor } from './reactor';

/**
 * Feeds one reactor from the event subscription, checkpointed in the read database. A reactor
 * reads read models, so each event waits until the projections applied it. A failing event is
 * retried (with a growing pause) until it succeeds or the subscription closes; nothing is skipped.
 * A reactor seen for the first time starts at the store's head: switching notifications on for an
 * existing ledger must not replay years of history to everyone.
 */
export async function startReactorSubscription(
  reactor: Reactor,
  {
    store,
    db,
    runner,
    onError,
    retryMs = 1_000,
  }: { store: EventStore; db: Database; runner: ProjectionRunner; onError?: (error: unknown) => void; retryMs?: number },
): Promise<Subscription> {
  db.exec('CREATE TABLE IF NOT EXISTS reactor_checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL)');
  const read = db.prepare<[string], { position: number }>('SELECT position FROM reactor_checkpoints WHERE name = ?');
  const write = db.prepare<[string, number]>(
    'INSERT INTO reactor_checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position',
  );
  let after = read.get(reactor.name)?.position;
  if (after === undefined) {
    after = await store.headPosition();
    write.run(reactor.name, after);
  }
  let closed = false;
  let wake: (() => void) | null = null;
  // A pause between retries that closing cuts short.
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  const subscription = store.subscribe({ after, batchSize: 64 }, async (batch) => {
    for (const event of batch) {
      await runner.waitForPosition(event.position);
      for (let attempt = 0; !closed; attempt++) {
        try {
          await reactor.handle(event);
          break;
        } catch (error) {
          onError?.(error);
          await pause(Math.min(retryMs * 2 ** attempt, 60_000));
        }
      }
      if (closed) return;
      write.run(reactor.name, event.position);
    }
  });
  return {
    done: subscription.done,
    async close() {
      closed = true;
      wake?.();
      await subscription.close();
    },
  };
}
