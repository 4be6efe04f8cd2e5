import { encodeAnswer, type EncodedAnswer } from '../http/encoded-answer';

interface Entry extends EncodedAnswer {
  /** Epoch ms from which the answer may differ although no event arrived (a guard deadline). */
  validUntil: number;
}

/**
 * Encoded deal lists per owner and filter. An answer is serialised and compressed once per change,
 * not once per request: the projection runner's `onApplied` calls `invalidateOwner` for every
 * owner a batch touched, before the command that caused it answers (read-your-writes holds).
 * Time alone can also change an answer (a review or dispute period ending flips a guard), so an
 * entry also carries the instant it expires at; it is `Infinity` when no deadline lies ahead.
 */
export function createDealListCache({ maxOwners = 20_000 }: { maxOwners?: number } = {}) {
  const byOwner = new Map<string, Map<string, Entry>>();

  return {
    get(ownerId: string, key: string, nowMs: number): EncodedAnswer | null {
      const entry = byOwner.get(ownerId)?.get(key);
      return entry && nowMs < entry.validUntil ? entry : null;
    },
    set(ownerId: string, key: string, body: unknown, validUntil: number): EncodedAnswer {
      const entry: Entry = { ...encodeAnswer(body), validUntil };
      let lists = byOwner.get(ownerId);
      if (!lists) {
        // Bounded: the oldest owner's lists go first (a Map iterates in insertion order).
        if (byOwner.size >= maxOwners) byOwner.delete(byOwner.keys().next().value as string);
        lists = new Map();
        byOwner.set(ownerId, lists);
      }
      lists.set(key, entry);
      return entry;
    },
    invalidateOwner(ownerId: string): void {
      byOwner.delete(ownerId);
    },
    /** For a change that cannot be traced to an owner (a row already deleted): always safe. */
    clear(): void {
      byOwner.clear();
    },
  };
}

export type DealListCache = ReturnType<typeof createDealListCache>;
