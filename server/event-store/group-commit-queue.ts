/**
 * Group commit: requests made while a write is pending are queued and handed to `writeBatch`
 * together, so many concurrent appends share one transaction and one fsync.
 *
 * `writeBatch` reports one outcome per item, so one refused item does not fail the others; if it
 * throws (the commit itself failed) every item in the batch is rejected. It may run synchronously
 * (better-sqlite3) or return a promise (PostgreSQL): then up to `inFlight` batches are written at
 * once (default one) and everything submitted meanwhile waits for the next free turn. With more
 * than one in flight, what arrives while a batch is written goes out at once in the next instead of
 * waiting for it (each batch still takes everything waiting, so a burst is not split into more
 * commits than it needs); items with the same `keyOf` (a stream) then stay in submission order:
 * they go in one batch, or wait until the batch holding an earlier one is written. Promises settle
 * only after COMMIT.
 */
export type BatchOutcome<R> =
  | { ok: true; value: R }
  | { ok: false; error: unknown };

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

export interface ConcurrentBatches<T> {
  /** Batches written at once (asynchronous writers only). */
  inFlight: number;
  /** What must stay in submission order (the stream an append goes to). */
  keyOf(item: T): string;
  /**
   * A burst of at least this many items that finds nothing being written goes out as two halves
   * on two connections (asynchronous writers with inFlight > 1 only): the writers of the first
   * half get their answer, and decide their next appends, while the second half is written, instead
   * of every writer waiting for one big commit and the store then waiting for all of them. Bursts
   * above `max` (a backlog: the store is the bottleneck) go out whole, one fixed cost per batch,
   * and so does every burst while `when()` says no.
   */
  splitBurst?: { min: number; max: number; when?: () => boolean };
}

/**
 * Items for the next batch, in submission order, up to maxBatch: an item whose key is held (in a
 * batch being written) or left behind here waits, and so do its key's later items.
 */
function splitByKey<W>(
  queue: W[],
  o: { maxBatch: number; held: ReadonlySet<string>; keyOf(item: W): string },
): { batch: W[]; rest: W[]; keys: string[] } {
  const batch: W[] = [];
  const rest: W[] = [];
  const taken = new Set<string>();
  const held = new Set(o.held);
  for (const item of queue) {
    const key = o.keyOf(item);
    if (!held.has(key) && batch.length < o.maxBatch) {
      taken.add(key);
      batch.push(item);
    } else {
      held.add(key);
      rest.push(item);
    }
  }
  return { batch, rest, keys: [...taken] };
}

/** Half of a burst of `waiting` items that finds nothing being written, or null: take them all. */
function halfOfBurst(
  waiting: number,
  writing: number,
  { inFlight, splitBurst }: ConcurrentBatches<unknown>,
): number | null {
  if (!splitBurst || inFlight < 2 || writing > 0) return null;
  if (waiting < splitBurst.min || waiting > splitBurst.max) return null;
  return (splitBurst.when?.() ?? true) ? Math.ceil(waiting / 2) : null;
}

/** Each waiting appender gets its own outcome; a missing one (a writer's bug) is an error for it. */
function answerEach<T, R>(
  batch: Waiting<T, R>[],
  outcomes: BatchOutcome<R>[],
): void {
  batch.forEach((waiting, i) => {
    const outcome = outcomes[i];
    if (outcome?.ok) waiting.resolve(outcome.value);
    else
      waiting.reject(
        outcome ? outcome.error : new Error('group commit produced no outcome'),
      );
  });
}

/** The commit itself failed: every item of the batch is answered with its error. */
const failedAll = <R>(count: number, error: unknown): BatchOutcome<R>[] =>
  Array.from({ length: count }, (): BatchOutcome<R> => ({ ok: false, error }));

/** Hands the batch to the writer; one that throws at once (a synchronous writer) failed it whole. */
function startWrite<T, R>(
  writeBatch: (items: T[]) => Outcomes<R>,
  batch: Waiting<T, R>[],
): Outcomes<R> {
  try {
    return writeBatch(batch.map((waiting) => waiting.item));
  } catch (error) {
    return failedAll(batch.length, error);
  }
}

/** Who waits for the queue to be empty (drain); all are let go together. */
function createDrainWaiters() {
  let waiting: (() => void)[] = [];
  return {
    wait: () => new Promise<void>((resolve) => waiting.push(resolve)),
    release(): void {
      const waiters = waiting;
      waiting = [];
      waiters.forEach((resolve) => resolve());
    },
  };
}

export function createGroupCommitQueue<T, R>(
  writeBatch: (items: T[]) => Outcomes<R>,
  maxBatch = 1_000,
  concurrent: ConcurrentBatches<T> = { inFlight: 1, keyOf: () => '' },
): GroupCommitQueue<T, R> {
  const { inFlight, keyOf } = concurrent;
  let queue: Waiting<T, R>[] = [];
  let scheduled = false;
  /** Batches written now (asynchronous writers only), and the keys they hold. */
  let writing = 0;
  const busy = new Set<string>();
  const drained = createDrainWaiters();

  /** The next batch (with the default key, the first maxBatch items); the rest waits. */
  function take(): { batch: Waiting<T, R>[]; keys: string[] } {
    const next = splitByKey(queue, {
      maxBatch: Math.min(
        maxBatch,
        halfOfBurst(queue.length, writing, concurrent) ?? maxBatch,
      ),
      held: busy,
      keyOf: (waiting) => keyOf(waiting.item),
    });
    queue = next.rest;
    return next;
  }

  function schedule(): void {
    if (scheduled || writing >= inFlight) return;
    scheduled = true;
    // setImmediate (not a microtask) lets every appender that is ready in this turn join the batch.
    setImmediate(flush);
  }

  function settle(batch: Waiting<T, R>[], outcomes: BatchOutcome<R>[]): void {
    answerEach(batch, outcomes);
    if (queue.length === 0 && writing === 0) drained.release();
  }

  function flush(): void {
    scheduled = false;
    const { batch, keys } = take();
    // Everything waiting is held behind batches being written; their completion schedules the next.
    if (batch.length === 0) return;
    const outcomes = startWrite(writeBatch, batch);
    if (Array.isArray(outcomes)) {
      if (queue.length > 0) schedule();
      settle(batch, outcomes);
      return;
    }
    writing += 1;
    // A key is in at most one batch being written: its later items are held until that one is.
    keys.forEach((key) => busy.add(key));
    if (queue.length > 0) schedule();
    void outcomes.then(
      (written) => done(written),
      (error: unknown) => done(failedAll(batch.length, error)),
    );
    function done(written: BatchOutcome<R>[]): void {
      writing -= 1;
      keys.forEach((key) => busy.delete(key));
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
      if (queue.length === 0 && writing === 0) return Promise.resolve();
      return drained.wait();
    },
  };
}
