/** A bounded least-recently-used map of folded stream states, so hot streams are not replayed. */
export interface CachedState {
  snapshot: unknown;
  revision: number;
}

export function createSnapshotCache(capacity: number) {
  const entries = new Map<string, CachedState>();
  return {
    get(streamId: string): CachedState | undefined {
      const hit = entries.get(streamId);
      if (hit) {
        // Re-insert to mark as most recently used (Map keeps insertion order).
        entries.delete(streamId);
        entries.set(streamId, hit);
      }
      return hit;
    },
    set(streamId: string, state: CachedState): void {
      const current = entries.get(streamId);
      // Never let a slower, older writer overwrite a newer state.
      if (current && current.revision > state.revision) return;
      entries.delete(streamId);
      entries.set(streamId, state);
      if (entries.size > capacity)
        entries.delete(entries.keys().next().value as string);
    },
    /** Forgets the entry unless it is newer than `revision` (the revision found to be stale). */
    invalidate(streamId: string, revision: number): void {
      const current = entries.get(streamId);
      if (current && current.revision <= revision) entries.delete(streamId);
    },
    delete(streamId: string): void {
      entries.delete(streamId);
    },
    clear(): void {
      entries.clear();
    },
    get size(): number {
      return entries.size;
    },
  };
}
