import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import {
  createSqliteEventStore,
  type SqliteEventStore,
} from '@server/event-store/sqlite-event-store';
import {
  createCommandBus,
  type CommandBus,
  type CommandContext,
  type CommandResult,
} from '@server/commands/command-bus';
import type { Aggregate } from '@server/commands/aggregate';
import { createTestClock, type TestClock } from '@server/shared/clock';
import type { Actor, EventMetadata } from '@machines/events/metadata';
import { actors, T0 } from './event-factory';

/** A real command pipeline on a durable SQLite store in a temp directory. */
export interface Pipeline {
  dir: string;
  path: string;
  store: SqliteEventStore;
  clock: TestClock;
  bus: CommandBus;
  /** Another bus instance on the same store (its own snapshot cache), as a second app instance would have. */
  newBus(): CommandBus;
  close(): Promise<void>;
}

export function openPipeline(name = 'pipeline'): Pipeline {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const path = join(dir, 'events.db');
  const store = createSqliteEventStore({ path });
  const clock = createTestClock(T0);
  return {
    dir,
    path,
    store,
    clock,
    bus: createCommandBus({ store, clock }),
    newBus: () => createCommandBus({ store, clock }),
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface EventLike {
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/** A stored-event shape as a draft: given-histories feed raw events, so the type is the caller's word (`never` fits every draft). */
export const draftOf = (event: EventLike, id?: string): never =>
  ({ type: event.type, data: event.data, ...(id ? { id } : {}) }) as never;
export const ctxOf = (
  actor: Actor = actors.system,
  correlationId?: string,
): CommandContext => ({
  actor,
  ...(correlationId ? { correlationId } : {}),
});

/**
 * given/when through the pipeline: each event of `history` is executed as a command at its own
 * `metadata.at` (the clock is moved there), so the store holds exactly what the pipeline would write.
 */
export async function givenStream<M extends AnyStateMachine>(
  pipeline: Pipeline,
  aggregate: Aggregate<M>,
  streamId: string,
  history: readonly EventLike[],
): Promise<CommandResult<M> | null> {
  let last: CommandResult<M> | null = null;
  for (const event of history) {
    last = await whenCommand(pipeline, aggregate, streamId, event);
  }
  return last;
}

export function whenCommand<M extends AnyStateMachine>(
  pipeline: Pipeline,
  aggregate: Aggregate<M>,
  streamId: string,
  event: EventLike,
  bus: CommandBus = pipeline.bus,
): Promise<CommandResult<M>> {
  pipeline.clock.set(event.metadata.at);
  return bus.execute(
    aggregate,
    streamId,
    () => [draftOf(event)],
    ctxOf(event.metadata.actor),
  );
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the command to be refused');
}
