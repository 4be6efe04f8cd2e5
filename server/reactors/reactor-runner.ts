import type { Database } from 'better-sqlite3';
import type { EventStore, RecordedEvent, Subscription } from '../event-store/event-store';
import type { Reactor } from './reactor';

export interface ReactorRunnerOptions {
  store: EventStore;
  /** Holds the checkpoints (the read database: they belong to this app instance). */
  db: Database;
  reactors: readonly Reactor[];
  /** First wait after a failed event; doubles up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  onError?: (reactor: string, event: RecordedEvent, error: unknown) => void;
  /**
   * Where a reactor without a checkpoint starts: the whole history (money: no intent may be left
   * behind), or the store's head at first start (notifications: switching them on for an existing
   * ledger must not send years of history to everyone).
   */
  firstStart?: 'beginning' | 'head';
  /** Awaited before each event is handed over: a reactor that reads read models waits until the projections applied it. */
  before?: (event: RecordedEvent) => Promise<unknown>;
}

/**
 * Where each reactor stands: its checkpoint, kept in the read database, and the callers waiting
 * until every reactor has got past a position.
 */
function createProgress(db: Database, reactors: readonly Reactor[]) {
  db.exec(
    'CREATE TABLE IF NOT EXISTS reactor_checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL)',
  );
  const read = db.prepare<[string], { position: number }>(
    'SELECT position FROM reactor_checkpoints WHERE name = ?',
  );
  const write = db.prepare<[string, number]>(
    'INSERT INTO reactor_checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position',
  );
  const positions = new Map<string, number>(
    reactors.map((r) => [r.name, read.get(r.name)?.position ?? 0]),
  );
  const waiters = new Set<{ position: number; only?: string; resolve: () => void }>();
  const reached = (position: number, only?: string): boolean =>
    only === undefined
      ? [...positions.values()].every((p) => p >= position)
      : (positions.get(only) ?? 0) >= position;
  return {
    /** The reactors that have never run here (no checkpoint yet). */
    unstarted: reactors.filter((r) => read.get(r.name) === undefined).map((r) => r.name),
    checkpoint: (name: string): number => positions.get(name) ?? 0,
    advance(name: string, position: number): void {
      positions.set(name, position);
      write.run(name, position);
      for (const w of waiters) {
        if (reached(w.position, w.only)) {
          waiters.delete(w);
          w.resolve();
        }
      }
    },
    /** Resolves once every reactor (or the one named) has handled the events up to `position`, or after `timeoutMs` (false). */
    processed(position: number, timeoutMs: number, only?: string): Promise<boolean> {
      if (reached(position, only)) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter = {
          position,
          ...(only === undefined ? {} : { only }),
          resolve: () => {
            clearTimeout(timer);
            resolve(true);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          resolve(false);
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    /** On stop: nobody waits any longer. */
    releaseWaiters(): void {
      for (const w of waiters) w.resolve();
      waiters.clear();
    },
  };
}

/** Pauses between retries that `wakeAll` cuts short, so stopping the runner does not wait out a back-off. */
function createSleepers() {
  let wakeSleepers = (): void => undefined;
  return {
    pause: (ms: number): Promise<void> =>
      new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        const previous = wakeSleepers;
        wakeSleepers = () => {
          clearTimeout(timer);
          resolve();
          previous();
        };
      }),
    wakeAll: (): void => wakeSleepers(),
  };
}

type Retrying = Required<Pick<ReactorRunnerOptions, 'retryDelayMs' | 'maxRetryDelayMs'>> &
  Pick<ReactorRunnerOptions, 'onError' | 'before'> & {
    pause: (ms: number) => Promise<void>;
    closed: () => boolean;
  };

/** Hands the event to the reactor until it succeeds, pausing longer after each failure. */
async function handleUntilDone(
  { retryDelayMs, maxRetryDelayMs, onError, before, pause, closed }: Retrying,
  reactor: Reactor,
  event: RecordedEvent,
): Promise<void> {
  let delay = retryDelayMs;
  for (;;) {
    try {
      // Inside the retry loop: a wait that times out (the read models stalled with the store)
      // is retried like a failed effect, and never ends the reactor's subscription.
      await before?.(event);
      await reactor.handle(event);
      return;
    } catch (error) {
      onError?.(reactor.name, event, error);
      await pause(delay);
      if (closed()) throw new Error('reactor runner closed');
      delay = Math.min(maxRetryDelayMs, delay * 2);
    }
  }
}

/**
 * The outbox: each reactor follows the event subscription from its checkpoint. An event is handed
 * to the reactor until it succeeds (with a growing pause between tries), then the checkpoint moves
 * past it; so an effect is never skipped, and after a crash at most the event in hand is handed
 * over again, which the reactor's idempotency key turns into no second effect. Several app
 * instances each run their reactors: the effects are keyed by the intent event, so the gateway and
 * the store (deterministic outcome ids) make them happen once. The store's subscription is the
 * resilient one (resilient-subscription.ts): a store outage pauses a reactor, never ends it.
 */
export function createReactorRunner({
  store,
  db,
  reactors,
  retryDelayMs = 200,
  maxRetryDelayMs = 30_000,
  onError,
  firstStart = 'beginning',
  before,
}: ReactorRunnerOptions) {
  const progress = createProgress(db, reactors);
  const sleepers = createSleepers();
  const subscriptions: Subscription[] = [];
  let closed = false;
  const retrying: Retrying = {
    retryDelayMs,
    maxRetryDelayMs,
    onError,
    before,
    pause: sleepers.pause,
    closed: () => closed,
  };

  function follow(reactor: Reactor): Subscription {
    const options = {
      after: progress.checkpoint(reactor.name),
      batchSize: 256,
      name: `reactor:${reactor.name}`,
    };
    return store.subscribe(options, async (batch) => {
      for (const event of batch) {
        if (closed) return;
        if (reactor.types && !reactor.types.has(event.type)) continue;
        await handleUntilDone(retrying, reactor, event);
        // Past an effect at once: a crash later in the batch does not hand this one over again.
        progress.advance(reactor.name, event.position);
      }
      progress.advance(reactor.name, batch[batch.length - 1]!.position);
    });
  }

  return {
    async start(): Promise<void> {
      for (const reactor of reactors)
        if (progress.unstarted.includes(reactor.name)) reactor.reset?.();
      if (firstStart === 'head' && progress.unstarted.length > 0) {
        const head = await store.headPosition();
        for (const name of progress.unstarted) progress.advance(name, head);
      }
      if (closed) return;
      for (const reactor of reactors) subscriptions.push(follow(reactor));
    },

    /** Resolves once every reactor (or the one named) has handled the events up to `position`, or after `timeoutMs` (false). */
    processed: (position: number, timeoutMs = 10_000, only?: string): Promise<boolean> =>
      progress.processed(position, timeoutMs, only),

    checkpoint: (name: string): number => progress.checkpoint(name),

    async stop(): Promise<void> {
      closed = true;
      sleepers.wakeAll();
      await Promise.all(subscriptions.map((s) => s.close()));
      progress.releaseWaiters();
    },
  };
}

export type ReactorRunner = ReturnType<typeof createReactorRunner>;
