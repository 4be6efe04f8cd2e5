import { Counter, Gauge, type Registry } from 'prom-client';
import type { SubscriptionObserver } from '../event-store/resilient-subscription';

export interface FailedSubscription {
  name: string;
  /** The handler's error message. */
  error: string;
  /** The last position the handler finished: where a restart resumes. */
  after: number;
}

export type SubscriptionHealth = SubscriptionObserver & {
  /** Subscriptions ended for good by a handler error (readiness reports them). */
  failures(): FailedSubscription[];
};

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * What the resilient subscriptions (read models, reactors) tell the operator: a log line per
 * retry and per recovery, a metric per subscription, and the list of those that ended for good,
 * which makes the instance not ready. A retry is a warning (the store went away and the app is
 * waiting for it); a handler error is an error (the app will not go on by itself).
 */
export function createSubscriptionHealth(
  registry: Registry,
  log: Pick<Console, 'warn' | 'error'> = console,
): SubscriptionHealth {
  const up = new Gauge({
    name: 'escrow_subscription_up',
    help: 'Per subscription (read-models, reactor:<name>): 1 while it follows the store, 0 while it waits to resume or after it failed',
    labelNames: ['subscription'] as const,
    registers: [registry],
  });
  const retries = new Counter({
    name: 'escrow_subscription_retries_total',
    help: 'Times a subscription lost the store (connection dropped, stream ended, read failed) and was scheduled to resume',
    labelNames: ['subscription'] as const,
    registers: [registry],
  });
  const failedTotal = new Counter({
    name: 'escrow_subscription_failures_total',
    help: 'Subscriptions ended for good because their handler failed (the instance is then not ready)',
    labelNames: ['subscription'] as const,
    registers: [registry],
  });
  const ended = new Map<string, FailedSubscription>();
  const waiting = new Set<string>();

  return {
    running({ name, after, attempt }) {
      up.set({ subscription: name }, 1);
      ended.delete(name);
      if (attempt > 0 && waiting.delete(name))
        log.warn(
          `Subscription ${name}: following the store again after position ${after} (attempt ${attempt})`,
        );
      retries.inc({ subscription: name }, 0);
      failedTotal.inc({ subscription: name }, 0);
    },
    retrying({ name, error, attempt, delayMs, after }) {
      up.set({ subscription: name }, 0);
      retries.inc({ subscription: name });
      waiting.add(name);
      log.warn(
        `Subscription ${name} lost the event store (${messageOf(error)}); resuming after position ${after} in ${delayMs} ms (attempt ${attempt})`,
      );
    },
    failed({ name, error, after }) {
      up.set({ subscription: name }, 0);
      failedTotal.inc({ subscription: name });
      waiting.delete(name);
      ended.set(name, { name, error: messageOf(error), after });
      log.error(
        `Subscription ${name} stopped for good after position ${after}: its handler failed: ${messageOf(error)}. Fix the cause and restart the instance.`,
      );
    },
    closed({ name }) {
      up.set({ subscription: name }, 0);
      waiting.delete(name);
    },
    failures: () => [...ended.values()],
  };
}
