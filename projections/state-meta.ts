import type { AnyStateMachine, StateValue } from 'xstate';

interface NodeLike {
  path: string[];
  meta?: unknown;
  states: Record<string, NodeLike>;
}

/**
 * State key ("pending_delivery.accepted") → the meta of the deepest state node on that path that
 * declares one, read from the statechart itself. Projections use it with `metadata.state`, so the
 * status of a row always comes from the machine, never from a hand-written table.
 */
export function metaByStateKey<T>(machine: AnyStateMachine): ReadonlyMap<string, T> {
  const map = new Map<string, T>();
  const walk = (node: NodeLike, inherited: T | null): void => {
    const own = (node.meta as T | undefined) ?? inherited;
    if (node.path.length > 0 && own !== null) map.set(node.path.join('.'), own);
    for (const child of Object.values(node.states)) walk(child, own);
  };
  walk(machine.root as unknown as NodeLike, null);
  return map;
}

/** "a.b.c" → {a: {b: 'c'}}, the inverse of `stateKey`. */
export function stateValueFromKey(key: string): StateValue {
  const parts = key.split('.');
  let value: StateValue = parts[parts.length - 1]!;
  for (let i = parts.length - 2; i >= 0; i--) value = { [parts[i]!]: value };
  return value;
}
