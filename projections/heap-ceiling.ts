import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Taken once per process (a running instance rebuilds on an erasure, too). */
let collect: (() => void) | null | undefined;

/**
 * A full replay keeps little alive (a page of events and the row caches: some 40 MB) but makes
 * garbage fast, and much of it outlives a young-generation collection because a page does. Left to
 * itself V8 answers that by growing the young generation to its maximum (128 MB on a large machine)
 * and the old generation towards its initial limit (a few hundred MB) before it collects it, so
 * the peak RSS of a rebuild was mostly garbage. For the replay:
 *
 * - the young generation keeps the size it has (`--semi-space-growth-factor=1`, V8's default of 2
 *   is put back afterwards): more young collections, each as cheap, and no 128 MB of it;
 * - whenever the heap passes `limitMb`, a full collection (V8's own `gc`, taken from a fresh
 *   context with the flag set only for that): collecting the small live set costs tens of ms.
 *
 * Returns the check to run after each page and the function that undoes the settings.
 */
export function heapCeiling(limitMb: number): {
  check: () => void;
  restore: () => void;
} {
  collect ??= fullCollection();
  const limit = limitMb * 2 ** 20;
  setFlagsFromString('--semi-space-growth-factor=1');
  return {
    check: () => {
      if (collect && getHeapStatistics().used_heap_size > limit) collect();
    },
    restore: () => setFlagsFromString('--semi-space-growth-factor=2'),
  };
}

/** V8's own full collection (`gc`), taken from a fresh context with the flag set just for it. */
function fullCollection(): (() => void) | null {
  const own = (globalThis as { gc?: () => void }).gc;
  if (typeof own === 'function') return own;
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
