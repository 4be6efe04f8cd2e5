import type { RecordedEvent } from '../event-store/event-store';

/**
 * The reactor contract (event in, effect out). The runner feeds every event in global order from
 * the reactor's checkpoint and may redeliver after a crash, so `handle` must be idempotent.
 */
export interface Reactor {
  readonly name: string;
  handle(event: RecordedEvent): Promise<void>;
}
