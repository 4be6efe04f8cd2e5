import type { RecordedEvent } from '../event-store/event-store';
import type { Clock } from '../shared/clock';
import { nonOverlapping } from '../shared/interval-ticker';
import type { Reactor } from './reactor';

export interface DueTimeSchedulerOptions {
  clock: Clock;
  /** Fires everything due now; resolves with how many fired. */
  fireDue: () => Promise<number>;
  /** When the next thing falls due after `nowMs` (ms since the epoch), or null when nothing waits. */
  nextDueMs: (nowMs: number) => number | null;
  /**
   * The longest sleep: a wake-up at least this often re-checks, so a clock set forward (or a due
   * time that moved while nothing was handed to the reactor) is noticed.
   */
  maxSleepMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The time side of a timer reactor. The reactor runner hands it the events that move a due time
 * and the reactor calls `wake()`; the scheduler then sleeps until the next due time (never a fixed
 * tick), fires what is due, and plans again. `tick()` fires what is due now and never overlaps
 * itself (tests call it with a test clock).
 */
export function createDueTimeScheduler({
  clock,
  fireDue,
  nextDueMs,
  maxSleepMs = 60_000,
  onError = () => undefined,
}: DueTimeSchedulerOptions) {
  let timer: NodeJS.Timeout | null = null;
  const runs = nonOverlapping(fireDue);
  const tick = runs.call;
  let started = false;

  /**
   * Sleeps until the next due time (at once when `soon`: something may be due now), fires, plans
   * again. After a run, `sinceMs` is when that run began: a time that fell due while it ran (or
   * that a timer woken a millisecond early did not yet see as due) lies after it and is planned at
   * once, instead of being skipped as past until the longest sleep ends.
   */
  function plan(soon = false, sinceMs?: number): void {
    if (timer) clearTimeout(timer);
    const nowMs = clock.now().getTime();
    const next = soon ? nowMs : nextDueMs(sinceMs ?? nowMs);
    const wait =
      next === null
        ? maxSleepMs
        : Math.max(0, Math.min(maxSleepMs, next - nowMs));
    timer = setTimeout(() => {
      timer = null;
      const began = clock.now().getTime();
      void tick()
        .catch(onError)
        .finally(() => {
          if (started) plan(false, began);
        });
    }, wait);
    timer.unref();
  }

  return {
    tick,
    /** Fires what is due, then sleeps until the next due time. */
    start(): void {
      if (started) return;
      started = true;
      plan(true);
    },
    /** A due time may have moved: fire what is due now and plan again (nothing before `start`). */
    wake(): void {
      if (started) plan(true);
    },
    async stop(): Promise<void> {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await runs.settled();
    },
  };
}

export interface TimedReactorOptions extends DueTimeSchedulerOptions {
  name: string;
  /** The events that set, move or end a due time. */
  types: ReadonlySet<string>;
  /** Folds one of them into the reactor's own schedule (none: the schedule is a read model). */
  fold?: (event: RecordedEvent) => void;
  /** Clears the schedule (the runner calls it when the reactor has no checkpoint yet). */
  reset?: () => void;
}

/**
 * A timer reactor: the runner hands it the events of `types`; it folds each into its schedule and
 * wakes its scheduler, which sleeps until the next due time. `tick()` fires what is due now (tests
 * call it with a test clock); `start()` lets it fire on its own.
 */
export function createTimedReactor({
  name,
  types,
  fold,
  reset,
  ...schedule
}: TimedReactorOptions) {
  const scheduler = createDueTimeScheduler(schedule);
  const reactor: Reactor = {
    name,
    types,
    ...(reset ? { reset } : {}),
    async handle(event) {
      fold?.(event);
      scheduler.wake();
    },
  };
  return {
    ...reactor,
    tick: scheduler.tick,
    start: scheduler.start,
    stop: scheduler.stop,
  };
}
