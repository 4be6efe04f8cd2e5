/**
 * `run` made to never overlap itself: a call while it runs waits for that run, then shares one more
 * run with every other call that came in meanwhile (a burst of wake-ups runs it once more, not once
 * per wake-up); `settled()` waits until nothing runs or waits. The interval ticker and the timer
 * reactors' scheduler share it.
 */
export function nonOverlapping<T>(run: () => Promise<T>) {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const current = run().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };
  return {
    call(): Promise<T> {
      if (queued) return queued;
      if (!running) return start();
      queued = running
        .catch(() => undefined)
        .then(() => {
          queued = null;
          return start();
        });
      return queued;
    },
    async settled(): Promise<void> {
      while (queued ?? running)
        await (queued ?? running)!.catch(() => undefined);
    },
  };
}

/**
 * A tick that never overlaps itself (`nonOverlapping`), run every `intervalMs` once started;
 * `stop` waits for the run in hand. Timer-like services share it.
 */
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
