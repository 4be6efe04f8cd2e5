import { erasedValue, mapPersonalValues, personalValues } from '@machines/events/personal-fields';
import type { EventData, EventStore, RecordedEvent } from './event-store';
import {
  openValue,
  sealedBy,
  sealValue,
  type KeyKind,
  type KeyStore,
  type StoredKey,
} from './key-store';
import { subjectOf } from './personal-data-subject';

/**
 * The event store as the app sees it: personal fields (the catalogue's `profile` and `fiscal`
 * marks) sealed on append under their person's keys and opened on read, so deciders, projections
 * and reactors see plain values while the store, its hash chains and its backups hold the sealed
 * form. A value whose key is erased (or that cannot be opened) reads as the field's erased
 * marker (erasedValue): an event never fails to read. `stored` is the store underneath, for
 * what must see the stored form (hash-chain checks, backups, migrations).
 */
export interface EncryptedEventStore extends EventStore {
  readonly stored: EventStore;
  readonly keys: KeyStore;
}

type Lookup = Map<string, StoredKey>;
const lookupName = (subject: string, kind: KeyKind) => `${kind}:${subject}`;

async function sealEvent(keys: KeyStore, streamId: string, event: EventData): Promise<EventData> {
  const found = personalValues(event.type, event.data);
  if (found.length === 0) return event;
  const subject = subjectOf(streamId, event.metadata);
  const lookup: Lookup = new Map();
  for (const { privacy } of found) {
    const name = lookupName(subject, privacy);
    if (!lookup.has(name)) lookup.set(name, await keys.keyFor(subject, privacy));
  }
  const data = mapPersonalValues(event.type, event.data, (value, privacy, path) => {
    const key = lookup.get(lookupName(subject, privacy));
    // The person was erased: what they would have written is not kept either.
    return key ? sealValue(value, key, subject, privacy) : erasedValue(event.type, path);
  });
  return { ...event, data };
}

/** Finds the keys a batch needs that the cache does not hold, in one round per key. */
async function keysFor(keys: KeyStore, events: readonly RecordedEvent[]): Promise<Lookup> {
  const lookup: Lookup = new Map();
  for (const event of events) {
    for (const { value } of personalValues(event.type, event.data)) {
      const by = sealedBy(value);
      if (!by) continue;
      const name = lookupName(by.subject, by.kind);
      if (lookup.has(name)) continue;
      const cached = keys.cached(by.subject, by.kind);
      lookup.set(name, cached !== undefined ? cached : await keys.keyOf(by.subject, by.kind));
    }
  }
  return lookup;
}

function openEvent(event: RecordedEvent, lookup: Lookup): RecordedEvent {
  let sealed = false;
  const data = mapPersonalValues(event.type, event.data, (value, _privacy, path) => {
    const by = sealedBy(value);
    if (!by) return value;
    sealed = true;
    const key = lookup.get(lookupName(by.subject, by.kind));
    return (key && openValue(value, key)) ?? erasedValue(event.type, path);
  });
  return sealed ? { ...event, data } : event;
}

async function openEvents(keys: KeyStore, events: RecordedEvent[]): Promise<RecordedEvent[]> {
  const lookup = await keysFor(keys, events);
  return lookup.size === 0 ? events : events.map((event) => openEvent(event, lookup));
}

export function withPersonalDataEncryption(store: EventStore, keys: KeyStore): EncryptedEventStore {
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
      store.subscribe(options, async (batch) => handler(await openEvents(keys, batch))),
    async close() {
      await store.close();
      keysClosed ??= keys.close();
      await keysClosed;
    },
  };
}
