import type { Database } from 'better-sqlite3';
import { decodeEvent } from '@machines/events/codec';
import type { ProjectedEvent } from '../../projections/projection';
import { dealAggregate } from '../commands/aggregate';
import type { CommandBus, CommandContext } from '../commands/command-bus';
import { deterministicId } from '../commands/deterministic-id';
import type { CommandRunner } from '../commands/run-command';
import { elapseRequestPeriod, requestDeferredPayout } from './request-payouts';
import type { Clock } from '../shared/clock';
import { createTimedReactor } from '../reactors/due-time-scheduler';
import {
  dueTimers,
  nextDueMs,
  timerEventTypes,
  timerSchedule,
  type DueTimer,
} from './timer-schedule';

export interface TimerReactorOptions {
  /** Holds the schedule: the database of the runner that keeps this reactor's checkpoint. */
  db: Database;
  bus: CommandBus;
  run: CommandRunner;
  clock: Clock;
  /** The longest sleep between two looks at the schedule (default a minute). */
  maxSleepMs?: number;
  /** How many due timers one tick handles at most. */
  batchSize?: number;
  /** After a failure that recorded nothing, wait this long before retrying. */
  backoffMs?: number;
  onError?: (error: unknown, timer: DueTimer) => void;
}

const system: CommandContext = {
  actor: { kind: 'system', id: 'timer-reactor' },
};

type FireParts = Pick<TimerReactorOptions, 'bus' | 'run'>;

/** A review or dispute period's end, as the deal's command; keyed by the revision decided on. */
async function elapse(
  { bus, run }: FireParts,
  t: DueTimer,
  type: 'ElapseReviewPeriod' | 'ElapseDisputePeriod',
  milestone?: number,
) {
  const { revision } = await bus.load(dealAggregate, t.streamId);
  // A new key per attempt: after a refused transfer the timer asks again as a new request.
  const parts = [t.streamId, type, t.endsAt, String(revision)];
  const key = deterministicId(
    ...(milestone === undefined ? parts : [...parts, `m${milestone}`]),
  );
  const command =
    milestone === undefined ? { type, key } : { type, key, milestone };
  await run.deal(t.entityId, command, system, { dedupeKey: key });
}

/** A milestone's period (`milestone_review:2`): its kind and number, or null for another timer. */
function milestonePeriod(
  t: DueTimer,
): [type: 'ElapseReviewPeriod' | 'ElapseDisputePeriod', n: number] | null {
  const match = /^milestone_(review|dispute):(\d+)$/.exec(t.kind);
  if (!match) return null;
  return [
    match[1] === 'review' ? 'ElapseReviewPeriod' : 'ElapseDisputePeriod',
    Number(match[2]),
  ];
}

async function expire({ run }: FireParts, t: DueTimer) {
  await run.request(t.entityId, { type: 'ExpirePaymentRequest' }, system, {
    dedupeKey: `expire:${t.endsAt}`,
  });
}

/** Asks for a deferred payout; a no-op (creator not ready after all) waits like a failure. */
async function payOut(parts: FireParts, t: DueTimer) {
  const result = await requestDeferredPayout(parts, t.entityId, system);
  if (result === null)
    throw new Error(`Deferred payout of ${t.streamId} is not payable yet`);
}

/** What a due timer does, by its kind. */
async function fire(parts: FireParts, t: DueTimer): Promise<void> {
  const milestone = milestonePeriod(t);
  if (milestone !== null) return elapse(parts, t, ...milestone);
  if (t.kind === 'deferred_payout') return payOut(parts, t);
  if (t.kind === 'review_period') return elapse(parts, t, 'ElapseReviewPeriod');
  if (t.kind === 'dispute_period')
    return elapse(parts, t, 'ElapseDisputePeriod');
  if (t.kind === 'request_review')
    return elapseRequestPeriod(parts, t.entityId, 'review', system);
  if (t.kind === 'request_dispute')
    return elapseRequestPeriod(parts, t.entityId, 'dispute', system);
  return expire(parts, t);
}

/**
 * The timers reactor, on the reactor runner like every reactor: the runner hands it the events
 * that start, move, pause or end a due time (`timerEventTypes`); it folds them into its schedule
 * (`timer-schedule.ts`) and wakes its scheduler, which sleeps until the next due time and turns
 * what is due into commands with the injected clock; the deciders decide. Never early: the
 * machine's guards compare the appended event's `at` (this clock) with the period's end. At most
 * once with several instances: the events' ids derive from the stream, the period and the revision
 * decided on, so a second instance appending "the same" elapsed event and release request writes
 * nothing; the transfer itself is the payments reactor's, keyed by the request's key.
 */
export function createTimerReactor(options: TimerReactorOptions) {
  const { db, clock, batchSize = 100, backoffMs = 60_000 } = options;
  // Keyed by stream and kind: a timer whose firing failed without recording anything waits.
  const backoff = new Map<string, number>();
  timerSchedule.setup(db);
  let apply = timerSchedule.prepare(db) as (event: ProjectedEvent) => void;

  async function fireDue(): Promise<number> {
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
        // A recorded refusal reschedules itself (the schedule's fold); anything else waits here.
        backoff.set(key, nowMs + backoffMs);
        options.onError?.(error, t);
      }
    }
    return fired;
  }

  /** The schedule's next due time, or the end of the first back-off, whichever comes first. */
  function nextWakeMs(nowMs: number): number | null {
    let next = nextDueMs(db, nowMs);
    for (const until of backoff.values())
      if (until > nowMs && (next === null || until < next)) next = until;
    return next;
  }

  return createTimedReactor({
    // The schedule's version is in the name: a new fold starts a new checkpoint (a full replay).
    name: `timers-v${timerSchedule.version}`,
    types: timerEventTypes,
    reset() {
      timerSchedule.reset(db);
      timerSchedule.setup(db);
      apply = timerSchedule.prepare(db) as (event: ProjectedEvent) => void;
    },
    fold(event) {
      const decoded = decodeEvent(event) as ProjectedEvent;
      decoded.id = event.id;
      decoded.streamId = event.streamId;
      decoded.revision = event.revision;
      decoded.position = event.position;
      apply(decoded);
    },
    clock,
    fireDue,
    nextDueMs: nextWakeMs,
    ...(options.maxSleepMs ? { maxSleepMs: options.maxSleepMs } : {}),
  });
}

export type TimerReactor = ReturnType<typeof createTimerReactor>;
