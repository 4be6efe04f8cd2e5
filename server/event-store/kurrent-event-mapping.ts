import {
  ANY,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type EventData as KurrentEventData,
  type Filter,
  type JSONType,
  type ReadPosition,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  StoreUnavailable,
  StreamNotFound,
  WrongExpectedVersion,
  type EventData,
  type ExpectedRevision,
  type RecordedEvent,
} from './event-store';
import type { SerialisedEvent } from './event-validation';
import { CHAIN_KEY, chainHash } from './hash-chain';

/**
 * Translation between the port and @kurrent/kurrentdb-client.
 *
 * Position: the port's number is the event's *commit* position. $all is ordered by commit
 * position first, and for appends made through gRPC every event gets its own log record whose
 * commit and prepare positions are equal, so it is strictly increasing. To resume after a
 * position we pass { commit: p, prepare: p }. Numbers stay exact up to 2^53 bytes of log.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

/** KurrentDB stores event ids as UUIDs; anything else would be rejected (or rewritten) by the client. Checked before any I/O. */
export function assertUuids(streamId: string, events: EventData[]): void {
  for (const event of events) {
    if (!UUID.test(event.id))
      throw new TypeError(
        `Event id ${event.id} on ${streamId} must be a UUID for KurrentDB`,
      );
  }
}

/**
 * The client's events, each with the stream's hash chain in its metadata (hash-chain.ts): the hash
 * covers `previous` and the JSON text `serialised` holds (what validateAppend made), and is stored
 * under CHAIN_KEY after the writer's own keys (validateAppend made sure metadata is an object
 * without that key).
 */
export function toKurrentEvents(
  streamId: string,
  events: EventData[],
  serialised: SerialisedEvent[],
  previous: string,
): KurrentEventData[] {
  assertUuids(streamId, events);
  let chain = previous;
  return events.map((event, i) => {
    const text = serialised[i]!;
    chain = chainHash(chain, text.type, text.data, text.metadata);
    return jsonEvent({
      id: event.id,
      type: event.type,
      data: event.data as JSONType,
      metadata: {
        ...(event.metadata as Record<string, unknown>),
        [CHAIN_KEY]: chain,
      } as JSONType,
    });
  });
}

/** The writer's metadata and the chain hash, split apart again: the metadata exactly as written (`{}` stays `{}`). */
export function splitChain(metadata: unknown): {
  metadata: unknown;
  hash: string | null;
} {
  if (
    metadata === null ||
    typeof metadata !== 'object' ||
    Array.isArray(metadata) ||
    !(CHAIN_KEY in metadata)
  ) {
    return { metadata: metadata ?? null, hash: null };
  }
  const { [CHAIN_KEY]: hash, ...rest } = metadata as Record<string, unknown>;
  return { metadata: rest, hash: typeof hash === 'string' ? hash : null };
}

/** Only user streams: system streams (`$…`) and system event types are never part of our log. */
export function userStreamsFilter(): Filter {
  return streamNameFilter({ regex: '^[^$]' });
}

export function readPositionAfter(after: number | undefined): ReadPosition {
  if (!after) return START;
  const position = BigInt(after);
  return { commit: position, prepare: position };
}

export function toNumber(value: bigint, what: string): number {
  if (
    value > BigInt(Number.MAX_SAFE_INTEGER) ||
    value < BigInt(Number.MIN_SAFE_INTEGER)
  ) {
    throw new RangeError(`${what} ${value} does not fit in a JS number`);
  }
  return Number(value);
}

/** The port's RecordedEvent, or undefined for anything that is not a user event (links, system events). */
export function toRecorded(
  resolved: ResolvedEvent | AllStreamResolvedEvent,
): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || event.streamId.startsWith('$') || event.type.startsWith('$'))
    return undefined;
  const commit = event.position?.commit ?? resolved.commitPosition;
  if (commit === undefined) {
    throw new Error(
      `KurrentDB returned ${event.streamId}@${event.revision} without a position (server older than 22.6?)`,
    );
  }
  const position = toNumber(commit, 'Position');
  const where = `stream ${event.streamId} at position ${position}`;
  if (!event.isJson)
    throw new Error(`Event ${event.id} in ${where} is not JSON`);
  if (event.metadata instanceof Uint8Array)
    throw new Error(`Malformed metadata JSON in ${where}`);
  const { metadata, hash } = splitChain(event.metadata);
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata,
    hash,
    streamId: event.streamId,
    revision: toNumber(event.revision, 'Revision'),
    position,
    recordedAt: event.created.toISOString(),
  };
}

interface KurrentError {
  type?: string;
  streamName?: string;
  actualState?: bigint | string;
}

/** Maps the client's errors onto the port's; anything else is rethrown unchanged. */
export function toPortError(
  error: unknown,
  streamId: string,
  expected?: ExpectedRevision,
): unknown {
  const { type, actualState } = (error ?? {}) as KurrentError;
  if (type === 'wrong-expected-version' && expected !== undefined) {
    const actual =
      typeof actualState === 'bigint' ? toNumber(actualState, 'Revision') : -1;
    return new WrongExpectedVersion(streamId, expected, actual);
  }
  if (type === 'stream-not-found') return new StreamNotFound(streamId);
  if (type === 'deadline-exceeded')
    return new StoreUnavailable(
      `KurrentDB did not answer the call on ${streamId} within its deadline`,
      { cause: error },
    );
  if (type === 'unavailable')
    return new StoreUnavailable(
      `KurrentDB is not reachable for the call on ${streamId}`,
      {
        cause: error,
      },
    );
  return error;
}
