import type { Database } from 'better-sqlite3';
import type {
  EventStore,
  RecordedEvent,
  Subscription,
} from '../event-store/event-store';
import type { Reactor } from './reactor';
import {
  createParkedEvents,
  type ParkedEvent,
  type ParkedEvents,
} from './parked-events';

export interface ReactorRunnerOptions {
  store: EventStore;
  /** Holds the checkpoints (the read database: they belong to this app instance). */
  db: Database;
  reactors: readonly Reactor[];
  /** First wait after a failed event; doubles up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /**
   * How long the subscription waits for a partitioned reactor's first try (default 3 s): a try
   * still running then (a gateway call that hangs) goes on parked, its partition waiting behind it,
   * while the subscription goes on with the other partitions' events.
   */
  firstTryMs?: number;
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

/** An event handed to a reactor and not handled yet: in hand now, or parked after an unknown outcome. */
export interface UnansweredEvent {
  reactor: string;
  streamId: string;
  type: string;
  position: number;
  /** When the event was recorded (its metadata's `at`, the app's clock; else the store's time). */
  at: string;
  /** Failed tries so far (0 while the first is under way). */
  failures: number;
}

/**
 * Where each reactor stands: its checkpoint, kept in the read database, its parked events, and the
 * callers waiting until every reactor has handled everything up to a position.
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
  const parked = createParkedEvents(
    db,
    reactors.map((r) => r.name),
  );
  const waiters = conditionWaiters();
  /** Past the position, with nothing parked at or before it (of the reactor, and the partition, named). */
  const reached = (
    position: number,
    only?: string,
    partition?: string,
  ): boolean =>
    (only === undefined
      ? [...positions.values()].every((p) => p >= position)
      : (positions.get(only) ?? 0) >= position) &&
    !parked.waitingUpTo(position, only, partition);
  const notify = waiters.notify;
  return {
    parked,
    notify,
    /** The reactors that have never run here (no checkpoint yet). */
    unstarted: reactors
      .filter((r) => read.get(r.name) === undefined)
      .map((r) => r.name),
    checkpoint: (name: string): number => positions.get(name) ?? 0,
    advance(name: string, position: number): void {
      positions.set(name, position);
      write.run(name, position);
      notify();
    },
    /**
     * Resolves once every reactor (or the one named) has handled the events up to `position` (of
     * one partition only, when named: a parked event of another deal does not hold it), or after
     * `timeoutMs` (false).
     */
    processed(
      position: number,
      timeoutMs: number,
      only?: string,
      partition?: string,
    ): Promise<boolean> {
      return waiters.wait(() => reached(position, only, partition), timeoutMs);
    },
    /** On stop: nobody waits any longer. */
    releaseWaiters: waiters.releaseAll,
  };
}

