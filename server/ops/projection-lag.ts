import type { EventStore } from '../event-store/event-store';

export interface ProjectionLag {
  /** The store's newest position. */
  head: number;
  /** Events the read models have not applied yet, counted up to `cap` (then `cap`). */
  events: number;
  /** How long the oldest of them has waited since the store recorded it; 0 when caught up. */
  seconds: number;
}

/**
 * How far the read models (at `position`) are behind the store. Counted by reading what follows
 * `position`, not by subtracting positions: KurrentDB positions are byte offsets, not counts.
 */
export async function measureProjectionLag(
  store: EventStore,
  position: number,
  cap: number,
  now = Date.now(),
): Promise<ProjectionLag> {
  const [head, pending] = await Promise.all([
    store.headPosition(),
    store.readAll({ after: position, maxCount: Math.max(1, cap) }),
  ]);
  const oldest = pending[0];
  const seconds = oldest
    ? Math.max(0, (now - Date.parse(oldest.recordedAt)) / 1000)
    : 0;
  return { head, events: Math.min(pending.length, cap), seconds };
}
