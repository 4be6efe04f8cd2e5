import type {
  BatchHandler,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from './event-store';
import { createWakeablePause } from './wakeable-pause';

export interface CatchUpSource {
  /** Events with position > after, oldest first, at most maxCount. */
  readAll(options: {
    after: number;
    maxCount: number;
  }): Promise<RecordedEvent[]>;
  /** Registers a callback for "something was committed"; returns the unregister function. */
  onCommit(listener: () => void): () => void;
}

export const DEFAULT_BATCH_SIZE = 256;

/**
 * A subscription that is nothing but a paged read by position in a loop: catching up and being
 * live are the same code path, so there is no switch-over where an event could be missed or
 * delivered twice. Each read starts strictly after the last delivered position, and positions
 * become visible in commit order, so there is no gap either.
 * In-process commits wake the loop at once; commits by another process are seen by polling.
 */
export function startCatchUpSubscription(
  source: CatchUpSource,
  options: SubscribeOptions,
  handler: BatchHandler,
  pollIntervalMs: number,
): Subscription {
  const batchSize = Math.max(
    1,
    Math.trunc(options.batchSize ?? DEFAULT_BATCH_SIZE),
  );
  let after = options.after ?? 0;
  let closed = false;
  // Bumped on every commit; compared before sleeping so a commit during a read is never slept through.
  let commits = 0;
  const pause = createWakeablePause();

  const unlisten = source.onCommit(() => {
    commits += 1;
    pause.wake();
  });

  async function run(): Promise<void> {
    try {
      while (!closed) {
        const seen = commits;
        const batch = await source.readAll({ after, maxCount: batchSize });
        if (closed) break;
        if (batch.length > 0) {
          await handler(batch);
          after = batch[batch.length - 1]!.position;
        } else if (seen === commits) {
          await pause.sleep(pollIntervalMs);
        }
      }
    } finally {
      unlisten();
    }
  }

  const done = run();
  // `done` is for whoever wants to watch it; an unobserved failure must not crash the process.
  done.catch(() => undefined);

  return {
    done,
    async close() {
      closed = true;
      pause.wake();
      await done.catch(() => undefined);
    },
  };
}
