import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

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
  obtain(subject: string, kind: KeyKind, fresh: Buffer, at: string): Promise<StoredKey>;
  /** The key without making one: undefined when it never existed, null when erased. */
  find(subject: string, kind: KeyKind): Promise<StoredKey | undefined>;
  /** Erases the key (keeps the tombstone); true when a key was there to erase. */
  erase(subject: string, kind: KeyKind, at: string): Promise<boolean>;
  /** Subjects whose key of this kind is still there (the fiscal retention job reads these). */
  subjects(kind: KeyKind): Promise<string[]>;
  close(): Promise<void>;
}

/** What the event store boundary and the erasure use: the table with a per-instance cache. */
export interface KeyStore {
  /** The key to encrypt with (made on first use); null when the subject's key was erased. */
  keyFor(subject: string, kind: KeyKind): Promise<StoredKey>;
  /** The key to decrypt with; null when erased or never made. */
  keyOf(subject: string, kind: KeyKind): Promise<StoredKey>;
  /** A cached key, without a database round trip; undefined when it must be looked up. */
  cached(subject: string, kind: KeyKind): StoredKey | undefined;
  erase(subject: string, kind: KeyKind): Promise<boolean>;
  /** Drops a key from this instance's cache (another instance erased it): looked up again next time. */
  forget(subject: string, kind: KeyKind): void;
  subjects(kind: KeyKind): Promise<string[]>;
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
export function createKeyStore(table: KeyTable, options: KeyStoreOptions = {}): KeyStore {
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
      return remember(subject, kind, await table.obtain(subject, kind, randomBytes(32), at));
    },
    async keyOf(subject, kind) {
      const hit = cached(subject, kind);
      if (hit !== undefined) return hit;
      const found = await table.find(subject, kind);
      // A key never made is not cached: it may be made by another instance a moment later.
      return found === undefined ? null : remember(subject, kind, found);
    },
    async erase(subject, kind) {
      remember(subject, kind, null);
      return table.erase(subject, kind, new Date(now()).toISOString());
    },
    forget: (subject, kind) => void cache.delete(name(subject, kind)),
    subjects: (kind) => table.subjects(kind),
    close: () => table.close(),
  };
}

/** Stored personal values start with this, then the key's kind, the subject and the sealed bytes. */
const PREFIX = 'pd1:';
const KIND_LETTER: Record<KeyKind, string> = { profile: 'p', fiscal: 'f' };

/** A key as node:crypto's KeyObject, made once per key: a cipher from it starts about twice as fast. */
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObjectOf(key: Buffer): KeyObject {
  let object = keyObjects.get(key);
  if (!object) keyObjects.set(key, (object = createSecretKey(key)));
  return object;
}

/** AES-256-GCM: 12-byte random IV, 16-byte tag, the subject and kind as associated data. */
export function sealValue(value: string, key: Buffer, subject: string, kind: KeyKind): string {
  const iv = randomBytes(12);
  const letter = KIND_LETTER[kind];
  const cipher = createCipheriv('aes-256-gcm', keyObjectOf(key), iv);
  cipher.setAAD(Buffer.from(`${letter}:${subject}`));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  return `${PREFIX}${letter}:${subject}:${sealed}`;
}

/** Whose key and which kind a stored value is sealed under; null for a value stored in plain text. */
export function sealedBy(stored: string): { subject: string; kind: KeyKind } | null {
  if (!stored.startsWith(PREFIX)) return null;
  const letter = stored[PREFIX.length];
  const last = stored.lastIndexOf(':');
  const start = PREFIX.length + 2;
  if ((letter !== 'p' && letter !== 'f') || stored[start - 1] !== ':' || last <= start) return null;
  return { subject: stored.slice(start, last), kind: letter === 'p' ? 'profile' : 'fiscal' };
}

/** The plain value, or null when the key does not open it (wrong key, altered bytes). */
export function openValue(stored: string, key: Buffer): string | null {
  const by = sealedBy(stored);
  if (!by) return stored;
  try {
    const bytes = Buffer.from(stored.slice(stored.lastIndexOf(':') + 1), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyObjectOf(key), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(`${KIND_LETTER[by.kind]}:${by.subject}`));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
