import { createHash } from 'node:crypto';
import type { EventStore, RecordedEvent } from './event-store';

/**
 * Tamper evidence: every stream carries a SHA-256 hash chain. Each event's hash covers the hash
 * of the event before it in its stream (GENESIS for the first) and the event's type, data and
 * metadata as JSON text. Both adapters compute it inside the append (SQLite: in the write
 * transaction, stored in its own column; KurrentDB: in the event's metadata under CHAIN_KEY),
 * so an event edited, removed or reordered afterwards breaks the chain from that event on.
 * The store-wide check is `npm run verify`; one deal's is GET /api/admin/deals/:id/integrity.
 */
export const GENESIS = '0'.repeat(64);
/** The metadata key KurrentDB events carry their hash under (stripped again on read). */
export const CHAIN_KEY = 'chainHash';

export function chainHash(
  previous: string,
  type: string,
  dataJson: string,
  metadataJson: string,
): string {
  return createHash('sha256')
    .update(`${previous}\n${type}\n${dataJson}\n${metadataJson}`)
    .digest('hex');
}

export interface ChainBreak {
  streamId: string;
  revision: number;
  position: number;
  type: string;
  /** `mismatch`: the content no longer matches its hash (edited, or an event before it removed); `missing`: written without a hash. */
  reason: 'mismatch' | 'missing';
}

export interface ChainReport {
  streamId: string;
  ok: boolean;
  /** Events checked. */
  events: number;
  /** The last good hash: what a later check can compare against. */
  head: string;
  firstBreak: ChainBreak | null;
}

/** Follows one stream's chain and reports the first event whose recorded hash does not follow. */
export function createChainChecker(streamId: string) {
  let previous = GENESIS;
  let expectedRevision = 0;
  let count = 0;
  let firstBreak: ChainBreak | null = null;
  return {
    add(event: RecordedEvent): void {
      count += 1;
      if (firstBreak) return;
      const at = {
        streamId,
        revision: event.revision,
        position: event.position,
        type: event.type,
      };
      if (!event.hash) {
        firstBreak = { ...at, reason: 'missing' };
        return;
      }
      const expected = chainHash(
        previous,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata ?? null),
      );
      // A removed event shows as a gap in revisions, or as the next event's hash not following.
      if (event.revision !== expectedRevision || expected !== event.hash) {
        firstBreak = { ...at, reason: 'mismatch' };
        return;
      }
      previous = event.hash;
      expectedRevision += 1;
    },
    report(): ChainReport {
      return {
        streamId,
        ok: firstBreak === null,
        events: count,
        head: previous,
        firstBreak,
      };
    },
  };
}

export function verifyStream(
  streamId: string,
  events: readonly RecordedEvent[],
): ChainReport {
  const checker = createChainChecker(streamId);
  for (const event of events) checker.add(event);
  return checker.report();
}

/** Store-wide check (`npm run verify`): every stream's chain, read once in global order, page by page. */
export async function verifyStore(
  store: Pick<EventStore, 'readAll'>,
  pageSize = 5_000,
): Promise<{ streams: number; events: number; breaks: ChainBreak[] }> {
  const checkers = new Map<string, ReturnType<typeof createChainChecker>>();
  let after = 0;
  let events = 0;
  for (;;) {
    const page = await store.readAll({ after, maxCount: pageSize });
    for (const event of page) {
      let checker = checkers.get(event.streamId);
      if (!checker)
        checkers.set(
          event.streamId,
          (checker = createChainChecker(event.streamId)),
        );
      checker.add(event);
    }
    // A short page is not the end (an adapter may skip system events): only an empty one is.
    if (page.length === 0) break;
    events += page.length;
    after = page[page.length - 1]!.position;
  }
  const breaks = [...checkers.values()]
    .map((c) => c.report().firstBreak)
    .filter((b): b is ChainBreak => b !== null);
  breaks.sort((a, b) => a.position - b.position);
  return { streams: checkers.size, events, breaks };
}
