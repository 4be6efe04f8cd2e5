import type { Database } from 'better-sqlite3';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { timerBacklog, type TimerKind } from '../money/timer-schedule';
import type { CommandOutcome } from '../commands/command-bus';
import {
  WrongExpectedVersion,
  type EventStore,
} from '../event-store/event-store';
import type { PaymentGateway } from '../money/gateway/payment-gateway';
import type { Clock } from '../shared/clock';
import {
  ensureProcessMetrics,
  processRegistry,
} from '../shared/process-metrics';
import { measureProjectionLag } from './projection-lag';
import { withTimeout } from '../shared/with-timeout';
import type { IntentBacklog } from '../money/intent-watch';

/** Lag counting stops here: beyond it the read models are simply "far behind". */
const LAG_CAP = 10_000;
const TIMER_KINDS: readonly TimerKind[] = [
  'review_period',
  'dispute_period',
  'request_expiry',
  'deferred_payout',
];
const latencyBuckets = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

export interface WatchedParts {
  store: EventStore;
  runner: { readonly position: number };
  readDb: Database;
  live: { readonly size: number; readonly ceiling: number };
  clock: Clock;
  /** The payments reactor's unanswered money intents (server/money/intent-watch.ts). */
  intents?: () => IntentBacklog;
}

/** The parts the scrape-time gauges read, once the composition root has given them (`watch`). */
type Watched = { parts: WatchedParts | null };

/** Measured by `scrape` before the registry prints (prom-client runs async collects concurrently). */
function lagGauges(registry: Registry) {
  return {
    storeUp: new Gauge({
      name: 'escrow_store_up',
      help: '1 when the event store answered this scrape, else 0',
      registers: [registry],
    }),
    head: new Gauge({
      name: 'escrow_store_head_position',
      help: 'Position of the newest event in the store',
      registers: [registry],
    }),
    position: new Gauge({
      name: 'escrow_projection_position',
      help: 'Position the read models have applied',
      registers: [registry],
    }),
    lagEvents: new Gauge({
      name: 'escrow_projection_lag_events',
      help: `Events not yet applied to the read models (counted up to ${LAG_CAP})`,
      registers: [registry],
    }),
    lagSeconds: new Gauge({
      name: 'escrow_projection_lag_seconds',
      help: 'Age of the oldest event not yet applied to the read models; 0 when caught up',
      registers: [registry],
    }),
  };
}

/** How far the read models are behind the store; the store counts as down when it does not answer in time. */
async function measureLag(
  gauges: ReturnType<typeof lagGauges>,
  parts: WatchedParts,
): Promise<void> {
  const at = parts.runner.position;
  gauges.position.set(at);
  try {
    const lag = await withTimeout(
      measureProjectionLag(parts.store, at, LAG_CAP),
      2_000,
      'event store',
    );
    gauges.storeUp.set(1);
    gauges.head.set(lag.head);
    gauges.lagEvents.set(lag.events);
    gauges.lagSeconds.set(lag.seconds);
  } catch {
    gauges.storeUp.set(0);
  }
}

/** The timers due but not fired yet, by kind, and how long the oldest has waited. */
function timerGauges(registry: Registry, watched: Watched): void {
  // Registered in this order (due, then overdue): the scrape lists them so; the due gauge's collect sets both.
  new Gauge({
    name: 'escrow_timers_due',
    help: 'Timers that are due (not paused) but not fired yet, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const { parts } = watched;
      if (!parts) return;
      const backlog = timerBacklog(parts.readDb, parts.clock.now().getTime());
      for (const kind of TIMER_KINDS)
        this.set({ kind }, backlog.counts[kind] ?? 0);
      timersOverdue.set(
        backlog.oldestDueMs === null
          ? 0
          : Math.max(
              0,
              (parts.clock.now().getTime() - backlog.oldestDueMs) / 1000,
            ),
      );
    },
  });
  const timersOverdue = new Gauge({
    name: 'escrow_timers_overdue_seconds',
    help: 'How long the oldest due timer has waited to fire; 0 when none is due (the reactor wakes at each due time)',
    registers: [registry],
  });
}

/** The money intents waiting for the provider's answer, and the age of the oldest (the alert's measure). */
function intentGauges(registry: Registry, watched: Watched): void {
  const backlog = () => watched.parts?.intents?.() ?? null;
  new Gauge({
    name: 'escrow_payment_intents_unanswered',
    help: 'Money intents the payments reactor has not answered yet (in hand, or parked after an unknown outcome and retried on their own)',
    registers: [registry],
    collect() {
      this.set(backlog()?.unanswered ?? 0);
    },
  });
  new Gauge({
    name: 'escrow_payment_intent_oldest_unanswered_seconds',
    help: 'Age of the oldest unanswered money intent; 0 when none waits. Admins are alerted past INTENT_ALERT_MINUTES',
    registers: [registry],
    collect() {
      this.set(backlog()?.oldestAgeSeconds ?? 0);
    },
  });
}

