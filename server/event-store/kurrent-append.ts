import {
  BACKWARDS,
  END,
  FORWARDS,
  type KurrentDBClient,
} from '@kurrent/kurrentdb-client';
import {
  ANY_WINDOW,
  WrongExpectedVersion,
  type AppendResult,
  type EventData,
  type ExpectedRevision,
  type RecordedEvent,
} from './event-store';
import type { SerialisedEvent } from './event-validation';
import { GENESIS } from './hash-chain';
import {
  toKurrentEvents,
  toNumber,
  toPortError,
  toStreamState,
} from './kurrent-event-mapping';
import { collectOrEmpty, type CollectOptions } from './kurrent-reads';
import { withTimeout } from '../shared/with-timeout';

/** How often an `any` / `stream_exists` append re-reads the stream's head after losing a race to another writer. */
export const MAX_APPEND_ATTEMPTS = 20;

/** A stream's newest events, newest first, as far as an `any` append needs them. */
interface Tail {
  /** Revision of the last event; -1 when the stream does not exist. */
  revision: number;
  hash: string;
  /** Events from the first proposed id on (oldest first), when that id is among the last ANY_WINDOW events. */
  replay: RecordedEvent[] | null;
}

/** The client and the store's deadline: what every step of an append uses. */
interface Kurrent {
  client: KurrentDBClient;
  deadlineMs: number;
}

/** A leader read that a write depends on, with the store's deadline. */
const readForWrite = (
  { client, deadlineMs }: Kurrent,
  streamId: string,
  options: Parameters<KurrentDBClient['readStream']>[1],
  collect: CollectOptions,
) =>
  withTimeout(
    collectOrEmpty(
      client.readStream(streamId, { ...options, requiresLeader: true }),
      collect,
    ),
    deadlineMs,
    `KurrentDB (reading ${streamId} to append)`,
  );

async function hashAt(
  k: Kurrent,
  streamId: string,
  revision: number,
): Promise<string> {
  const [event] = await readForWrite(
    k,
    streamId,
    { direction: FORWARDS, fromRevision: BigInt(revision), maxCount: 1 },
    { maxCount: 1 },
  );
  // No event there: the server will refuse the append (wrong expected version) anyway.
  return event?.revision === revision ? (event.hash ?? GENESIS) : GENESIS;
}

async function tail(
  k: Kurrent,
  streamId: string,
  firstId: string,
): Promise<Tail> {
  const options = {
    direction: BACKWARDS,
    fromRevision: END,
    maxCount: ANY_WINDOW,
  } as const;
  const newestFirst = await readForWrite(k, streamId, options, {
    maxCount: ANY_WINDOW,
    stopAfter: (event) => event.id === firstId,
  });
  const head = newestFirst[0];
  const found = newestFirst.at(-1)?.id === firstId;
  return {
    revision: head?.revision ?? -1,
    hash: head?.hash ?? GENESIS,
    replay: found ? newestFirst.reverse() : null,
  };
}

async function write(
  k: Kurrent,
  streamId: string,
  events: EventData[],
  serialised: SerialisedEvent[],
  previous: string,
  expected: ExpectedRevision,
): Promise<AppendResult> {
  const proposed = toKurrentEvents(streamId, events, serialised, previous);
  const result = await k.client.appendToStream(streamId, proposed, {
    streamState: toStreamState(expected),
    deadline: k.deadlineMs,
  });
  const nextExpectedRevision = toNumber(
    result.nextExpectedRevision,
    'Revision',
  );
  // With `throwOnAppendFailure=false` in the connection string the client answers a wrong expected
  // version with success: false (and the current revision, -1 for no stream) instead of throwing.
  if (!result.success)
    throw new WrongExpectedVersion(streamId, expected, nextExpectedRevision);
  if (result.position)
    return {
      nextExpectedRevision,
      position: toNumber(result.position.commit, 'Position'),
    };
  // An idempotent retry may come back without a position: take the original event's.
  const [last] = await readForWrite(
    k,
    streamId,
    {
      direction: FORWARDS,
      fromRevision: result.nextExpectedRevision,
      maxCount: 1,
    },
    { maxCount: 1 },
  );
  if (!last)
    throw new Error(
      `KurrentDB acknowledged an append to ${streamId} without a position`,
    );
  return { nextExpectedRevision, position: last.position };
}

/** The original result when `replay` starts with exactly `events`' ids; a conflict when only some follow. */
function replayed(
  streamId: string,
  events: EventData[],
  replay: RecordedEvent[],
  expected: ExpectedRevision,
  actual: number,
): AppendResult {
  const matches =
    replay.length >= events.length &&
    events.every((event, i) => replay[i]!.id === event.id);
  if (!matches) throw new WrongExpectedVersion(streamId, expected, actual);
  const last = replay[events.length - 1]!;
  return { nextExpectedRevision: last.revision, position: last.position };
}

async function appendAtHead(
  k: Kurrent,
  streamId: string,
  events: EventData[],
  serialised: SerialisedEvent[],
  expected: 'any' | 'stream_exists',
): Promise<AppendResult> {
  for (let attempt = 1; ; attempt++) {
    const head = await tail(k, streamId, events[0]!.id);
    if (expected === 'stream_exists' && head.revision < 0)
      throw new WrongExpectedVersion(streamId, expected, -1);
    if (head.replay)
      return replayed(streamId, events, head.replay, expected, head.revision);
    try {
      return await write(
        k,
        streamId,
        events,
        serialised,
        head.hash,
        head.revision < 0 ? 'no_stream' : head.revision,
      );
    } catch (error) {
      const lostRace =
        error instanceof WrongExpectedVersion ||
        (error as { type?: string }).type === 'wrong-expected-version';
      if (!lostRace) throw error;
      if (attempt >= MAX_APPEND_ATTEMPTS) {
        throw new Error(
          `Append to ${streamId} (${expected}) lost the race to other writers ${attempt} times in a row; try again`,
          { cause: error },
        );
      }
    }
  }
}

/**
 * Appends on KurrentDB with the stream's hash chain continued from the event the append actually
 * follows. The hash is computed here, before the server sees the events, so the append must land
 * exactly after the event it was chained from: every append goes to the server with an exact
 * expected revision (or "no stream"). An append with an exact revision reads the hash at that
 * revision; one with `any` or `stream_exists` reads the stream's head and appends at its revision,
 * and when another writer got there first (wrong expected version) reads the new head and tries
 * again. Reads go to the leader, so a follower that lags cannot hand out a stale head.
 *
 * That turns `any` into exact appends, for which KurrentDB checks no ids; so the adapter itself
 * recognises an `any` retry, as SQLite does: when the first id is among the stream's last
 * ANY_WINDOW events and the following events carry all the ids in order, the original result is
 * returned and nothing is written (partly: wrong expected version). Unlike the server's in-memory
 * id cache, that check reads the log, so it survives restarts and leader changes.
 */
export function createKurrentAppender(
  client: KurrentDBClient,
  deadlineMs: number,
) {
  const k: Kurrent = { client, deadlineMs };
  return async function append(
    streamId: string,
    events: EventData[],
    serialised: SerialisedEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    try {
      if (expected === 'any' || expected === 'stream_exists')
        return await appendAtHead(k, streamId, events, serialised, expected);
      const previous =
        expected === 'no_stream'
          ? GENESIS
          : await hashAt(k, streamId, expected);
      return await write(k, streamId, events, serialised, previous, expected);
    } catch (error) {
      throw toPortError(error, streamId, expected);
    }
  };
}
