import { expect } from 'vitest';
import type { AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate';
import { DomainError } from '@machines/command-error';
import { fold, initialOf } from '@machines/statechart';

/**
 * given(events).when(command).then(drafts | refusal) for a pure decider: the history is folded
 * through the statechart (facts, never refused), the decider is called once, and the answer is
 * checked: each returned draft by type and a subset of its data, in order, or the DomainError it
 * threw (code, HTTP status, message). No I/O.
 */

export interface ExpectedDraft {
  type: string;
  data?: Record<string, unknown>;
}

export interface ExpectedRefusal {
  code: string;
  id?: string;
  status: number;
  message: string | RegExp;
}

type Decider<C, S> = (
  command: C,
  snapshot: S,
  now: string,
) => { type: string; data: unknown }[];

export function deciderSpec<M extends AnyStateMachine, C>(
  machine: M,
  decide: Decider<C, SnapshotFrom<M>>,
) {
  function given(events: readonly EventFromLogic<M>[] = []) {
    const snapshot = fold(machine, events, initialOf(machine));
    return {
      snapshot,
      when(command: C, now: string) {
        const run = () => decide(command, snapshot, now);
        return {
          /** The drafts, exactly these types in this order, each data a superset of the given subset. */
          then(...expected: ExpectedDraft[]) {
            const drafts = run();
            expect(drafts.map((d) => d.type)).toEqual(
              expected.map((e) => e.type),
            );
            expected.forEach((e, i) => {
              if (e.data) expect(drafts[i]!.data).toMatchObject(e.data);
            });
            return drafts;
          },
          /** Nothing happens (a repeat, a stale outcome, a timer that is not due). */
          thenNothing() {
            expect(run()).toEqual([]);
          },
          thenRefused(refusal: ExpectedRefusal) {
            let thrown: unknown = null;
            try {
              run();
            } catch (error) {
              thrown = error;
            }
            expect(thrown, 'the decider should refuse').toBeInstanceOf(
              DomainError,
            );
            const error = thrown as DomainError;
            // `code` names the refusal's kind (illegal_transition, conflict, ...); `id`, when given, its stable code.
            expect({ code: error.kind, status: error.status }).toEqual({
              code: refusal.code,
              status: refusal.status,
            });
            if (refusal.id) expect(error.code).toBe(refusal.id);
            if (typeof refusal.message === 'string')
              expect(error.message).toBe(refusal.message);
            else expect(error.message).toMatch(refusal.message);
            return error;
          },
        };
      },
    };
  }
  return { given };
}
