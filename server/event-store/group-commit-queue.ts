/**
 * Group commit: requests made while a write is pending are queued and handed to `writeBatch`
 * together, so many concurrent appends share one transaction and one fsync.
 *
 * `writeBatch` runs synchronously (better-sqlite3) and reports one outcome per item, so one
 * refused item does not fail the others; if it throws (the commit itself failed) every item
 * in the batch is rejected. Promises settle only after `writeBatch` returns, i.e. after COMMIT.
 */
export type BatchOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface GroupCommitQueue<T, R> {
  submit(item: T): Promise<R>;
  /** Resolves once everything submitted so far has been written. */
  drain(): Promise<void>;
}

interface Waiting<T, R> {
  item: T;
  resolve(value: R): void;
  reject(error: unknown): void;
}

export function createGroupCommitQueue<T, R>(writeBatch: (items: T[]) => BatchOutcome<R>[], maxBatch = 1_000): GroupCommitQueue<T, R> {
  let queue: Waiting<T, R>[] = [];
  let scheduled = false;
  let drained: (() => void)[] = [];

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    // setImmediate (not a microtask) lets every appender that is ready in this turn join the batch.
    setImmediate(flush);
  }

  function flush(): void {
    scheduled = false;
    const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
    queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
    if (queue.length > 0) schedule();

    let outcomes: BatchOutcome<R>[];
    try {
      outcomes = writeBatch(batch.map((waiting) => waiting.item));
    } catch (error) {
      outcomes = batch.map(() => ({ ok: false, error }));
    }
    batch.forEach((waiting, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome ? outcome.error : new Error('group commit produced no outcome'));
    });

    if (queue.length === 0) {
      const waiters = drained;
      drained = [];
      waiters.forEach((resolve) => resolve());
    }
  }

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    drain() {
      if (queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => drained.push(resolve));
    },
  };
}
