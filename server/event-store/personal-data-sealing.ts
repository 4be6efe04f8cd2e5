import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import {
  erasedValue,
  mapPersonalValues,
} from '@machines/events/personal-fields';
import type { KeyKind, StoredKey } from './key-store';

/**
 * How a personal value is stored (docs/adr/0033-personal-data-keys-per-person.md):
 * - `pd2`, the sealed envelope (written now): all of one event's values under one key in a single
 *   AES-256-GCM ciphertext, the JSON array of the values in the order the catalogue's walk visits
 *   them. The first value's place holds `pd2:<p|f>:<subject>:<base64url(iv, tag, ciphertext)>`,
 *   each further one `pd2:<p|f>:#<n>` (the n-th of the array). The associated data is the kind,
 *   the subject and the event's id, so an envelope opens in its own event only.
 * - `pd1`, one ciphertext per value (events stored before the envelope, still read):
 *   `pd1:<p|f>:<subject>:<base64url(iv, tag, ciphertext)>`, the kind and subject as associated data.
 * A value with neither prefix was stored before encryption and reads as it is. One cipher per
 * event and key instead of one per value: setting up a cipher costs far more than the few bytes
 * it encrypts.
 */
const LETTER: Record<KeyKind, string> = { profile: 'p', fiscal: 'f' };
const KINDS: readonly KeyKind[] = ['profile', 'fiscal'];
const kindOf = (letter: string | undefined): KeyKind | null =>
  letter === 'p' ? 'profile' : letter === 'f' ? 'fiscal' : null;

/** A key as node:crypto's KeyObject, made once per key: a cipher from it starts several times faster. */
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObjectOf(key: Buffer): KeyObject {
  let object = keyObjects.get(key);
  if (!object) keyObjects.set(key, (object = createSecretKey(key)));
  return object;
}

