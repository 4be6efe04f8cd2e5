import type { EventData, ExpectedRevision } from './event-store';
import { CHAIN_KEY } from './hash-chain';

/**
 * Argument checks shared by both adapters, so a bad call fails the same way (a TypeError naming
 * the offending value) whichever store is configured, and before anything is written.
 */

export function assertStreamId(streamId: unknown): asserts streamId is string {
  if (typeof streamId !== 'string' || streamId.trim() === '') {
    throw new TypeError(
      `Stream name must be a non-empty string, got ${describe(streamId)}`,
    );
  }
  // KurrentDB reserves `$` for system streams and our $all reads filter them out.
  if (streamId.startsWith('$')) {
    throw new TypeError(
      `Stream name "${streamId}" is reserved: names starting with "$" are system streams`,
    );
  }
}

export function assertExpectedRevision(
  expected: unknown,
): asserts expected is ExpectedRevision {
  if (
    expected === 'no_stream' ||
    expected === 'any' ||
    expected === 'stream_exists'
  )
    return;
  if (
    typeof expected === 'number' &&
    Number.isSafeInteger(expected) &&
    expected >= 0
  )
    return;
  throw new TypeError(
    `Expected revision must be "no_stream", "any", "stream_exists" or an integer >= 0, got ${describe(expected)}`,
  );
}

/** Checks the events of one append; ids must be unique within it. */
export function assertEvents(
  streamId: string,
  events: unknown,
): asserts events is EventData[] {
  if (!Array.isArray(events) || events.length === 0) {
    throw new TypeError(
      `Append to ${streamId} needs a non-empty array of events`,
    );
  }
  // Most appends carry one event: no set of ids to build for them.
  const seen = events.length > 1 ? new Set<string>() : undefined;
  for (let index = 0; index < events.length; index++) {
    const event: unknown = events[index];
    if (typeof event !== 'object' || event === null) {
      throw new TypeError(
        `Event #${index} appended to ${streamId} is not an object`,
      );
    }
    const { id, type } = event as Partial<EventData>;
    if (typeof id !== 'string' || id.trim() === '') {
      throw new TypeError(
        `Event #${index} appended to ${streamId} needs a non-empty string id, got ${describe(id)}`,
      );
    }
    if (typeof type !== 'string' || type.trim() === '') {
      throw new TypeError(
        `Event ${id} appended to ${streamId} needs a non-empty string type, got ${describe(type)}`,
      );
    }
    if (type.startsWith('$')) {
      throw new TypeError(
        `Event type "${type}" on ${streamId} is reserved: types starting with "$" are system events`,
      );
    }
    if (seen?.has(id))
      throw new TypeError(
        `Event id ${id} appears twice in one append to ${streamId}`,
      );
    seen?.add(id);
    assertMetadata(streamId, id, (event as Partial<EventData>).metadata);
  }
}

/**
 * Metadata is a JSON object on every adapter, read back exactly as written: KurrentDB stores the
 * hash chain beside the writer's keys under CHAIN_KEY, so that key is the store's, and metadata that
 * is not an object (null, an array, a string) would have nowhere to keep the hash.
 */
function assertMetadata(streamId: string, id: string, metadata: unknown): void {
  if (
    typeof metadata !== 'object' ||
    metadata === null ||
    Array.isArray(metadata)
  ) {
    throw new TypeError(
      `Event ${id} appended to ${streamId} needs metadata that is a JSON object, got ${Array.isArray(metadata) ? 'an array' : describe(metadata)}`,
    );
  }
  if (Object.hasOwn(metadata, CHAIN_KEY)) {
    throw new TypeError(
      `Event ${id} appended to ${streamId}: metadata key "${CHAIN_KEY}" is reserved for the store's hash chain`,
    );
  }
}

/** JSON text of a payload. */
export function toJson(
  streamId: string,
  eventId: string,
  field: 'data' | 'metadata',
  value: unknown,
): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new TypeError(
      `Event ${eventId} on ${streamId}: ${field} is not JSON-serialisable (${(error as Error).message})`,
    );
  }
  if (text === undefined)
    throw new TypeError(
      `Event ${eventId} on ${streamId}: ${field} is not JSON-serialisable`,
    );
  return text;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** An event checked and serialised for writing: what both adapters send to their storage. */
export interface SerialisedEvent {
  id: string;
  type: string;
  data: string;
  metadata: string;
}

/**
 * Every check an append makes before it reaches storage, shared by both adapters so a bad stream
 * name, expected revision or payload fails alike on each (and fails this append only).
 */
export function validateAppend(
  streamId: unknown,
  events: unknown,
  expected: unknown,
): SerialisedEvent[] {
  assertStreamId(streamId);
  assertExpectedRevision(expected);
  assertEvents(streamId, events);
  const serialised = new Array<SerialisedEvent>(events.length);
  for (let i = 0; i < events.length; i++) {
    const { id, type, data, metadata } = events[i]!;
    serialised[i] = {
      id,
      type,
      data: toJson(streamId, id, 'data', data),
      metadata: toJson(streamId, id, 'metadata', metadata),
    };
  }
  return serialised;
}
