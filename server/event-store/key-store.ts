import { randomBytes } from 'node:crypto';

/**
 * Personal data in events is encrypted per person (docs/adr/0033-personal-data-keys-per-person.md):
 * every person (a subject: `user-<id>`, `deal-link-<id>`, `admin-<id>`) has a profile key and a
 * fiscal key, AES-256-GCM, kept in a key table in the same database as the events. A key is made on
 * first use and shared by every instance; erasing it keeps a tombstone row without the key, so it
 * is never made again and what it encrypted stays unreadable.
 */
export type KeyKind = 'profile' | 'fiscal';

/** A key as stored: 32 bytes, or null once erased. */
export type StoredKey = Buffer | null;

/** The adapter part of a key table (sqlite-key-store.ts, postgres-key-store.ts). */
export interface KeyTable {
  /** The key, making one when the subject has none of this kind; null when it was erased. */
  obtain(
    subject: string,
    kind: KeyKind,
    fresh: Buffer,
    at: string,
  ): Promise<StoredKey>;
  /** The key without making one: undefined when it never existed, null when erased. */
  find(subject: string, kind: KeyKind): Promise<StoredKey | undefined>;
  /** Erases the key (keeps the tombstone); true when a key was there to erase. */
  erase(subject: string, kind: KeyKind, at: string): Promise<boolean>;
  /** Subjects whose key of this kind is still there (the fiscal retention job reads these). */
  subjects(kind: KeyKind): Promise<string[]>;
  /** Every erased key (a row without its key), oldest first: a migration carries them over. */
  tombstones(): Promise<Tombstone[]>;
  close(): Promise<void>;
}

/** An erased key: whose, which kind, and when it was erased (ISO-8601). */
export interface Tombstone {
  subject: string;
  kind: KeyKind;
  erasedAt: string;
}

/** What the event store boundary and the erasure use: the table with a per-instance cache. */
export interface KeyStore {
  /** The key to encrypt with (made on first use); null when the subject's key was erased. */
  keyFor(subject: string, kind: KeyKind): Promise<StoredKey>;
  /** The key to decrypt with; null when erased or never made. */
  keyOf(subject: string, kind: KeyKind): Promise<StoredKey>;
  /** A cached key, without a database round trip; undefined when it must be looked up. */
  cached(subject: string, kind: KeyKind): StoredKey | undefined;
  /** Erases the key (now, or at `at`: a migration keeps the erasure's own time). */
  erase(subject: string, kind: KeyKind, at?: string): Promise<boolean>;
  /** Drops a key from this instance's cache (another instance erased it): looked up again next time. */
  forget(subject: string, kind: KeyKind): void;
  subjects(kind: KeyKind): Promise<string[]>;
  tombstones(): Promise<Tombstone[]>;
  close(): Promise<void>;
}

export interface KeyStoreOptions {
  /** How long another instance may go on using a key this one erased; default 60 s. */
  cacheTtlMs?: number;
  now?: () => number;
}

/**
 * A key table behind a per-instance cache. Keys never change, so a cached key is good until the
 * subject is erased; erasure on another instance is seen when the entry expires (cacheTtlMs).
 */
export function createKeyStore(
  table: KeyTable,
  options: KeyStoreOptions = {},
): KeyStore {
  const ttl = options.cacheTtlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { key: StoredKey; until: number }>();
  const name = (subject: string, kind: KeyKind) => `${kind[0]}:${subject}`;
  const remember = (subject: string, kind: KeyKind, key: StoredKey) => {
    cache.set(name(subject, kind), { key, until: now() + ttl });
    return key;
  };
  const cached = (subject: string, kind: KeyKind) => {
    const hit = cache.get(name(subject, kind));
    return hit && hit.until > now() ? hit.key : undefined;
  };
  return {
    cached,
    async keyFor(subject, kind) {
      const hit = cached(subject, kind);
      if (hit !== undefined) return hit;
      const at = new Date(now()).toISOString();
      return remember(
        subject,
        kind,
        await table.obtain(subject, kind, randomBytes(32), at),
      );
    },
    async keyOf(subject, kind) {
      const hit = cached(subject, kind);
      if (hit !== undefined) return hit;
      const found = await table.find(subject, kind);
      // A key never made is not cached: it may be made by another instance a moment later.
      return found === undefined ? null : remember(subject, kind, found);
    },
    async erase(subject, kind, at) {
      remember(subject, kind, null);
      return table.erase(subject, kind, at ?? new Date(now()).toISOString());
    },
    forget: (subject, kind) => void cache.delete(name(subject, kind)),
    subjects: (kind) => table.subjects(kind),
    tombstones: () => table.tombstones(),
    close: () => table.close(),
  };
}
