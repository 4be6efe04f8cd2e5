import type Database from 'better-sqlite3';
import {
  ANY_WINDOW,
  WrongExpectedVersion,
  type AppendResult,
  type ExpectedRevision,
} from './event-store';
import { GENESIS, chainHash } from './hash-chain';

/** An append already validated and serialised, waiting for its group commit. */
export interface PreparedAppend {
  streamId: string;
  expected: ExpectedRevision;
  events: { id: string; type: string; data: string; metadata: string }[];
}

interface IdLookups {
  /** The original result when `ids` sit at `start`, `start+1`, … in the stream, else undefined. */
  replayOf(
    streamId: string,
    ids: string[],
    start: number,
  ): AppendResult | undefined;
  /** The revision of `id` among the stream's events after `after`, if it is there. */
  recentRevisionOfId(
    streamId: string,
    after: number,
    id: string,
  ): number | undefined;
}

/**
 * Checks the append against the expected revision: the original result when it repeats an append
 * already written (an idempotent retry), WrongExpectedVersion when it conflicts, undefined when
 * it is to be written at `actual + 1`.
 */
function earlierAppend(
  lookups: IdLookups,
  { streamId, expected, events }: PreparedAppend,
  actual: number,
): AppendResult | undefined {
  const ids = events.map((event) => event.id);
  const conflict = () => new WrongExpectedVersion(streamId, expected, actual);
  if (typeof expected === 'number' || expected === 'no_stream') {
    const wanted = expected === 'no_stream' ? -1 : expected;
    if (wanted < actual) {
      const replay = lookups.replayOf(streamId, ids, wanted + 1);
      if (replay) return replay;
      throw conflict();
    }
    if (wanted > actual) throw conflict();
    return undefined;
  }
  if (expected === 'stream_exists' && actual < 0) throw conflict();
  if (actual < 0) return undefined;
  const first = lookups.recentRevisionOfId(
    streamId,
    actual - ANY_WINDOW,
    ids[0]!,
  );
  if (first === undefined) return undefined;
  const replay = lookups.replayOf(streamId, ids, first);
  if (replay) return replay;
  throw conflict();
}

/** The stream's event ids as an append's retry check reads them, through (stream, revision) only. */
function createIdLookups(db: Database.Database): IdLookups {
  const recentRevisionOfId = db
    .prepare<[string, number, string], number>(
      `SELECT revision FROM events
       WHERE stream_id = ? AND revision > ? AND event_id = ? ORDER BY revision LIMIT 1`,
    )
    .pluck();
  const idsFrom = db.prepare<
    [string, number, number],
    { event_id: string; position: number }
  >(
    'SELECT event_id, position FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
  );

  function replayOf(
    streamId: string,
    ids: string[],
    start: number,
  ): AppendResult | undefined {
    const rows = idsFrom.all(streamId, start, ids.length);
    if (
      rows.length !== ids.length ||
      rows.some((row, i) => row.event_id !== ids[i])
    )
      return undefined;
    return {
      nextExpectedRevision: start + ids.length - 1,
      position: rows[rows.length - 1]!.position,
    };
  }

  return {
    replayOf,
    recentRevisionOfId: (streamId, after, id) =>
      recentRevisionOfId.get(streamId, after, id),
  };
}

/**
 * Applies one append inside the caller's transaction, following KurrentDB's rules:
 * - exact revision E (and `no_stream`, i.e. E = -1): written when E is the current revision
 *   (ids are not checked then, as in KurrentDB); when E is older and the events at E+1… carry the
 *   same ids in the same order, the append is an idempotent retry and returns the original
 *   result; otherwise (other ids, or only some of them) it is WrongExpectedVersion;
 * - `any` / `stream_exists`: when the first id is among the stream's last ANY_WINDOW events and
 *   the events from there match all ids in order, it is an idempotent retry; when they match
 *   only partly, WrongExpectedVersion; otherwise a new write (`stream_exists` first requires
 *   the stream to exist). KurrentDB, too, checks `any` retries against recent events only.
 * There is deliberately no index on event ids: a random-keyed index dirties one more page per
 * event and halved group-commit throughput; every check above goes through (stream, revision).
 */
export function createSqliteAppendWriter(db: Database.Database) {
  // Index-only (stream_id, revision): the stream's head revision without touching the row.
  const currentRevision = db
    .prepare<
      [string],
      number
    >('SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1')
    .pluck();
  const hashAt = db
    .prepare<
      [string, number],
      string | null
    >('SELECT hash FROM events WHERE stream_id = ? AND revision = ?')
    .pluck();
  /**
   * The last hash this writer wrote per stream, keyed by its revision: when the stream's head is
   * still that revision the chain continues from it without reading the row (that read cost ~10 %
   * of append throughput). Another process's append moves the head, so its hash is read then.
   * `forget()` drops it all when a batch's transaction fails, as its writes were rolled back.
   */
  const heads = new Map<string, { revision: number; hash: string }>();
  const previousHash = (streamId: string, revision: number): string => {
    if (revision < 0) return GENESIS;
    const known = heads.get(streamId);
    if (known && known.revision === revision) return known.hash;
    // An unchained predecessor (a file from before chains) restarts the chain from GENESIS.
    return hashAt.get(streamId, revision) ?? GENESIS;
  };
  const lookups = createIdLookups(db);
  const insert = db.prepare<
    [string, number, string, string, string, string, string, string]
  >(
    `INSERT INTO events (stream_id, revision, event_id, type, data, metadata, recorded_at, hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  function apply(append: PreparedAppend, recordedAt: string): AppendResult {
    const { streamId, events } = append;
    const actual = currentRevision.get(streamId) ?? -1;
    const earlier = earlierAppend(lookups, append, actual);
    if (earlier) return earlier;

    let position = 0;
    let previous = previousHash(streamId, actual);
    events.forEach((event, i) => {
      previous = chainHash(previous, event.type, event.data, event.metadata);
      const info = insert.run(
        streamId,
        actual + 1 + i,
        event.id,
        event.type,
        event.data,
        event.metadata,
        recordedAt,
        previous,
      );
      position = Number(info.lastInsertRowid);
    });
    if (heads.size >= 100_000) heads.clear();
    heads.set(streamId, { revision: actual + events.length, hash: previous });
    return { nextExpectedRevision: actual + events.length, position };
  }

  return Object.assign(apply, { forget: () => heads.clear() });
}
