import type { EventStore } from '../event-store/event-store';
import { measureProjectionLag } from './projection-lag';
import { withTimeout } from '../shared/with-timeout';
import type { FailedSubscription } from './subscription-health';

export type ReadinessReport =
  | { ready: true; position: number; head: number; lagEvents: number }
  | {
      ready: false;
      reason: 'catching_up' | 'lagging';
      position: number;
      head: number;
      lagEvents: number;
    }
  | {
      ready: false;
      reason: 'store_unreachable' | 'shared_state_unreachable';
      position: number;
    }
  | {
      ready: false;
      reason: 'subscription_failed';
      position: number;
      subscriptions: FailedSubscription[];
    };

export interface ReadinessOptions {
  store: EventStore;
  runner: { readonly position: number };
  /** After the first catch-up, how many unapplied events still count as ready (brief lag under load). */
  maxLagEvents: number;
  /** How long the store may take to answer before it counts as unreachable. */
  timeoutMs?: number;
  /** Subscriptions (read models, reactors) that ended for good: the instance is not ready while any has. */
  subscriptions?: { failures(): FailedSubscription[] };
  /** The shared rate-limit and idempotency store (Redis, PostgreSQL): every write needs it. */
  shared?: { reachable(): Promise<boolean> };
}

/**
 * The readiness probe's logic. Not ready until the read models have applied everything the store
 * held (first start, a projection whose version changed and replays, a rebuild: the runner's
 * position going backwards starts the wait again); after that, ready while the lag stays within
 * `maxLagEvents`; never ready while the store does not answer, nor once a subscription ended
 * because its handler failed (it will not resume by itself: the reason names it and the error).
 */
export function createReadiness({
  store,
  runner,
  maxLagEvents,
  timeoutMs = 2_000,
  subscriptions,
  shared,
}: ReadinessOptions) {
  let caughtUp = false;
  let lastPosition = runner.position;
  return async function check(): Promise<ReadinessReport> {
    const position = runner.position;
    const failures = subscriptions?.failures() ?? [];
    if (failures.length > 0)
      return {
        ready: false,
        reason: 'subscription_failed',
        position,
        subscriptions: failures,
      };
    if (position < lastPosition) caughtUp = false;
    lastPosition = position;
    let lag;
    try {
      // Before the first catch-up one unapplied event is enough to answer "not yet".
      lag = await withTimeout(
        measureProjectionLag(store, position, caughtUp ? maxLagEvents + 1 : 1),
        timeoutMs,
        'event store',
      );
    } catch {
      return { ready: false, reason: 'store_unreachable', position };
    }
    const sharedUp = shared
      ? await withTimeout(shared.reachable(), timeoutMs, 'shared state').catch(
          () => false,
        )
      : true;
    if (!sharedUp)
      return { ready: false, reason: 'shared_state_unreachable', position };
    if (lag.events === 0) caughtUp = true;
    const figures = { position, head: lag.head, lagEvents: lag.events };
    if (!caughtUp) return { ready: false, reason: 'catching_up', ...figures };
    if (lag.events > maxLagEvents)
      return { ready: false, reason: 'lagging', ...figures };
    return { ready: true, ...figures };
  };
}
