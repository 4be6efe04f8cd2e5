import { expect } from 'vitest';
import {
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ContextFrom,
  type EventFromLogic,
  type SnapshotFrom,
} from 'xstate';
import type { TestParam } from 'xstate/graph';
import {
  createCommandBus,
  type CommandResult,
} from '@server/commands/command-bus';
import type { Aggregate } from '@server/commands/aggregate';
import { DomainError } from '@server/commands/domain-error';
import type { EventStore } from '@server/event-store/event-store';
import type { EventMetadata } from '@machines/events/metadata';
import { initialOf, stateKey } from '@machines/statechart';
import { describeState } from './machine-spec';
import type { Pipeline } from './pipeline';

/**
 * Walks test-model paths through the real command pipeline: every step is executed as a command
 * on a SQLite store; at every state reached the stored stream is re-loaded and compared with the
 * model (state, status, step, context, the `metadata.state` stamp), and every action of the view is
 * probed: one the view allows must pass the whole pipeline up to the append, one it does not allow
 * must be refused with `illegal_transition`. The probes run on a bus whose store refuses appends
 * (after all checks), so probing never changes the stream.
 */

class DryRunAppend extends Error {}

function dryRunStore(store: EventStore): EventStore {
  return {
    append: async () => {
      throw new DryRunAppend('dry run');
    },
    readStream: (s, o) => store.readStream(s, o),
    readAll: (o) => store.readAll(o),
    subscribe: (o, h) => store.subscribe(o, h),
    headPosition: () => store.headPosition(),
    close: async () => undefined,
  };
}

interface ModelEvent {
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface WalkConfig<M extends AnyStateMachine, A extends string> {
  aggregate: Aggregate<M>;
  eventTypes: readonly string[];
  actions: readonly A[];
  view(snapshot: SnapshotFrom<M>, now: string): { can: A[] };
  probe(action: A, context: ContextFrom<M>, now: string): ModelEvent;
  /** The instants at which to compare the view with the pipeline in a state. */
  instants(snapshot: SnapshotFrom<M>): string[];
}

/** The model's vertex identity: the pipeline's snapshot must map to the vertex the path expects. */
export type Serialize<M extends AnyStateMachine> = (
  snapshot: SnapshotFrom<M>,
) => string;

export function createModelWalker<M extends AnyStateMachine, A extends string>(
  p: Pipeline,
  config: WalkConfig<M, A>,
) {
  const probeBus = createCommandBus({
    store: dryRunStore(p.store),
    clock: p.clock,
  });
  const stats = { paths: 0, steps: 0, probes: 0 };
  let streamId = '';
  let last: CommandResult<M> | null = null;
  // The path's own fold: graph vertices hold *a* snapshot of their class, not this path's one.
  let expectedSnapshot = initialOf(config.aggregate.machine);

  async function accepts(
    action: A,
    snapshot: SnapshotFrom<M>,
    now: string,
  ): Promise<boolean> {
    const probe = config.probe(
      action,
      (snapshot as AnyMachineSnapshot).context as ContextFrom<M>,
      now,
    );
    p.clock.set(now);
    stats.probes += 1;
    try {
      await probeBus.execute(
        config.aggregate,
        streamId,
        () => [{ type: probe.type, data: probe.data } as never],
        { actor: probe.metadata.actor },
      );
    } catch (error) {
      if (error instanceof DryRunAppend) return true;
      if (error instanceof DomainError && error.kind === 'illegal_transition')
        return false;
      throw error;
    }
    throw new Error(`probe ${action} appended nothing and was not refused`);
  }

  async function checkState(
    expected: SnapshotFrom<M>,
    serialize: Serialize<M>,
  ): Promise<void> {
    const model = expected as AnyMachineSnapshot;
    const loaded = await probeBus.load(config.aggregate, streamId);
    const actual = loaded.snapshot as AnyMachineSnapshot;
    expect(describeState(actual)).toEqual(describeState(model));
    expect(serialize(loaded.snapshot)).toBe(serialize(expected));
    expect(actual.context).toEqual(
      (expectedSnapshot as AnyMachineSnapshot).context,
    );
    if (last) {
      expect(stateKey((last.snapshot as AnyMachineSnapshot).value)).toBe(
        stateKey(model.value),
      );
      expect((last.events.at(-1)?.metadata as EventMetadata).state).toBe(
        stateKey(model.value),
      );
    }
    for (const now of config.instants(loaded.snapshot)) {
      const can = config.view(loaded.snapshot, now).can;
      for (const action of config.actions) {
        expect({
          action,
          now,
          state: stateKey(model.value),
          accepted: await accepts(action, loaded.snapshot, now),
        }).toEqual({
          action,
          now,
          state: stateKey(model.value),
          accepted: can.includes(action),
        });
      }
    }
  }

  const paramsFor = (
    serialize: Serialize<M>,
  ): TestParam<SnapshotFrom<M>, never> => ({
    states: { '*': (state) => checkState(state, serialize) },
    events: Object.fromEntries(
      config.eventTypes.map((type) => [
        type,
        async (step: { event: ModelEvent }) => {
          const event = step.event;
          p.clock.set(event.metadata.at);
          stats.steps += 1;
          expectedSnapshot = transition(
            config.aggregate.machine,
            expectedSnapshot,
            event as EventFromLogic<M>,
          )[0] as SnapshotFrom<M>;
          last = await p.bus.execute(
            config.aggregate,
            streamId,
            () => [{ type: event.type, data: event.data } as never],
            { actor: event.metadata.actor },
          );
          expect(last.events.map((e) => e.type)).toEqual([event.type]);
        },
      ]),
    ) as TestParam<SnapshotFrom<M>, never>['events'],
  });

  return {
    stats,
    /** Path parameters for `path.test()`, checking states with the model's own vertex identity. */
    paramsFor,
    /** Starts a new stream for the next path. */
    begin(prefix: string): void {
      stats.paths += 1;
      streamId = config.aggregate.streamId(`${prefix}${stats.paths}`);
      last = null;
      expectedSnapshot = initialOf(config.aggregate.machine);
    },
  };
}
