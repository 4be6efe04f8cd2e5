import {
  createActor,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type SnapshotFrom,
  type EventFromLogic,
} from 'xstate';

/**
 * Pure helpers over XState v5 machines: replaying a stream is a fold of transitions, and a
 * state's meta (status, texts, badge, progress step) comes from the deepest active state node.
 */

/**
 * `transition(machine, snapshot, event)` from xstate builds a throw-away actor scope on every
 * call, and the Actor constructor eagerly computes the machine's initial snapshot: per command
 * that is a second full state-entry computation plus an actor system, all garbage a moment later
 * (it dominated the pipeline's allocations). Our machines are pure (no invoke, spawn, timers or
 * I/O: replaying a stream is a fold of `transition`), so one inert scope per machine can be shared by every transition: it is the
 * same `machine.transition(snapshot, event, scope)` xstate's helper calls, with the emitted
 * actions dropped exactly as the command bus and `fold` already drop them.
 */
const scopes = new WeakMap<AnyStateMachine, AnyActorScope>();

function scopeOf(machine: AnyStateMachine): AnyActorScope {
  let scope = scopes.get(machine);
  if (!scope) {
    const self = createActor(machine);
    const noop = (): void => undefined;
    scope = {
      self,
      defer: noop,
      id: '',
      logger: noop,
      sessionId: '',
      stopChild: noop,
      system: self.system,
      emit: noop,
      actionExecutor: noop,
    } as unknown as AnyActorScope;
    scopes.set(machine, scope);
  }
  return scope;
}

const initials = new WeakMap<AnyStateMachine, unknown>();

/**
 * The machine's initial snapshot, computed once: snapshots are immutable values (every transition
 * returns a new one, contexts evolve by copy), which the snapshot cache already relies on.
 */
export function initialOf<M extends AnyStateMachine>(
  machine: M,
): SnapshotFrom<M> {
  const known = initials.get(machine) as SnapshotFrom<M> | undefined;
  if (known) return known;
  const initial = machine.getInitialSnapshot(
    scopeOf(machine),
  ) as SnapshotFrom<M>;
  initials.set(machine, initial);
  return initial;
}

/** The snapshot after `event`; same result as xstate's `transition(...)[0]`, without its garbage. */
export function step<M extends AnyStateMachine>(
  machine: M,
  snapshot: SnapshotFrom<M>,
  event: EventFromLogic<M>,
): SnapshotFrom<M> {
  return machine.transition(
    snapshot,
    event,
    scopeOf(machine),
  ) as SnapshotFrom<M>;
}

/** Replays accepted history (events are facts, so nothing is refused) onto `from`. */
export function fold<M extends AnyStateMachine>(
  machine: M,
  events: Iterable<EventFromLogic<M>>,
  from: SnapshotFrom<M>,
): SnapshotFrom<M> {
  let snapshot = from;
  for (const event of events) snapshot = step(machine, snapshot, event);
  return snapshot;
}

/** Applies one event; returns null when the snapshot cannot take it (no transition enabled). */
export function apply<M extends AnyStateMachine>(
  machine: M,
  snapshot: SnapshotFrom<M>,
  event: EventFromLogic<M>,
): SnapshotFrom<M> | null {
  if (!(snapshot as AnyMachineSnapshot).can(event)) return null;
  return step(machine, snapshot, event);
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
    // The first own key, without the arrays Object.entries would build (once per appended event).
    for (const k in value) {
      if (Object.hasOwn(value, k))
        return `${k}.${stateKey((value as Record<string, unknown>)[k])}`;
    }
  }
  return '';
}

interface StateNodeLike {
  path: string[];
  meta?: { status?: string };
  states: Record<string, StateNodeLike>;
}

const statusTables = new WeakMap<
  AnyStateMachine,
  ReadonlyMap<string, string>
>();

/** Every state key of the chart → the `status` of the deepest node on its path that declares a meta; read once per machine. */
function statusTable(machine: AnyStateMachine): ReadonlyMap<string, string> {
  let table = statusTables.get(machine);
  if (!table) {
    const statuses = new Map<string, string>();
    const walk = (
      node: StateNodeLike,
      inherited: StateNodeLike['meta'] | null,
    ): void => {
      const meta = node.meta ?? inherited;
      if (node.path.length > 0 && meta?.status !== undefined)
        statuses.set(node.path.join('.'), meta.status);
      for (const child of Object.values(node.states)) walk(child, meta);
    };
    walk(machine.root as unknown as StateNodeLike, null);
    table = statuses;
    statusTables.set(machine, table);
  }
  return table;
}

/**
 * The status users read ("pending_payment", "paid", ...) of a state key as the pipeline records it
 * (`metadata.state`, "pending_delivery.accepted"): the `meta.status` of the deepest state node on
 * that path that declares a meta, else the key itself. The one place a status is derived: read
 * models use it on the recorded key, and `statusOf` on a snapshot.
 */
export function statusOfState(machine: AnyStateMachine, key: string): string {
  return statusTable(machine).get(key) ?? key;
}

/** The status users read of a snapshot: `statusOfState` of its state key. */
export function statusOf(snapshot: AnyMachineSnapshot): string {
  return statusOfState(snapshot.machine, stateKey(snapshot.value));
}
