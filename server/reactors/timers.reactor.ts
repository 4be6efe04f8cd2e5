import type { Database } from 'better-sqlite3';
import type { ReleaseTrigger } from '../../machines/deal/deal.events';
import { dueTimers, type DueTimer } from '../../projections/timers.projection';
import { dealAggregate, paymentRequestAggregate } from '../commands/aggregate';
import type { CommandBus, CommandContext } from '../commands/command-bus';
import type { Escrow } from '../payments/escrow.types';
import { canTake, deterministicId } from '../payments/escrow-support';
import type { Clock } from '../shared/clock';

export interface TimerReactorOptions {
  /** The read database the timers projection writes to. */
  db: Database;
  escrow: Pick<Escrow, 'releaseFunds' | 'payDeferredPayout'>;
  bus: CommandBus;
  clock: Clock;
  intervalMs: number;
  /** How many due timers one tick handles at most. */
  batchSize?: number;
  /** After a failure that recorded nothing (gateway unreachable), wait this long before retrying. */
  backoffMs?: number;
  onError?: (error: unknown, timer: DueTimer) => void;
}

const system: CommandContext = { actor: { kind: 'system', id: 'timer-reactor' } };

/**
 * Fires due timers as commands with the injected clock. Never early: the machine's guards compare
 * the appended event's `at` (this clock) with the period's end, whatever the projection says. At
 * most once with several instances: the elapsed events carry ids derived from the period's end,
 * and the release goes through the escrow's one transfer path and key.
 */
export function createTimerReactor(options: TimerReactorOptions) {
  const { db, escrow, bus, clock, intervalMs, batchSize = 100, backoffMs = 60_000 } = options;
  const backoff = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function elapseAndRelease(t: DueTimer, type: 'ReviewPeriodElapsed' | 'DisputePeriodElapsed', trigger: ReleaseTrigger) {
    const result = await bus.execute(
      dealAggregate,
      t.streamId,
      ({ snapshot, now, streamId }) => {
        const c = snapshot.context;
        const endsAt = type === 'ReviewPeriodElapsed' ? c.reviewPeriodEndsAt : c.disputePeriodEndsAt;
        if (endsAt === null || !canTake(snapshot, type, { endsAt }, now)) return [];
        return [{ type, data: { endsAt }, id: deterministicId(streamId, type, endsAt) }];
      },
      system,
    );
    const c = result.snapshot.context;
    const elapsed = type === 'ReviewPeriodElapsed' ? c.reviewElapsedAt : c.disputeElapsedAt;
    if (elapsed !== null && c.transferId === null && c.hold === null && c.completedAt === null && c.cancelledAt === null) {
      await escrow.releaseFunds(t.entityId, trigger, system);
    }
  }

  async function expire(t: DueTimer) {
    await bus.execute(
      paymentRequestAggregate,
      t.streamId,
      ({ snapshot, now, streamId }) => {
        const expiresAt = snapshot.context.request?.expiresAt;
        if (!expiresAt || !canTake(snapshot, 'PaymentRequestExpired', { expiresAt }, now)) return [];
        return [{ type: 'PaymentRequestExpired', data: { expiresAt }, id: deterministicId(streamId, 'PaymentRequestExpired', expiresAt) }];
      },
      system,
    );
  }

  /** Pays a deferred payout; a no-op (creator not ready after all) waits like a failure. */
  async function payOut(t: DueTimer) {
    const result = await escrow.payDeferredPayout(t.entityId, system);
    if (result.events.length === 0) throw new Error(`Deferred payout of ${t.streamId} is not payable yet`);
  }

  async function fire(t: DueTimer): Promise<void> {
    if (t.kind === 'deferred_payout') return payOut(t);
    if (t.kind === 'review_period') return elapseAndRelease(t, 'ReviewPeriodElapsed', 'review_period_elapsed');
    if (t.kind === 'dispute_period') return elapseAndRelease(t, 'DisputePeriodElapsed', 'dispute_period_elapsed');
    return expire(t);
  }

  async function runTick(): Promise<number> {
    const nowMs = clock.now().getTime();
    let fired = 0;
    for (const t of dueTimers(db, clock.now().toISOString(), batchSize)) {
      const key = `${t.streamId}:${t.kind}`;
      if ((backoff.get(key) ?? 0) > nowMs) continue;
      try {
        await fire(t);
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

  return {
    /** Handles every timer due now; resolves with how many fired without error. Never overlaps itself. */
    tick(): Promise<number> {
      if (running) return running.then(() => runTick());
      running = runTick().finally(() => {
        running = null;
      });
      return running;
    },
    start(): void {
      if (timer) return;
      timer = setInterval(() => void this.tick().catch(() => undefined), intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

export type TimerReactor = ReturnType<typeof createTimerReactor>;
