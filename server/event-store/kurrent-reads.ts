import type { RecordedEvent } from './event-store';
import { toRecorded } from './kurrent-event-mapping';

type ResolvedSource = AsyncIterable<Parameters<typeof toRecorded>[0]>;

export interface CollectOptions {
  maxCount: number;
  /** Which user events count (others are scanned past). */
  keep?: (event: RecordedEvent) => boolean;
  /** Stop after this event (it is kept). */
  stopAfter?: (event: RecordedEvent) => boolean;
}

/** The port's events from one of the client's reads: system events dropped, at most maxCount kept. */
export async function collectRecorded(source: ResolvedSource, { maxCount, keep = () => true, stopAfter }: CollectOptions): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  if (maxCount <= 0) return events;
  for await (const resolved of source) {
    const recorded = toRecorded(resolved);
    if (!recorded || !keep(recorded)) continue;
    events.push(recorded);
    if (events.length >= maxCount || stopAfter?.(recorded)) break;
  }
  return events;
}

/** Like collectRecorded, but a stream that does not exist reads as empty. */
export async function collectOrEmpty(source: ResolvedSource, options: CollectOptions): Promise<RecordedEvent[]> {
  try {
    return await collectRecorded(source, options);
  } catch (error) {
    if ((error as { type?: string }).type === 'stream-not-found') return [];
    throw error;
  }
}
