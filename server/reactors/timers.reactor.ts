import type { Database } from 'better-sqlite3';
import { dueTimers, nextDueMs, type DueTimer } from '../../projections/timers.projection';
import { dealAggregate } from '../commands/aggregate';
import type { CommandBus, CommandContext } from '../commands/command-bus';
import { deterministicId } from '../commands/deterministic-id';
import type { CommandRunner } from '../commands/run-command';
import { requestDeferredPayout } from '../payment-requests/request-payouts';
import type { Clock } from '../shared/clock';

export interface TimerReactorOptions {
  /** The read database the timers projection writes to. */
  db: Database;
  bus: CommandBus;
  run: CommandRunner;
  clock: Clock;
  intervalMs: number;
  /** How many due timers one tick handles at most. */
  batchSize?: number;
  /** After a failure that recorded nothing, wait this long before retrying. */
  backoffMs?: number;
  onError?: (error: unknown, timer: DueTimer) => void;
}

const system: CommandContext = { actor: { kind: 'system', id: 'timer-reactor' } };

type FireParts = Pick<TimerReactorOptions, 'bus' | 'run'>;

/** A review or dispute period's end, as the deal's command; keyed by the revision decided on. */
async function elapse(
  { bus, run }: FireParts,
  t: DueTimer,
  type: 'ElapseReviewPeriod' | 'ElapseDisputePeriod',
) {
  const { revision } = await bus.load(dealAggregate, t.streamId);
  // A new key per attempt: after a refused transfer the timer asks again as a new request.
  const key = deterministicId(t.streamId, type, t.endsAt, String(revision));
  await run.deal(t.entityId, { type, key }, system, { dedupeKey: key });
}

async function expire({ run }: FireParts, t: DueTimer) {
  await run.request(t.entityId, { type: 'ExpirePaymentRequest' }, system, {
    dedupeKey: `expire:${t.endsAt}`,
  });
}

/** Asks for a deferred payout; a no-op (creator not ready after all) waits like a failure. */
async function payOut(parts: FireParts, t: DueTimer) {
  const result = await requestDeferredPayout(parts, t.entityId, system);
  if (result === null) throw new Error(`Deferred payout of ${t.streamId} is not payable yet`);
}

/** What a due timer does, by its kind. */
async function fire(parts: FireParts, t: DueTimer): Promise<void> {
  if (t.kind === 'deferred_payout') return payOut(parts, t);
  if (t.kind === 'review_period') return elapse(parts, t, 'ElapseReviewPeriod');
  if (t.kind === 'dispute_period') return elapse(parts, t, 'ElapseDisputePeriod');
  return expire(parts, t);
}

/**
 * Turns due times into commands with the injected clock: the timers projection (fed by the event
 * subscription) says what is due, the deciders decide. Never early: the machine's guards compare
 * the appended event's `at` (this clock) with the period's end. At most once with several
 * instances: the events' ids derive from the stream, the period and the revision decided on, so a
 * second instance appending "the same" elapsed event and release request writes nothing; the
 * transfer itself is the payments reactor's, keyed by the request's key.
 */
export function createTimerReactor(options: TimerReactorOptions) {
  const { db, clock, intervalMs, batchSize = 100, backoffMs = 60_000 } = options;
  const backoff = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function runTick(): Promise<number> {
    const nowMs = clock.now().getTime();
    let fired = 0;
    for (const t of dueTimers(db, clock.now().toISOString(), batchSize)) {
      const key = `${t.streamId}:${t.kind}`;
      if ((backoff.get(key) ?? 0) > nowMs) continue;
      try {
        await fire(options, t);
        backoff.delete(key);
        fired += 1;
      } catch (error) {
        // A recorded refusal reschedules itself (projection); anything else waits a little here.
        backoff.set(key, nowMs + backoffMs);
        options.onError?.(error, t);
      }
    }
    return fired;
  }

  function tick(): Promise<number> {
    if (running) return running.then(() => runTick());
    running = runTick().finally(() => {
      running = null;
    });
    return running;
  }

  let started = false;
  /**
   * Sleeps until the next timer falls due (or the interval, whichever is sooner), ticks, and plans
   * again; `soon` ticks at once (the read model changed: something may be due now). Timers that
   * failed and wait out their backoff are retried on the interval.
   */
  function plan(soon = false): void {
    if (timer) clearTimeout(timer);
    const nowMs = clock.now().getTime();
    const next = nextDueMs(db, nowMs);
    const wait = soon ? 0 : next === null ? intervalMs : Math.min(intervalMs, next - nowMs);
    timer = setTimeout(() => {
      timer = null;
      void tick()
        .catch(() => undefined)
        .finally(() => {
          if (started) plan();
        });
    }, wait);
    timer.unref();
  }

  return {
    /** Handles every timer due now; resolves with how many fired without error. Never overlaps itself. */
    tick,
    /**
     * Runs ticks on its own: at the next due time (so a period ends when it ends, not up to an
     * interval later) and at least every `intervalMs`. `wake()` re-plans after the timers read
     * model changed (the composition root calls it when the projections applied a batch).
     */
    start(): void {
      if (started) return;
      started = true;
      plan();
    },
    wake(): void {
      if (started) plan(true);
    },
    async stop(): Promise<void> {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

export type TimerReactor = ReturnType<typeof createTimerReactor>;
