/**
 * The event-store port. Semantics follow KurrentDB so both adapters behave alike:
 * - streams are addressed by name (`deal-42`); revisions start at 0 within a stream;
 * - every event also has a global `position`, strictly increasing in one global order
 *   (a number: SQLite's row id, or KurrentDB's log position);
 * - `append` checks the expected state and is idempotent per stream by event id: the same ids
 *   re-appended at the same expected revision return the original result and write nothing, at
 *   any distance; re-appended with `any` or `stream_exists`, when the first id is among the
 *   stream's last ANY_WINDOW events. A retry whose ids are only partly the events that followed
 *   is a WrongExpectedVersion. Both adapters check this against the stored log (SQLite in the write
 *   transaction, sqlite-append-writer.ts; KurrentDB by reading the stream's tail, kurrent-append.ts,
 *   not the server's in-memory id cache), so it holds across restarts and leader changes;
 * - every append continues the stream's hash chain (hash-chain.ts) from the event it actually
 *   follows, also when appends with `any` race;
 * - stream names and event types starting with `$` are reserved (KurrentDB system streams);
 *   event ids must be UUIDs for KurrentDB (SQLite takes any non-empty string);
 * - `subscribe` catches up from a position and then goes live, with no gap and no duplicate
 *   (the subscription contract is on `Subscription` below).
 */

export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | number;

/** How far back in a stream an `any` / `stream_exists` re-append is recognised as a retry. */
export const ANY_WINDOW = 10_000;

/**
 * What a writer hands to `append`. `data` is JSON-serialisable; `metadata` is a JSON object without
 * the key `chainHash` (the store's hash chain: event-validation.ts refuses anything else on every
 * adapter), and is read back exactly as written.
 */
export interface EventData {
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

export interface RecordedEvent extends EventData {
  streamId: string;
  /** 0-based position within the stream. */
  revision: number;
  /** Global position: strictly increasing across the whole store. */
  position: number;
  /** When the store wrote it (ISO-8601). */
  recordedAt: string;
  /** The stream's hash chain at this event (hash-chain.ts); null for events written before chains existed. */
  hash?: string | null;
}

export interface AppendResult {
  /** Revision of the last event now in the stream (the next expected revision). */
  nextExpectedRevision: number;
  /** Global position of the last event written (or already present, for an idempotent retry). */
  position: number;
}

export interface ReadStreamOptions {
  /** First revision to read (inclusive); default 0. */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Read events with position strictly greater than this; default: from the start. */
  after?: number;
  maxCount?: number;
}

export interface SubscribeOptions {
  /** Deliver events with position strictly greater than this; default: from the start. */
  after?: number;
  /** Largest batch handed to the handler at once. */
  batchSize?: number;
  /** Who is subscribing (`read-models`, `reactor:payments`): names it in logs, metrics and readiness. */
  name?: string;
}

/** Called with consecutive batches in global order; the next batch waits for the returned promise. */
export type BatchHandler = (events: RecordedEvent[]) => Promise<void> | void;

/**
 * An adapter's subscription, and what every adapter (SQLite, PostgreSQL, KurrentDB) must do:
 * - deliver batches in global order, awaiting the handler before the next one (back-pressure);
 * - `close()` stops delivery, waits for a running handler call, and then resolves `done`;
 * - when the handler throws, stop delivering and reject `done` with exactly the thrown value;
 * - when the store fails under it (a dropped connection, a leader election, a server that ends
 *   the stream, a read that throws), stop delivering and settle `done`: reject it with the error,
 *   or resolve it if the stream simply ended. An adapter never reconnects on its own: nothing may
 *   be delivered after `done` has settled.
 * The app never uses an adapter's subscription bare: resilient-subscription.ts wraps every one
 * and, after such a failure or end, subscribes again strictly after the last position the handler
 * finished, with a capped, jittered backoff; only a handler error ends it for good.
 */
export interface Subscription {
  /** Stops delivery; resolves when no handler call is running. */
  close(): Promise<void>;
  /** Resolves after close() (or when the store ended the stream); rejects when the handler threw or the store failed. */
  readonly done: Promise<void>;
}

export interface EventStore {
  append(
    streamId: string,
    events: EventData[],
    expected: ExpectedRevision,
  ): Promise<AppendResult>;
  /** Throws StreamNotFound when the stream has no events. */
  readStream(
    streamId: string,
    options?: ReadStreamOptions,
  ): Promise<RecordedEvent[]>;
  /** Without maxCount it reads everything after `after`: page with maxCount on large stores. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribe(options: SubscribeOptions, handler: BatchHandler): Subscription;
  /** Position of the newest event in the store (0 when empty). */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}

export class WrongExpectedVersion extends Error {
  override readonly name = 'WrongExpectedVersion';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** Current revision, or -1 when the stream does not exist. */
    readonly actual: number,
  ) {
    super(
      `Wrong expected version on ${streamId}: expected ${String(expected)}, actual ${actual < 0 ? 'no stream' : actual}`,
    );
  }
}

/**
 * The store could not answer (its server restarted, the network dropped, a deadline passed) and
 * retrying on another connection did not help; the caller may try again. The HTTP layer answers
 * 503 with Retry-After, never 500.
 */
export class StoreUnavailable extends Error {
  override readonly name = 'StoreUnavailable';
}

export class StreamNotFound extends Error {
  override readonly name = 'StreamNotFound';
  constructor(readonly streamId: string) {
    super(`Stream not found: ${streamId}`);
  }
}
