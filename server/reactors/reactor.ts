import type { RecordedEvent } from '../event-store/event-store';

/**
 * A reactor turns events into effects (a transfer, a refund, a notification) whose outcomes come
 * back as events. The runner feeds it every event in global order from its own checkpoint, retries
 * an event whose handling throws, and may hand an event over again after a crash: `handle` must be
 * idempotent, which each reactor gets by keying its effect on the intent event (its id or its key).
 */
export interface Reactor {
  /** Also the checkpoint's name: renaming a reactor replays the whole store through it. */
  readonly name: string;
  /** Event types it reacts to; the runner skips every other event without calling it. */
  readonly types?: ReadonlySet<string>;
  handle(event: RecordedEvent): Promise<void>;
  /**
   * When given, a failing event does not hold up the others: it is parked and tried again on its
   * own (reactor-runner.ts), and only the later events of its partition (the same deal or request)
   * wait behind it. Null: handled in line, retried until it succeeds.
   */
  partition?(event: RecordedEvent): string | null;
  /**
   * For a reactor that keeps state of its own (the timers' schedule): called before it is first
   * handed anything when it has no checkpoint yet, so state an earlier version left goes.
   */
  reset?(): void;
}
