import { afterEach, describe, expect, it } from 'vitest';
import { createDueTimeScheduler } from '@server/reactors/due-time-scheduler';

/** A clock that runs with real time, so the scheduler's sleeps are real. */
const runningClock = () => ({ now: () => new Date() });

const until = async (check: () => boolean, ms = 5_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('due-time scheduler', () => {
  let stop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await stop?.();
  });

  it('given a time due shortly, when started, then it fires once at that time and not before, with no wake-up in between', async () => {
    const clock = runningClock();
    let dueAt = Date.now() + 150;
    const firedAt: number[] = [];
    const looks: number[] = [];
    const scheduler = createDueTimeScheduler({
      clock,
      maxSleepMs: 60_000,
      fireDue: async () => {
        const now = clock.now().getTime();
        if (now < dueAt) return 0;
        firedAt.push(now);
        dueAt = Number.POSITIVE_INFINITY;
        return 1;
      },
      nextDueMs: (nowMs) => {
        looks.push(nowMs);
        return Number.isFinite(dueAt) && dueAt > nowMs ? dueAt : null;
      },
    });
    stop = scheduler.stop;
    const planned = Date.now() + 150;
    dueAt = planned;
    scheduler.start();
    await until(() => firedAt.length === 1);
    expect(firedAt[0]).toBeGreaterThanOrEqual(planned);
    // Once at the start (fire at once, nothing due), once to plan after the firing: no polling.
    expect(looks.length).toBeLessThanOrEqual(3);
  });

  it('given a time that falls due while a run that did not see it yet is under way, when the run ends, then it fires at once and not after the longest sleep', async () => {
    // A hand-moved clock: the first run looks a moment before the due time, and the due time
    // passes while it runs (as when a timer wakes a millisecond early or a wake-up comes just before).
    let nowMs = 1_000_000;
    const dueAt = nowMs + 50;
    const fired: number[] = [];
    const scheduler = createDueTimeScheduler({
      clock: { now: () => new Date(nowMs) },
      maxSleepMs: 60_000,
      fireDue: async () => {
        if (nowMs < dueAt) {
          nowMs = dueAt + 5;
          return 0;
        }
        if (fired.length === 0) fired.push(nowMs);
        return 1;
      },
      nextDueMs: (afterMs) =>
        fired.length === 0 && dueAt > afterMs ? dueAt : null,
    });
    stop = scheduler.stop;
    scheduler.start();
    await until(() => fired.length === 1, 2_000);
    expect(fired).toEqual([dueAt + 5]);
  });

  it('given nothing due, when woken, then it looks at once; before start and after stop a wake does nothing', async () => {
    let fires = 0;
    const scheduler = createDueTimeScheduler({
      clock: runningClock(),
      fireDue: async () => {
        fires += 1;
        return 0;
      },
      nextDueMs: () => null,
    });
    stop = scheduler.stop;
    scheduler.wake();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fires).toBe(0);
    scheduler.start();
    await until(() => fires === 1);
    scheduler.wake();
    await until(() => fires === 2);
    await scheduler.stop();
    scheduler.wake();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fires).toBe(2);
  });

  it('given a tick in hand, when tick is called again, then the runs do not overlap', async () => {
    let inFlight = 0;
    let most = 0;
    const scheduler = createDueTimeScheduler({
      clock: runningClock(),
      fireDue: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 10));
        inFlight -= 1;
        return 1;
      },
      nextDueMs: () => null,
    });
    expect(
      await Promise.all([scheduler.tick(), scheduler.tick(), scheduler.tick()]),
    ).toEqual([1, 1, 1]);
    expect(most).toBe(1);
  });
  it('given a tick in hand, when ten more ticks are asked for, then they share one more run', async () => {
    let runs = 0;
    const scheduler = createDueTimeScheduler({
      clock: runningClock(),
      fireDue: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return runs;
      },
      nextDueMs: () => null,
    });
    const first = scheduler.tick();
    const more = Array.from({ length: 10 }, () => scheduler.tick());
    expect(await first).toBe(1);
    expect(new Set(await Promise.all(more))).toEqual(new Set([2]));
    expect(runs).toBe(2);
    // With nothing in hand, a tick runs at once.
    expect(await scheduler.tick()).toBe(3);
  });
});
