export interface RowStoreOptions<K, V> {
  /** Clean rows kept after a flush (the next batch often continues the same streams). */
  capacity: number;
  /** Reads a row from the read model (only on a cache miss). */
  load(key: K): V | undefined;
  /** Writes the row's final state of this batch. */
  write(key: K, value: V): void;
  /** Removes the row (the entity was deleted during the batch). */
  remove(key: K): void;
}

/**
 * Write-behind rows for a folding projection. Events of a batch fold into the in-memory row and
 * the row is written once per batch, in `flush` (called by the runner inside the batch
 * transaction, before the checkpoint), instead of a JSON.stringify + upsert per event. Dirty rows
 * are never evicted before they are flushed; after a flush only `capacity` clean rows are kept, so
 * memory stays bounded by the batch size plus the capacity. A row deleted in the batch is kept
 * as a tombstone (`null`) so a later event of the batch does not read the stale stored row.
 */
export function createRowStore<K, V>({
  capacity,
  load,
  write,
  remove,
}: RowStoreOptions<K, V>) {
  const rows = new Map<K, V | null>();
  const dirty = new Set<K>();
  return {
    get(key: K): V | undefined {
      const cached = rows.get(key);
      if (cached !== undefined) return cached ?? undefined;
      const row = load(key);
      if (row !== undefined) rows.set(key, row);
      return row;
    },
    set(key: K, value: V): void {
      // The first write of a batch re-inserts the row, so the map's order is least-recently-written
      // first (the eviction order); later writes in the batch replace it in place: a deleted entry
      // per event would make the map rehash (garbage) far more often.
      if (!dirty.has(key)) {
        rows.delete(key);
        dirty.add(key);
      }
      rows.set(key, value);
    },
    delete(key: K): void {
      if (!dirty.has(key)) {
        rows.delete(key);
        dirty.add(key);
      }
      rows.set(key, null);
    },
    flush(): void {
      for (const key of dirty) {
        const row = rows.get(key);
        if (row === null || row === undefined) {
          remove(key);
          rows.delete(key);
        } else write(key, row);
      }
      dirty.clear();
      for (const key of rows.keys()) {
        if (rows.size <= capacity) break;
        rows.delete(key);
      }
    },
    /** The batch failed and was rolled back: what is in memory is no longer what is stored. */
    discard(): void {
      rows.clear();
      dirty.clear();
    },
  };
}
