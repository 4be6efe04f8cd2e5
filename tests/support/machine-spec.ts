import { expect } from 'vitest';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  SnapshotFrom,
} from 'xstate';
import { apply, deepestMeta, initialOf, stateKey } from '@machines/statechart';

/**
 * given(events) / when(event) / then(expectations) for a pure statechart. `given` insists every
 * event of the history is accepted (a spec with an impossible history fails loudly), `when`
 * applies one event, `then` checks the state, the meta (status, step) and the context changes,
 * `thenRefused` checks the snapshot cannot take the event and nothing changed.
 */

export interface ThenExpectation {
  /** "pending_delivery.accepted" */
  state?: string;
  status?: string | null;
  step?: number | null;
  /** A subset of the context after the event. */
  context?: Record<string, unknown>;
}

interface MetaLike {
  status?: string;
  step?: number | null;
}

export function describeState(snapshot: AnyMachineSnapshot) {
  const meta = deepestMeta<MetaLike>(snapshot);
  return {
    state: stateKey(snapshot.value),
    status: meta?.status ?? null,
    step: meta?.step ?? null,
  };
}

export function machineSpec<M extends AnyStateMachine>(machine: M) {
  type Snap = SnapshotFrom<M>;
  type Ev = EventFromLogic<M>;

  function fold(events: readonly Ev[]): Snap {
    let snapshot = initialOf(machine);
    events.forEach((event, i) => {
      const next = apply(machine, snapshot, event);
      if (!next)
        throw new Error(
          `given: event #${i} ${event.type} refused in ${stateKey((snapshot as AnyMachineSnapshot).value)}`,
        );
      snapshot = next;
    });
    return snapshot;
  }

  function given(events: readonly Ev[] = []) {
    const before = fold(events);
    return {
      snapshot: before,
      when(event: Ev) {
        const after = apply(machine, before, event);
        return {
          snapshot: after,
          then(expected: ThenExpectation): Snap {
            expect(
              after !== null,
              `${event.type} should be accepted in ${stateKey((before as AnyMachineSnapshot).value)}`,
            ).toBe(true);
            const snap = after as AnyMachineSnapshot;
            const actual = describeState(snap);
            if (expected.state !== undefined)
              expect(actual.state).toBe(expected.state);
            if (expected.status !== undefined)
              expect(actual.status).toBe(expected.status);
            if (expected.step !== undefined)
              expect(actual.step).toBe(expected.step);
            if (expected.context)
              expect(snap.context).toMatchObject(expected.context);
            return after as Snap;
          },
          thenRefused(): void {
            expect(
              after === null,
              `${event.type} should be refused in ${stateKey((before as AnyMachineSnapshot).value)}`,
            ).toBe(true);
            expect((before as AnyMachineSnapshot).can(event)).toBe(false);
          },
        };
      },
    };
  }

  return { given, fold };
}
