/**
 * A tick that never overlaps itself (a call during a run waits for it, then runs once more), run
 * every `intervalMs` once started; `stop` waits for the run in hand. Timer-like services share it.
 */
/**
 * `run` made to never overlap itself: each call waits for the calls before it, however many
 * callers ask; `settled()` waits for the last one asked for. The interval ticker and the timer
 * reactors' scheduler share it.
 */
export function nonOverlapping<T>(run: () => Promise<T>) {
  let last: Promise<unknown> = Promise.resolve();
  return {
    call(): Promise<T> {
      const next = last.catch(() => undefined).then(run);
      last = next;
      return next;
    },
    settled: (): Promise<unknown> => last.catch(() => undefined),
  };
}

export function createIntervalTicker<T>(
  runTick: () => Promise<T>,
  intervalMs: number,
  onError: (error: unknown) => void = () => undefined,
) {
  let timer: NodeJS.Timeout | null = null;
  const runs = nonOverlapping(runTick);
  const tick = runs.call;
  return {
    tick,
    start(): void {
      if (timer) return;
      timer = setInterval(() => void tick().catch(onError), intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await runs.settled();
    },
  };
}
