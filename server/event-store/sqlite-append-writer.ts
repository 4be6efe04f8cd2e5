import type Database from 'better-sqlite3';
import { WrongExpectedVersion, type AppendResult, type ExpectedRevision } from './event-store';

/** An append already validated and serialised, waiting for its group commit. */
export interface PreparedAppend {
  streamId: string;
  expected: ExpectedRevision;
  events: { id: string; type: string; data: string; metadata: string }[];
}

interface StreamHead {
  revision: number;
  position: number;
}

/**
 * Applies one append inside the caller's transaction, following KurrentDB's rules:
 * - exact revision E (and `no_stream`, i.e. E = -1): written when E is the current revision;
 *   when E is older and the events at E+1… carry the same ids in the same order, the append is an
 *   idempotent retry and returns the original result; anything else is WrongExpectedVersion;
 * - `any` / `stream_exists`: when the first id is already in the stream and the following
 *   events match the rest in order, it is an idempotent retry; otherwise a new write
 *   (`stream_exists` first requires the stream to exist).
 * Unlike KurrentDB, which would write a second copy, an append that reuses an id already in the
 * stream in any other way is refused with WrongExpectedVersion: ids are unique per stream here.
 */
export function createSqliteAppendWriter(db: Database.Database) {
  const head = db.prepare<[string], StreamHead>(
    'SELECT revision, position FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
  );
  const revisionOfId = db
    .prepare<[string, string], number>('SELECT revision FROM events WHERE stream_id = ? AND event_id = ?')
    .pluck();
  const idsFrom = db
    .prepare<[string, number, number], { event_id: string; position: number }>(
      'SELECT event_id, position FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
    );
  const insert = db.prepare<[string, number, string, string, string, string, string]>(
    `INSERT INTO events (stream_id, revision, event_id, type, data, metadata, recorded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );

  /** The original result when `ids` sit at `start`, `start+1`, … in the stream, else undefined. */
  function replayOf(streamId: string, ids: string[], start: number): AppendResult | undefined {
    const rows = idsFrom.all(streamId, start, ids.length);
    if (rows.length !== ids.length || rows.some((row, i) => row.event_id !== ids[i])) return undefined;
    return { nextExpectedRevision: start + ids.length - 1, position: rows[rows.length - 1]!.position };
  }

  return function apply(append: PreparedAppend, recordedAt: string): AppendResult {
    const { streamId, expected, events } = append;
    const current = head.get(streamId);
    const actual = current?.revision ?? -1;
    const ids = events.map((event) => event.id);
    const conflict = () => new WrongExpectedVersion(streamId, expected, actual);

    if (typeof expected === 'number' || expected === 'no_stream') {
      const wanted = expected === 'no_stream' ? -1 : expected;
      if (wanted < actual) {
        const replay = replayOf(streamId, ids, wanted + 1);
        if (replay) return replay;
        throw conflict();
      }
      if (wanted > actual) throw conflict();
    } else {
      if (expected === 'stream_exists' && actual < 0) throw conflict();
      if (actual >= 0) {
        const first = revisionOfId.get(streamId, ids[0]!);
        if (first !== undefined) {
          const replay = replayOf(streamId, ids, first);
          if (replay) return replay;
          throw conflict();
        }
      }
    }
    // A new write: no id may already be in the stream (one indexed probe each).
    if (actual >= 0 && ids.some((id) => revisionOfId.get(streamId, id) !== undefined)) throw conflict();

    let position = 0;
    events.forEach((event, i) => {
      const info = insert.run(streamId, actual + 1 + i, event.id, event.type, event.data, event.metadata, recordedAt);
      position = Number(info.lastInsertRowid);
    });
    return { nextExpectedRevision: actual + events.length, position };
  };
}

export type SqliteAppendWriter = ReturnType<typeof createSqliteAppendWriter>;
