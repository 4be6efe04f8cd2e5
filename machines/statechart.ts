import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type SnapshotFrom, type EventFromLogic } from 'xstate';

/**
 * Pure helpers over XState v5 machines: replaying a stream is a fold of `transition`, and a
 * state's meta (status, texts, badge, progress step) comes from the deepest active state node.
 */

export function initialSnapshot<M extends AnyStateMachine>(machine: M): SnapshotFrom<M> {
  return (initialTransition as (m: AnyStateMachine) => [unknown, unknown])(machine)[0] as SnapshotFrom<M>;
}

/** Applies one event; returns null when the snapshot cannot take it (no transition enabled). */
export function apply<M extends AnyStateMachine>(machine: M, snapshot: SnapshotFrom<M>, event: EventFromLogic<M>): SnapshotFrom<M> | null {
  if (!(snapshot as AnyMachineSnapshot).can(event)) return null;
  return transition(machine, snapshot, event)[0] as SnapshotFrom<M>;
}

/** Replays already-accepted history. Events are facts, so this never refuses. */
export function replay<M extends AnyStateMachine>(machine: M, events: Iterable<EventFromLogic<M>>, from?: SnapshotFrom<M>): SnapshotFrom<M> {
  let snapshot = from ?? initialSnapshot(machine);
  for (const event of events) snapshot = transition(machine, snapshot, event)[0] as SnapshotFrom<M>;
  return snapshot;
}

/** The meta object of the deepest active state node that declares one. */
export function deepestMeta<T>(snapshot: AnyMachineSnapshot): T | null {
  const all = snapshot.getMeta() as Record<string, T | undefined>;
  let best: T | null = null;
  let bestDepth = -1;
  for (const [id, value] of Object.entries(all)) {
    if (value === undefined) continue;
    const depth = id.split('.').length;
    if (depth > bestDepth) {
      best = value;
      bestDepth = depth;
    }
  }
  return best;
}

/** "pending_delivery.accepted" for {pending_delivery: 'accepted'}. */
export function stateKey(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const [k, v] = Object.entries(value as Record<string, unknown>)[0] ?? [];
    return k === undefined ? '' : `${k}.${stateKey(v)}`;
  }
  return '';
}