/** AES-256-GCM: 12-byte random IV, 16-byte tag, then the ciphertext, as base64url. */
function encrypt(plain: string, key: Buffer, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyObjectOf(key), iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plain text, or null when the key does not open it (wrong key, altered bytes). */
function decrypt(sealed: string, key: Buffer, aad: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    if (bytes.length < 28) return null;
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyObjectOf(key),
      bytes.subarray(0, 12),
    );
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(bytes.subarray(12, 28));
    // Bytes, then one utf8 decode: an output encoding on the decipher costs a decoder per call.
    const head = decipher.update(bytes.subarray(28));
    const tail = decipher.final();
    return (tail.length === 0 ? head : Buffer.concat([head, tail])).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** A stored personal value taken apart; null for one stored in plain text. */
type Sealed =
  | { form: 'envelope'; kind: KeyKind; subject: string; sealed: string }
  | { form: 'value'; kind: KeyKind; subject: string; sealed: string }
  | { form: 'reference'; kind: KeyKind; index: number };

function parseSealed(stored: string): Sealed | null {
  const form = stored.startsWith('pd2:')
    ? 'envelope'
    : stored.startsWith('pd1:')
      ? 'value'
      : null;
  const kind = kindOf(stored[4]);
  if (!form || !kind || stored[5] !== ':') return null;
  if (form === 'envelope' && stored[6] === '#') {
    const index = Number(stored.slice(7));
    return Number.isSafeInteger(index) && index > 0
      ? { form: 'reference', kind, index }
      : null;
  }
  const last = stored.lastIndexOf(':');
  if (last <= 6) return null;
  return {
    form,
    kind,
    subject: stored.slice(6, last),
    sealed: stored.slice(last + 1),
  };
}

const envelopeAad = (kind: KeyKind, subject: string, eventId: string) =>
  `pd2:${LETTER[kind]}:${subject}:${eventId}`;

/** An event as sealing and opening see it: its type (whose catalogue marks), id and data. */
interface EventParts {
  id: string;
  type: string;
  data: unknown;
}

/**
 * The event's data with its personal values sealed: one envelope per key kind present, under
 * `subject`'s keys (`keyFor` resolves each kind's key; null once erased, when the values are stored
 * as the field's erased marker: what the person would have written is not kept either).
 */
export async function sealEventData(
  event: EventParts,
  subject: string,
  keyFor: (kind: KeyKind) => Promise<StoredKey>,
): Promise<unknown> {
  const values: Record<KeyKind, string[]> = { profile: [], fiscal: [] };
  mapPersonalValues(event.type, event.data, (value, privacy) => {
    values[privacy].push(value);
    return value;
  });
  const envelopes: Partial<Record<KeyKind, string>> = {};
  for (const kind of KINDS) {
    if (values[kind].length === 0) continue;
    const key = await keyFor(kind);
    if (!key) continue;
    const sealed = encrypt(
      JSON.stringify(values[kind]),
      key,
      envelopeAad(kind, subject, event.id),
    );
    envelopes[kind] = `pd2:${LETTER[kind]}:${subject}:${sealed}`;
  }
  const next: Record<KeyKind, number> = { profile: 0, fiscal: 0 };
  return mapPersonalValues(event.type, event.data, (_value, privacy, path) => {
    const envelope = envelopes[privacy];
    if (envelope === undefined) return erasedValue(event.type, path);
    const index = next[privacy]++;
    return index === 0 ? envelope : `pd2:${LETTER[privacy]}:#${index}`;
  });
}

/** A key by subject and kind: null when erased or never made, undefined when not looked up yet. */
export type KeyLookup = (
  subject: string,
  kind: KeyKind,
) => StoredKey | undefined;

const listOf = (plain: string | null): string[] | null => {
  if (plain === null) return null;
  const list: unknown = JSON.parse(plain);
  return Array.isArray(list) && list.every((v) => typeof v === 'string')
    ? list
    : null;
};

/** The first envelope of a kind in the event (its place is visited first; this finds it anywhere). */
function envelopeIn(event: EventParts, kind: KeyKind): Sealed | null {
  let found: Sealed | null = null;
  mapPersonalValues(event.type, event.data, (value) => {
    const sealed = found ? null : parseSealed(value);
    if (sealed?.form === 'envelope' && sealed.kind === kind) found = sealed;
    return value;
  });
  return found;
}

/**
 * Opens events with the keys `keyOf` gives. One opener serves a whole batch: its walk callback is
 * made once, not per event (a rebuild opens every sealed event of the store).
 */
export class EventOpener {
  private event: EventParts = { id: '', type: '', data: null };
  private profile: string[] | null | undefined;
  private fiscal: string[] | null | undefined;
  private unresolved = false;

  constructor(private readonly keyOf: KeyLookup) {}

  /**
   * The event's data with its personal values opened; a value whose key is erased (or that does
   * not open) reads as the field's erased marker. Null when a key it needs is not looked up yet
   * (the caller looks up the keys `keyOf` was asked for, and opens the event again).
   */
  open(event: EventParts): { data: unknown } | null {
    this.event = event;
    this.profile = this.fiscal = undefined;
    this.unresolved = false;
    const data = mapPersonalValues(event.type, event.data, this.slot);
    return this.unresolved ? null : { data };
  }

  private readonly slot = (
    value: string,
    _privacy: unknown,
    path: string,
  ): string => {
    // A key is missing: this walk's result is dropped and the event opened again once it is found.
    if (this.unresolved) return value;
    const sealed = value.startsWith('pd') ? parseSealed(value) : null;
    if (!sealed) return value;
    let plain: string | null | undefined;
    if (sealed.form === 'value') {
      const key = this.key(sealed.subject, sealed.kind);
      plain = key
        ? decrypt(
            sealed.sealed,
            key,
            `${LETTER[sealed.kind]}:${sealed.subject}`,
          )
        : null;
    } else {
      const { kind } = sealed;
      let list = this[kind];
      if (list === undefined)
        list = this[kind] = this.envelope(
          sealed.form === 'envelope' ? sealed : envelopeIn(this.event, kind),
        );
      plain = list?.[sealed.form === 'envelope' ? 0 : sealed.index];
    }
    return plain ?? erasedValue(this.event.type, path);
  };

  private key(subject: string, kind: KeyKind): StoredKey | undefined {
    const key = this.keyOf(subject, kind);
    if (key === undefined) this.unresolved = true;
    return key;
  }

  private envelope(sealed: Sealed | null): string[] | null {
    if (sealed?.form !== 'envelope') return null;
    const key = this.key(sealed.subject, sealed.kind);
    const aad = envelopeAad(sealed.kind, sealed.subject, this.event.id);
    return key ? listOf(decrypt(sealed.sealed, key, aad)) : null;
  }
}

/**
 * One value sealed in the per-value form (`pd1`) that stores kept before the envelope: the app
 * writes envelopes; tests and the bench write this to check that such stores still read.
 */
export function sealValue(
  value: string,
  key: Buffer,
  subject: string,
  kind: KeyKind,
): string {
  const letter = LETTER[kind];
  return `pd1:${letter}:${subject}:${encrypt(value, key, `${letter}:${subject}`)}`;
}
