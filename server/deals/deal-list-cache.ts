import { encodeAnswer, type EncodedAnswer } from '../http/encoded-answer';

interface Entry extends EncodedAnswer {
  /** Epoch ms from which the answer may differ although no event arrived (a guard deadline). */
  validUntil: number;
}

const bytesOf = (e: EncodedAnswer): number =>
  e.json.length + (e.gzip === e.json ? 0 : e.gzip.length);

/**
 * Encoded deal lists per owner and filter. An answer is serialised and compressed once per change,
 * not once per request: the projection runner's `onApplied` calls `invalidateOwner` for every
 * owner a batch touched, before the command that caused it answers (read-your-writes holds).
 * Time alone can also change an answer (a review or dispute period ending flips a guard), so an
 * entry also carries the instant it expires at; it is `Infinity` when no deadline lies ahead.
 * Bounded by bytes (a 50-deal list is ~60 KB of JSON): the least recently filled owners go first.
 */
export function createDealListCache({
  maxBytes = 64 * 1024 * 1024,
}: { maxBytes?: number } = {}) {
  const byOwner = new Map<string, Map<string, Entry>>();
  let bytes = 0;

  const dropOwner = (ownerId: string): void => {
    const lists = byOwner.get(ownerId);
    if (!lists) return;
    for (const entry of lists.values()) bytes -= bytesOf(entry);
    byOwner.delete(ownerId);
  };

  return {
    get(ownerId: string, key: string, nowMs: number): EncodedAnswer | null {
      const entry = byOwner.get(ownerId)?.get(key);
      return entry && nowMs < entry.validUntil ? entry : null;
    },
    set(
      ownerId: string,
      key: string,
      body: unknown,
      validUntil: number,
    ): EncodedAnswer {
      const entry: Entry = { ...encodeAnswer(body), validUntil };
      const lists = byOwner.get(ownerId) ?? new Map<string, Entry>();
      const old = lists.get(key);
      if (old) bytes -= bytesOf(old);
      lists.set(key, entry);
      bytes += bytesOf(entry);
      // Re-inserting moves the owner to the end, so the Map's first key is the longest unfilled.
      byOwner.delete(ownerId);
      byOwner.set(ownerId, lists);
      while (bytes > maxBytes && byOwner.size > 1)
        dropOwner(byOwner.keys().next().value as string);
      return entry;
    },
    invalidateOwner: dropOwner,
    /** For a change that cannot be traced to an owner (a row already deleted): always safe. */
    clear(): void {
      byOwner.clear();
      bytes = 0;
    },
    get bytes(): number {
      return bytes;
    },
  };
}