/** Callers waiting for a condition, checked again at each `notify`; true once it holds, false at the timeout. */
function conditionWaiters() {
  const waiters = new Set<{ reached: () => boolean; resolve: () => void }>();
  return {
    wait(reached: () => boolean, timeoutMs: number): Promise<boolean> {
      if (reached()) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter = {
          reached,
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
    notify(): void {
      for (const w of waiters) {
        if (w.reached()) {
          waiters.delete(w);
          w.resolve();
        }
      }
    },
    releaseAll(): void {
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

type Retrying = Required<
  Pick<ReactorRunnerOptions, 'retryDelayMs' | 'maxRetryDelayMs' | 'firstTryMs'>
> &
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

const atOf = (event: RecordedEvent): string => {
  const at = (event.metadata as { at?: unknown } | null)?.at;
  return typeof at === 'string' ? at : event.recordedAt;
};

/** Hands an event to a reactor, after `before` (the projections applied it). */
const handleWith =
  (before: Retrying['before']) =>
  async (reactor: Reactor, event: RecordedEvent): Promise<void> => {
    await before?.(event);
    await reactor.handle(event);
  };

/**
 * The tries of parked events: each partition's first parked event is tried again when its time
 * comes, apart from every other partition and from the subscription (which goes on with the
 * events after it); a success lets the next parked event of its partition go at once, a failure
 * doubles its pause (up to `maxRetryDelayMs`).
 */
function createRetries(
  reactors: readonly Reactor[],
  parked: ParkedEvents,
  { retryDelayMs, maxRetryDelayMs, onError, before, closed }: Retrying,
  onDone: () => void,
) {
  let timer: NodeJS.Timeout | null = null;
  const inFlight = new Set<Promise<void>>();
  const trying = new Set<ParkedEvent>();
  const backOff = (attempts: number) =>
    Math.min(maxRetryDelayMs, retryDelayMs * 2 ** Math.max(0, attempts - 1));
  const handle = handleWith(before);

  async function tryOne(
    reactor: Reactor,
    p: ParkedEvent,
    attempt = handle(reactor, p.event),
  ): Promise<void> {
    try {
      await attempt;
      parked.done(p, Date.now());
      onDone();
    } catch (error) {
      onError?.(reactor.name, p.event, error);
      parked.postpone(p, Date.now() + backOff(p.attempts + 1));
    } finally {
      trying.delete(p);
    }
  }

  function schedule(): void {
    if (closed()) return;
    if (timer) clearTimeout(timer);
    timer = null;
    // Those under way are left out: each looks again when its try ends.
    const waiting = reactors
      .flatMap((r) => parked.heads(r.name))
      .filter((p) => !trying.has(p))
      .map((p) => p.nextAtMs);
    if (waiting.length === 0) return;
    timer = setTimeout(run, Math.max(0, Math.min(...waiting) - Date.now()));
  }

  /** Follows one try of a parked event (a retry, or a first try that outlasted `firstTryMs`). */
  function follow(reactor: Reactor, p: ParkedEvent, attempt?: Promise<void>) {
    trying.add(p);
    const tried = tryOne(reactor, p, attempt).finally(() => {
      inFlight.delete(tried);
      schedule();
    });
    inFlight.add(tried);
  }

  function run(): void {
    timer = null;
    const now = Date.now();
    for (const reactor of reactors) {
      for (const p of parked.heads(reactor.name)) {
        if (p.nextAtMs > now || trying.has(p) || closed()) continue;
        follow(reactor, p);
      }
    }
    schedule();
  }

  return {
    handle,
    /** A first try still running past `firstTryMs`, parked: followed as a retry, never tried twice at once. */
    adopt: follow,
    /** Something was parked or became due: look at the schedule again. */
    wake: schedule,
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.all([...inFlight]);
    },
  };
}

const unansweredEvent = (
  reactor: string,
  event: RecordedEvent,
  failures: number,
): UnansweredEvent => ({
  reactor,
  streamId: event.streamId,
  type: event.type,
  position: event.position,
  at: atOf(event),
  failures,
});

function unansweredOf(
  reactor: string,
  parked: ParkedEvents,
  held: RecordedEvent | undefined,
): UnansweredEvent[] {
  const list = parked
    .all(reactor)
    .map((p) => unansweredEvent(reactor, p.event, p.attempts));
  if (held) list.push(unansweredEvent(reactor, held, 0));
  return list.sort((a, b) => a.position - b.position);
}

interface Parking {
  parked: ParkedEvents;
  retries: Pick<ReturnType<typeof createRetries>, 'wake' | 'handle' | 'adopt'>;
  inHand: Map<string, RecordedEvent>;
  retrying: Retrying;
}

/** Whether the try ended within `ms` (true), or still runs (false); a failure rejects. */
async function endsWithin(attempt: Promise<void>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([attempt.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One try; a failure parks the event (its partition's later events wait behind it), and so does a
 * try that outlasts `firstTryMs`, which goes on as that parked event's try.
 */
async function handleOrPark(
  {
    parked,
    retries,
    inHand,
    retrying: { retryDelayMs, firstTryMs, onError },
  }: Parking,
  reactor: Reactor,
  event: RecordedEvent,
  partition: string,
): Promise<void> {
  const park = (attempts: number) => {
    parked.park({
      reactor: reactor.name,
      partition,
      event,
      attempts,
      nextAtMs: Date.now() + (attempts === 0 ? 0 : retryDelayMs),
    });
    retries.wake();
  };
  if (parked.has(reactor.name, partition)) return park(0);
  inHand.set(reactor.name, event);
  const attempt = retries.handle(reactor, event);
  try {
    if (await endsWithin(attempt, firstTryMs)) return;
    const slow: ParkedEvent = {
      reactor: reactor.name,
      partition,
      event,
      attempts: 0,
      nextAtMs: Date.now(),
    };
    parked.park(slow);
    retries.adopt(reactor, slow, attempt);
  } catch (error) {
    onError?.(reactor.name, event, error);
    park(1);
  } finally {
    inHand.delete(reactor.name);
  }
}

/**
 * One reactor on the store's subscription from its checkpoint: each event handled (or parked,
 * when the reactor partitions), the checkpoint moved past it at once.
 */
function followReactor(
  store: ReactorRunnerOptions['store'],
  progress: ReturnType<typeof createProgress>,
  parts: Parking,
  reactor: Reactor,
): Subscription {
  const { retrying } = parts;
  const options = {
    after: progress.checkpoint(reactor.name),
    batchSize: 256,
    name: `reactor:${reactor.name}`,
  };
  return store.subscribe(options, async (batch) => {
    for (const event of batch) {
      if (retrying.closed()) return;
      if (reactor.types && !reactor.types.has(event.type)) continue;
      const partition = reactor.partition?.(event) ?? null;
      if (partition === null) await handleUntilDone(retrying, reactor, event);
      else await handleOrPark(parts, reactor, event, partition);
      // Past an effect at once: a crash later in the batch does not hand this one over again.
      progress.advance(reactor.name, event.position);
    }
    progress.advance(reactor.name, batch[batch.length - 1]!.position);
  });
}

/**
 * The outbox: each reactor follows the event subscription from its checkpoint. An event is handed
 * to the reactor until it succeeds (with a growing pause between tries), then the checkpoint moves
 * past it; so an effect is never skipped, and after a crash at most the event in hand is handed
 * over again, which the reactor's idempotency key turns into no second effect. Several app
 * instances each run their reactors: the effects are keyed by the intent event, so the gateway and
 * the store (deterministic outcome ids) make them happen once. The store's subscription is the
 * resilient one (resilient-subscription.ts): a store outage pauses a reactor, never ends it.
 *
 * A reactor that names a `partition` per event (the payments reactor: the deal or request) is not
 * held up by one failing event: it is parked (stored beside the checkpoint, so a crash forgets
 * nothing) and tried again on its own with a growing pause, while the subscription goes on with
 * the events after it. Later events of the same partition wait behind it, in order.
 */
export function createReactorRunner({
  store,
  db,
  reactors,
  retryDelayMs = 200,
  maxRetryDelayMs = 30_000,
  firstTryMs = 3_000,
  onError,
  firstStart = 'beginning',
  before,
}: ReactorRunnerOptions) {
  const progress = createProgress(db, reactors);
  const sleepers = createSleepers();
  const subscriptions: Subscription[] = [];
  /** Per reactor: the event handed over and not yet handled or parked. */
  const inHand = new Map<string, RecordedEvent>();
  let closed = false;
  const retrying: Retrying = {
    retryDelayMs,
    maxRetryDelayMs,
    firstTryMs,
    onError,
    before,
    pause: sleepers.pause,
    closed: () => closed,
  };
  const retries = createRetries(
    reactors,
    progress.parked,
    retrying,
    progress.notify,
  );
  const parts: Parking = { parked: progress.parked, retries, inHand, retrying };

  const follow = (reactor: Reactor) =>
    followReactor(store, progress, parts, reactor);

  return {
    async start(): Promise<void> {
      for (const reactor of reactors)
        if (progress.unstarted.includes(reactor.name)) {
          reactor.reset?.();
          progress.parked.reset(reactor.name);
        }
      if (firstStart === 'head' && progress.unstarted.length > 0) {
        const head = await store.headPosition();
        for (const name of progress.unstarted) progress.advance(name, head);
      }
      if (closed) return;
      retries.wake();
      for (const reactor of reactors) subscriptions.push(follow(reactor));
    },

    /**
     * Resolves once every reactor (or the one named) has handled the events up to `position`, or
     * after `timeoutMs` (false). With `partition`, a parked event of another partition does not count.
     */
    processed: (
      position: number,
      timeoutMs = 10_000,
      only?: string,
      partition?: string,
    ): Promise<boolean> =>
      progress.processed(position, timeoutMs, only, partition),

    checkpoint: (name: string): number => progress.checkpoint(name),

    /** The events handed to a reactor and not handled yet (in hand, or parked after a failure), oldest first. */
    unanswered: (reactor: string): UnansweredEvent[] =>
      unansweredOf(reactor, progress.parked, inHand.get(reactor)),

    async stop(): Promise<void> {
      closed = true;
      sleepers.wakeAll();
      await retries.stop();
      await Promise.all(subscriptions.map((s) => s.close()));
      progress.releaseWaiters();
    },
  };
}

export type ReactorRunner = ReturnType<typeof createReactorRunner>;
