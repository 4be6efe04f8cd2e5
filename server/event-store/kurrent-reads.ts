import { FORWARDS, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { RecordedEvent } from './event-store';
import {
  readPositionAfter,
  toNumber,
  toRecorded,
  userStreamsFilter,
} from './kurrent-event-mapping';

type ResolvedSource = AsyncIterable<Parameters<typeof toRecorded>[0]>;

export interface CollectOptions {
  maxCount: number;
  /** Which user events count (others are scanned past). */
  keep?: (event: RecordedEvent) => boolean;
  /** Stop after this event (it is kept). */
  stopAfter?: (event: RecordedEvent) => boolean;
}

/** The port's events from one of the client's reads: system events dropped, at most maxCount kept. */
export async function collectRecorded(
  source: ResolvedSource,
  { maxCount, keep = () => true, stopAfter }: CollectOptions,
): Promise<RecordedEvent[]> {
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
export async function collectOrEmpty(
  source: ResolvedSource,
  options: CollectOptions,
): Promise<RecordedEvent[]> {
  try {
    return await collectRecorded(source, options);
  } catch (error) {
    if ((error as { type?: string }).type === 'stream-not-found') return [];
    throw error;
  }
}

/**
 * Up to `maxCount` user events after `after`, in $all order. The server's count includes what the
 * adapter drops (system event types in user streams: links, `$`-typed events), so one server read
 * can come back short in the middle of the log. This reads on from the last position the server
 * returned until the page is full or the server returns fewer records than asked for (the end):
 * a short page means the end of the log, as on every other adapter.
 */
export async function readAllAfter(
  client: KurrentDBClient,
  after: number,
  maxCount: number,
): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let from = after;
  while (events.length < maxCount) {
    // Reading forwards from a position includes the event at it, hence one more.
    const asked = Math.min(
      maxCount - events.length + (from > 0 ? 1 : 0),
      Number.MAX_SAFE_INTEGER,
    );
    const source = client.readAll({
      direction: FORWARDS,
      fromPosition: readPositionAfter(from),
      maxCount: asked,
      filter: userStreamsFilter(),
    });
    let returned = 0;
    let scanned = from;
    for await (const resolved of source) {
      returned += 1;
      const commit =
        resolved.event?.position?.commit ?? resolved.commitPosition;
      if (commit !== undefined)
        scanned = Math.max(scanned, toNumber(commit, 'Position'));
      const recorded = toRecorded(resolved);
      if (recorded && recorded.position > from && events.length < maxCount)
        events.push(recorded);
    }
    if (returned < asked || scanned === from) break;
    from = scanned;
  }
  return events;
}
