import type { StateValue } from 'xstate';

/** "a.b.c" → {a: {b: 'c'}}, the inverse of `stateKey`. */
export function stateValueFromKey(key: string): StateValue {
  const parts = key.split('.');
  let value: StateValue = parts[parts.length - 1]!;
  for (let i = parts.length - 2; i >= 0; i--) value = { [parts[i]!]: value };
  return value;
}
