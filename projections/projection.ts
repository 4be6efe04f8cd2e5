import type { Database } from 'better-sqlite3';
import type { DomainEvent } from '@machines/events/metadata';

/** A decoded event as projections see it: the domain event plus where it sits in the store. */
export interface ProjectedEvent extends DomainEvent {
  id: string;
  streamId: string;
  revision: number;
  position: number;
}

/**
 * A read model: its tables, and how one event changes them. `apply` runs inside the runner's
 * batch transaction (with the checkpoint), so it must be synchronous and must not commit.
 */
export interface Projection {
  name: string;
  /** Bump when the tables or the folding change: the runner then rebuilds this read model. */
  version: number;
  /**
   * Secondary indexes that only the queries read, never this projection's own writes: a rebuild
   * drops them before the replay and builds them once after it (see rebuild-mode.ts).
   */
  deferredIndexes?: readonly string[];
  /**
   * This read model's tables whose every row is folded from the events of one stream alone (a
   * deal's row from `deal-<id>`). When a person's key is erased, the rows of the streams that held
   * their data are folded again from those streams (runner `refold`), not the whole store.
   */
  refoldTables?: readonly string[];
  setup(db: Database): void;
  /** Drops everything `setup` made. */
  reset(db: Database): void;
  /** Prepares statements once the tables exist; returns the per-event function or a writer. */
  prepare(db: Database): ApplyEvent | ProjectionWriter;
}

export type ApplyEvent = (event: ProjectedEvent) => void;

/**
 * A projection that folds in memory and writes once per batch: `flush` runs inside the batch
 * transaction after the batch's last `apply` and before the checkpoint, so the rows and the
 * checkpoint still commit together; `discard` runs when the batch failed (rolled back), so state
 * held in memory is dropped rather than trusted.
 */
export interface ProjectionWriter {
  apply: ApplyEvent;
  flush(): void;
  discard(): void;
}

/** The part of the event store the runner reads (structurally the server's EventStore). */
export interface StoredEvent {
  id: string;
  streamId: string;
  revision: number;
  position: number;
  type: string;
  data: unknown;
  metadata: unknown;
}

export interface EventSource {
  readAll(options?: {
    after?: number;
    maxCount?: number;
  }): Promise<StoredEvent[]>;
  subscribe(
    options: { after?: number; batchSize?: number; name?: string },
    handler: (events: StoredEvent[]) => Promise<void> | void,
  ): { close(): Promise<void>; readonly done: Promise<void> };
  headPosition(): Promise<number>;
}
