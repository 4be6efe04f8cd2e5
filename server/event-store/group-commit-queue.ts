/**
 * Group commit: requests made while a write is pending are queued and handed to `writeBatch`
 * together, so many concurrent appends share one transaction and one fsync.
 *
 * `writeBatch` reports one outcome per item, so one refused item does not fail the others; if it
 * throws (the commit itself failed) every item in the batch is rejected. It may run synchronously
 * (better-sqlite3) or return a promise (PostgreSQL): then one batch is written at a time and
 * everything submitted meanwhile waits for the next. Promises settle only after COMMIT.
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

type Outcomes<R> = BatchOutcome<R>[] | Promise<BatchOutcome<R>[]>;

export function createGroupCommitQueue<T, R>(writeBatch: (items: T[]) => Outcomes<R>, maxBatch = 1_000): GroupCommitQueue<T, R> {
  let queue: Waiting<T, R>[] = [];
  let scheduled = false;
  let writing = false;
  let drained: (() => void)[] = [];

  function schedule(): void {
    if (scheduled || writing) return;
    scheduled = true;
    // setImmediate (not a microtask) lets every appender that is ready in this turn join the batch.
    setImmediate(flush);
  }

  function settle(batch: Waiting<T, R>[], outcomes: BatchOutcome<R>[]): void {
    batch.forEach((waiting, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome ? outcome.error : new Error('group commit produced no outcome'));
    });
    if (queue.length === 0 && !writing) {
      const waiters = drained;
      drained = [];
      waiters.forEach((resolve) => resolve());
    }
  }

  function flush(): void {
    scheduled = false;
    const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
    queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
    const failed = (error: unknown) => batch.map((): BatchOutcome<R> => ({ ok: false, error }));

    let outcomes: Outcomes<R>;
    try {
      outcomes = writeBatch(batch.map((waiting) => waiting.item));
    } catch (error) {
      outcomes = failed(error);
    }
    if (Array.isArray(outcomes)) {
      if (queue.length > 0) schedule();
      settle(batch, outcomes);
      return;
    }
    writing = true;
    void outcomes.then(
      (written) => done(written),
      (error: unknown) => done(failed(error)),
    );
    function done(written: BatchOutcome<R>[]): void {
      writing = false;
      if (queue.length > 0) schedule();
      settle(batch, written);
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
      if (queue.length === 0 && !writing) return Promise.resolve();
      return new Promise((resolve) => drained.push(resolve));
    },
  };
}
