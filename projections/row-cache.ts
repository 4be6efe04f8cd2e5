/**
 * A bounded map of rows a projection folded recently, so the next event of the same stream does
 * not re-read and re-parse its JSON. Created in `prepare`, so a rebuild starts with an empty one.
 */
export function createRowCache<K, V>(capacity = 20_000) {
  const rows = new Map<K, V>();
  return {
    get: (key: K): V | undefined => rows.get(key),
    set(key: K, value: V): void {
      if (!rows.has(key) && rows.size >= capacity) rows.delete(rows.keys().next().value as K);
      rows.set(key, value);
    },
    delete: (key: K): boolean => rows.delete(key),
  };
}