/** The live-update connections: open, the ceiling, and those refused (fed by the hub). */
function liveMetrics(registry: Registry, watched: Watched) {
  const readAtScrape = (
    name: string,
    help: string,
    read: (live: WatchedParts['live']) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(watched.parts ? read(watched.parts.live) : 0);
      },
    });
  readAtScrape(
    'escrow_sse_connections',
    'Open live-update (server-sent events) connections',
    (live) => live.size,
  );
  readAtScrape(
    'escrow_sse_connections_limit',
    'The ceiling on open live-update connections (LIVE_MAX_TOTAL); new ones beyond it get 429',
    (live) => live.ceiling,
  );
  return new Counter({
    name: 'escrow_sse_refused_total',
    help: 'Live-update connections refused with 429, by the cap reached (per_account, per_link, per_address, total)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
}

/**
 * The app's Prometheus metrics, one registry per app context (tests run many in one process).
 * Counters are fed by decorators the composition root puts around the ports (event store,
 * payment gateway) and by the command bus's outcome callback; gauges are read at scrape time.
 */
export function createAppMetrics() {
  const registry = new Registry();
  const { commands, appendSeconds, gatewaySeconds, gatewayErrors } =
    callMetrics(registry);
  const watched: Watched = { parts: null };
  const lag = lagGauges(registry);
  timerGauges(registry, watched);
  intentGauges(registry, watched);
  const sseRefused = liveMetrics(registry, watched);

  return {
    registry,

    /** For `createCommandBus({ onOutcome })`. */
    onCommand(outcome: CommandOutcome): void {
      commands.inc({
        aggregate: outcome.aggregate,
        type: outcome.type,
        outcome: outcome.outcome,
        code: outcome.code ?? '',
      });
    },

    /** For `createLiveHub({ onRefused })`. */
    onLiveRefused(reason: string): void {
      sseRefused.inc({ reason });
    },

    /** The event-store port with each append timed; everything else passes through. */
    instrumentStore(store: EventStore): EventStore {
      return timedStore(store, appendSeconds);
    },

    /**
     * The gateway with every asynchronous call timed and its failures counted. A proxy, so
     * whatever the concrete gateway offers besides the port (the simulated one's test hooks)
     * stays reachable, and methods added to the port later are measured without a change here.
     */
    instrumentGateway<G extends PaymentGateway>(gateway: G): G {
      return timedGateway(gateway, gatewaySeconds, gatewayErrors);
    },

    /** Gives the scrape-time gauges what they read. */
    watch(parts: WatchedParts): void {
      watched.parts = parts;
    },

    /** The Prometheus text of this app and of the process. */
    async scrape(): Promise<{ contentType: string; body: string }> {
      ensureProcessMetrics();
      if (watched.parts) await measureLag(lag, watched.parts);
      const merged = Registry.merge([registry, processRegistry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;

/** A latency histogram in seconds, on the shared buckets. */
const latencyHistogram = <L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[],
) =>
  new Histogram<L>({
    name,
    help,
    labelNames,
    buckets: latencyBuckets,
    registers: [registry],
  });

/** What the decorators and the command bus count: commands, store appends, gateway calls. */
function callMetrics(registry: Registry) {
  const commands = new Counter({
    name: 'escrow_commands_total',
    help: 'Commands by aggregate, the event type decided on, outcome (accepted, unchanged, refused, failed) and refusal code',
    labelNames: ['aggregate', 'type', 'outcome', 'code'] as const,
    registers: [registry],
  });
  const appendSeconds = latencyHistogram(
    registry,
    'escrow_store_append_seconds',
    'Event store append latency (acknowledged = durable), by outcome (ok, conflict, error)',
    ['outcome'],
  );
  const gatewaySeconds = latencyHistogram(
    registry,
    'escrow_gateway_call_seconds',
    'Payment gateway call latency, by method and outcome (ok, error)',
    ['method', 'outcome'],
  );
  const gatewayErrors = new Counter({
    name: 'escrow_gateway_errors_total',
    help: 'Payment gateway calls that failed, by method and gateway error code',
    labelNames: ['method', 'code'] as const,
    registers: [registry],
  });
  return { commands, appendSeconds, gatewaySeconds, gatewayErrors };
}

/** The event-store port with each append timed; everything else passes through. */
function timedStore(
  store: EventStore,
  appendSeconds: Histogram<'outcome'>,
): EventStore {
  return {
    async append(streamId, events, expected) {
      const end = appendSeconds.startTimer();
      try {
        const result = await store.append(streamId, events, expected);
        end({ outcome: 'ok' });
        return result;
      } catch (error) {
        end({
          outcome: error instanceof WrongExpectedVersion ? 'conflict' : 'error',
        });
        throw error;
      }
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    subscribe: (options, handler) => store.subscribe(options, handler),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}

/**
 * The gateway with every asynchronous call timed and its failures counted. A proxy, so
 * whatever the concrete gateway offers besides the port (the simulated one's test hooks)
 * stays reachable, and methods added to the port later are measured without a change here.
 */
function timedGateway<G extends PaymentGateway>(
  gateway: G,
  gatewaySeconds: Histogram<'method' | 'outcome'>,
  gatewayErrors: Counter<'method' | 'code'>,
): G {
  const wrapped = new Map<string, unknown>();
  return new Proxy(gateway, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string')
        return value;
      if (!wrapped.has(property)) {
        const method = property;
        const fn = value as (...args: unknown[]) => unknown;
        wrapped.set(method, (...args: unknown[]) => {
          const started = performance.now();
          const failed = (error: unknown) => {
            gatewaySeconds.observe(
              { method, outcome: 'error' },
              (performance.now() - started) / 1000,
            );
            gatewayErrors.inc({
              method,
              code: (error as { code?: unknown }).code?.toString() ?? 'unknown',
            });
          };
          const result = fn.apply(target, args);
          // Synchronous helpers (verifyWebhook checks a signature locally) are not gateway calls.
          if (!(result instanceof Promise)) return result;
          return result.then(
            (value: unknown) => {
              gatewaySeconds.observe(
                { method, outcome: 'ok' },
                (performance.now() - started) / 1000,
              );
              return value;
            },
            (error: unknown) => {
              failed(error);
              throw error;
            },
          );
        });
      }
      return wrapped.get(property);
    },
  });
}
