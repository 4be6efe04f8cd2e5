import { hasPersonalFields } from '@machines/events/personal-fields';
import type { EventData, EventStore, RecordedEvent } from './event-store';
import type { KeyKind, KeyStore, StoredKey } from './key-store';
import {
  EventOpener,
  sealEventData,
  type KeyLookup,
} from './personal-data-sealing';
import { subjectOf } from './personal-data-subject';

/**
 * The event store as the app sees it: personal fields (the catalogue's `profile` and `fiscal`
 * marks) sealed on append under their person's keys and opened on read, so deciders, projections
 * and reactors see plain values while the store, its hash chains and its backups hold the sealed
 * form (personal-data-sealing.ts: one envelope per event and key). A value whose key is erased
 * (or that cannot be opened) reads as the field's erased marker (erasedValue): an event never
 * fails to read. `stored` is the store underneath, for what must see the stored form (hash-chain
 * checks, backups, migrations).
 */
export interface EncryptedEventStore extends EventStore {
  readonly stored: EventStore;
  readonly keys: KeyStore;
}

async function sealEvent(
  keys: KeyStore,
  streamId: string,
  event: EventData,
): Promise<EventData> {
  if (!hasPersonalFields(event.type)) return event;
  const subject = subjectOf(streamId, event.metadata);
  const data = await sealEventData(event, subject, (kind) =>
    keys.keyFor(subject, kind),
  );
  return data === event.data ? event : { ...event, data };
}

/**
 * Opens a batch with the keys this instance has cached; the keys it lacks are looked up (one
 * round each) and the events that needed them opened again.
 */
async function openEvents(
  keys: KeyStore,
  events: RecordedEvent[],
): Promise<RecordedEvent[]> {
  const missing: [string, KeyKind][] = [];
  // Each key once per batch: the cache's lookup (with its expiry check) is not repeated per event.
  const found: Record<KeyKind, Map<string, StoredKey>> = {
    profile: new Map(),
    fiscal: new Map(),
  };
  const keyOf: KeyLookup = (subject, kind) => {
    const known = found[kind].get(subject);
    // Only a key not looked up yet is undefined here (an erased one is null).
    if (known !== undefined) return known;
    const hit = keys.cached(subject, kind);
    if (hit === undefined) missing.push([subject, kind]);
    else found[kind].set(subject, hit);
    return hit;
  };
  const opener = new EventOpener(keyOf);
  const openOne = (event: RecordedEvent): RecordedEvent | null => {
    if (!hasPersonalFields(event.type)) return event;
    const opened = opener.open(event);
    if (!opened) return null;
    return opened.data === event.data ? event : { ...event, data: opened.data };
  };
  let out = events.map(openOne);
  while (missing.length > 0) {
    for (const [subject, kind] of missing.splice(0))
      if (!found[kind].has(subject))
        found[kind].set(subject, await keys.keyOf(subject, kind));
    out = out.map((event, i) => event ?? openOne(events[i]!));
  }
  return out as RecordedEvent[];
}

export function withPersonalDataEncryption(
  store: EventStore,
  keys: KeyStore,
): EncryptedEventStore {
  let keysClosed: Promise<void> | undefined;
  return {
    stored: store,
    keys,
    async append(streamId, events, expected) {
      const sealed = Array.isArray(events)
        ? await Promise.all(events.map((e) => sealEvent(keys, streamId, e)))
        : events;
      return store.append(streamId, sealed, expected);
    },
    readStream: async (streamId, options) =>
      openEvents(keys, await store.readStream(streamId, options)),
    readAll: async (options) => openEvents(keys, await store.readAll(options)),
    headPosition: () => store.headPosition(),
    subscribe: (options, handler) =>
      store.subscribe(options, async (batch) =>
        handler(await openEvents(keys, batch)),
      ),
    close: async () => {
      await store.close();
      keysClosed ??= keys.close();
      await keysClosed;
    },
  };
}
