import type {
  BatchHandler,
  EventStore,
  SubscribeOptions,
  Subscription,
} from './event-store';
import { createWakeablePause } from './wakeable-pause';

/** What a resilient subscription reports, for logs, metrics and readiness (server/ops/subscription-health.ts). */
export interface SubscriptionObserver {
  /** The adapter's subscription failed or ended on its own; a new one starts after `delayMs`, strictly after `after`. */
  retrying(info: {
    name: string;
    error: unknown;
    attempt: number;
    delayMs: number;
    after: number;
  }): void;
  /** A new adapter subscription is open again (after a retry), or the first one (attempt 0). */
  running(info: { name: string; after: number; attempt: number }): void;
  /** The handler threw: the subscription is over and `done` rejects with that error. */
  failed(info: { name: string; error: unknown; after: number }): void;
  /** Closed on purpose. */
  closed(info: { name: string }): void;
}

export interface ResilienceOptions {
  observer?: Partial<SubscriptionObserver>;
  /** First pause before resuming; doubles per failed attempt up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** [0, 1): the jitter source (tests pass a fixed one). */
  random?: () => number;
}

/** Capped exponential backoff with "equal jitter": half the step is fixed, half random, so instances spread out. */
export function backoffDelay(
  attempt: number,
  initialDelayMs: number,
  maxDelayMs: number,
  random: () => number,
): number {
  const step = Math.min(
    maxDelayMs,
    initialDelayMs * 2 ** Math.max(0, attempt - 1),
  );
  return Math.round(step / 2 + random() * (step / 2));
}

/** Marks an error as the handler's own, so it is told apart from the store failing. */
class HandlerFailure {
  constructor(readonly error: unknown) {}
}

/** Where a resilient subscription stands: the last position delivered, and the failed attempts since. */
interface Progress {
  after: number;
  attempt: number;
}

/**
 * The handler as the adapter's subscription calls it: only events past the last delivered position
 * reach it (a resume may hand some over again), and its own errors are marked so they end the
 * subscription instead of being retried.
 */
function freshOnly(handler: BatchHandler, progress: Progress): BatchHandler {
  return async (batch) => {
    const fresh = batch.filter((event) => event.position > progress.after);
    if (fresh.length === 0) return;
    try {
      await handler(fresh);
    } catch (error) {
      throw new HandlerFailure(error);
    }
    progress.after = fresh[fresh.length - 1]!.position;
    progress.attempt = 0; // delivering again: the next failure starts the backoff afresh
  };
}

/** Counts the next attempt and tells the observer why and after how long (ms, the answer) it comes. */
function nextAttempt(
  progress: Progress,
  error: unknown,
  retry: Required<Omit<ResilienceOptions, 'observer'>> & {
    name: string;
    observer: Partial<SubscriptionObserver>;
  },
): number {
  progress.attempt += 1;
  const { after, attempt } = progress;
  const delayMs = backoffDelay(
    attempt,
    retry.initialDelayMs,
    retry.maxDelayMs,
    retry.random,
  );
  retry.observer.retrying?.({
    name: retry.name,
    error: error ?? new Error('the store ended the subscription'),
    attempt,
    delayMs,
    after,
  });
  return delayMs;
}

/**
 * One subscription that outlives its adapter's: when the adapter's `done` settles while we did not
 * close it (a dropped connection, a leader election, a server that ended the stream, a read that
 * failed), a new adapter subscription starts strictly after the last position the handler
 * finished, after a capped, jittered, exponentially growing pause. The handler is awaited before
 * that position moves, and events at or before it are dropped, so a resume delivers neither a gap
 * nor a duplicate. Only an error thrown by the handler ends it: `done` rejects with that error and
 * the observer's `failed` is called, so the failure is logged, counted and shown by readiness.
 */
export function subscribeResiliently(
  store: Pick<EventStore, 'subscribe'>,
  options: SubscribeOptions,
  handler: BatchHandler,
  resilience: ResilienceOptions = {},
): Subscription {
  const name = options.name ?? 'subscription';
  const {
    observer = {},
    initialDelayMs = 200,
    maxDelayMs = 30_000,
    random = Math.random,
  } = resilience;
  const retry = { name, observer, initialDelayMs, maxDelayMs, random };
  const progress: Progress = { after: options.after ?? 0, attempt: 0 };
  let closed = false;
  let current: Subscription | undefined;

  const deliver = freshOnly(handler, progress);

  const pause = createWakeablePause();

  /** The adapter subscription's end: undefined when it ended on its own without an error. */
  async function follow(): Promise<unknown> {
    try {
      current = store.subscribe({ ...options, after: progress.after }, deliver);
    } catch (error) {
      return error; // e.g. the store could not start one right now
    }
    observer.running?.({
      name,
      after: progress.after,
      attempt: progress.attempt,
    });
    try {
      await current.done;
      return undefined;
    } catch (error) {
      if (error instanceof HandlerFailure) throw error;
      return error;
    } finally {
      current = undefined;
    }
  }

  async function run(): Promise<void> {
    while (!closed) {
      let error: unknown;
      try {
        error = await follow();
      } catch (failure) {
        if (closed) break; // a handler that gave up because we are closing
        const cause = (failure as HandlerFailure).error;
        observer.failed?.({ name, error: cause, after: progress.after });
        throw cause;
      }
      if (closed) break;
      await pause.sleep(nextAttempt(progress, error, retry));
    }
    observer.closed?.({ name });
  }

  const done = run();
  done.catch(() => undefined);

  return {
    done,
    async close() {
      closed = true;
      pause.wake();
      await current?.close();
      await done.catch(() => undefined);
    },
  };
}

/**
 * The port with every subscription resilient (subscribeResiliently); everything else passes
 * through. Closing the store closes those subscriptions first, so none of them takes the store's
 * own shutdown for a failure to recover from.
 */
export function withResilientSubscriptions(
  store: EventStore,
  resilience: ResilienceOptions = {},
): EventStore {
  const open = new Set<Subscription>();
  return {
    append: (streamId, events, expected) =>
      store.append(streamId, events, expected),
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    headPosition: () => store.headPosition(),
    subscribe(options, handler) {
      const subscription = subscribeResiliently(
        store,
        options,
        handler,
        resilience,
      );
      open.add(subscription);
      void subscription.done
        .catch(() => undefined)
        .finally(() => open.delete(subscription));
      return subscription;
    },
    async close() {
      await Promise.all([...open].map((subscription) => subscription.close()));
      await store.close();
    },
  };
}
