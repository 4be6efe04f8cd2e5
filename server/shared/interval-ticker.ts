/**
 * A tick that never overlaps itself (a call during a run waits for it, then runs once more), run
 * every `intervalMs` once started; `stop` waits for the run in hand. Timer-like services share it.
 */
export function createIntervalTicker<T>(
  runTick: () => Promise<T>,
  intervalMs: number,
  onError: (error: unknown) => void = () => undefined,
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<T> | null = null;
  const tick = (): Promise<T> => {
    if (running) return running.then(() => runTick());
    running = runTick().finally(() => {
      running = null;
    });
    return running;
  };
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
      await running?.catch(() => undefined);
    },
  };
}
