import type { PoolClient } from 'pg';
import { ANY_WINDOW } from './event-store';
import { GENESIS } from './hash-chain';

/**
 * The PostgreSQL event log (docs/adr/0015-postgresql-positions-by-serialised-appends.md).
 *
 * Positions are dense and follow commit order because every append transaction takes one
 * transaction-scoped advisory lock before it assigns them (max(position) + 1 …) and holds it until
 * its COMMIT is visible: a reader that sees a position sees every smaller one, so a subscriber
 * reading "position > last delivered" can never pass over a transaction that commits later.
 * Group commit (one transaction per batch of appends) keeps the lock's cost per event small.
 *
 * `es_append(streams, expected, counts, ids, types, datas, metas)` applies a whole batch server-side
 * in one round trip, with the same rules as sqlite-append-writer.ts (expected revisions, idempotent
 * retries by event id, hash chains), and NOTIFYs the new head on `es_events` when it commits. It is
 * set-based so the lock is held briefly: one lookup of every stream's head, checks and hashes in
 * memory, one multi-row INSERT. (Databases set up by an earlier version keep the former
 * `es_append(json)` overload, which follows the same rules, so older instances still append.) data/metadata are `json`, which keeps the
 * writer's exact text, so the hash chain (computed here with sha256) matches the one the
 * application computes in hash-chain.ts.
 */
export const NOTIFY_CHANNEL = 'es_events';
/** Advisory-lock keys: appends (positions), and schema set-up by concurrently starting instances. */
const APPEND_LOCK = 7_346_001;
const SCHEMA_LOCK = 7_346_000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS es_events (
  position    bigint      PRIMARY KEY,
  stream_id   text        NOT NULL,
  revision    bigint      NOT NULL,
  event_id    text        NOT NULL,
  type        text        NOT NULL,
  data        json        NOT NULL,
  metadata    json        NOT NULL,
  recorded_at timestamptz NOT NULL,
  hash        text,
  UNIQUE (stream_id, revision)
);

-- Writes events first + 1 .. last of a batch (parallel arrays, one element per event; a NULL
-- position is an event that is not written) with a single multi-row INSERT. PL/pgSQL, not SQL:
-- a SQL function called from es_append is parsed and planned again on every call, while
-- PL/pgSQL keeps the INSERT's plan for the connection (a tenth of a batch's server time).
CREATE OR REPLACE FUNCTION es_insert_events(first int, last int, e_pos bigint[], e_s text[], e_rev bigint[], ids text[], types text[], datas json[], metas json[], e_hash text[])
RETURNS void LANGUAGE plpgsql AS $ins$
BEGIN
  INSERT INTO es_events (position, stream_id, revision, event_id, type, data, metadata, recorded_at, hash)
  SELECT u.pos, u.s, u.rev, u.id, u.type, u.data, u.meta, now(), u.hash
    FROM unnest(e_pos, e_s, e_rev, ids, types, datas, metas, e_hash) WITH ORDINALITY AS u (pos, s, rev, id, type, data, meta, hash, k)
   WHERE u.k > first AND u.k <= last AND u.pos IS NOT NULL;
END
$ins$;

-- One batch of appends as parallel arrays: append i goes to streams[i] with expected revision
-- expected[i] and carries counts[i] events, which follow the previous appends' events in ids,
-- types, datas and metas.
--
-- Everything that does not depend on the log's current state happens before the lock (parsing
-- the JSON, finding each append's stream among the batch's distinct streams), so a batch that
-- waits for another one's commit does it meanwhile. Under the lock, one query reads every
-- stream's head; the loop then only indexes arrays (O(1) per append) and hashes; one INSERT
-- writes the batch.
CREATE OR REPLACE FUNCTION es_append(streams text[], expected text[], counts int[], ids text[], types text[], datas text[], metas text[])
RETURNS TABLE (ok boolean, next_revision bigint, last_position bigint, actual bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  j_data json[] := datas::json[];
  j_meta json[] := metas::json[];
  n_ev int := coalesce(array_length(ids, 1), 0);
  slot int[]; head_s text[]; head_rev bigint[]; head_hash text[];
  e_pos bigint[] := array_fill(NULL::bigint, ARRAY[n_ev]);
  e_rev bigint[] := array_fill(NULL::bigint, ARRAY[n_ev]);
  e_s text[] := array_fill(NULL::text, ARRAY[n_ev]);
  e_hash text[] := array_fill(NULL::text, ARRAY[n_ev]);
  flushed int := 0; pending boolean := false;
  e int := 0; h int; n int; s text; x text; my_ids text[];
  cur bigint; wanted bigint; start_rev bigint; replay_pos bigint; found_ids text[];
  pos bigint; first_pos bigint; prev text; conflict boolean;
BEGIN
  -- Append i's stream is head_s[slot[i]] (one entry per distinct stream, in order of appearance).
  SELECT array_agg(d.s ORDER BY d.first) INTO head_s
    FROM (SELECT u.s, min(u.i) AS first FROM unnest(streams) WITH ORDINALITY AS u (s, i) GROUP BY u.s) d;
  SELECT array_agg(k.slot::int ORDER BY a.i) INTO slot
    FROM unnest(streams) WITH ORDINALITY AS a (s, i) JOIN unnest(head_s) WITH ORDINALITY AS k (s, slot) ON k.s = a.s;

  PERFORM pg_advisory_xact_lock(${APPEND_LOCK});
  SELECT coalesce(max(ev.position), 0) INTO pos FROM es_events ev;
  first_pos := pos;
  -- Every stream's head (revision and hash) at once; later appends in the batch update it here.
  SELECT array_agg(coalesce(t.revision, -1) ORDER BY d.slot), array_agg(coalesce(t.hash, '${GENESIS}') ORDER BY d.slot)
    INTO head_rev, head_hash
    FROM unnest(head_s) WITH ORDINALITY AS d (s, slot)
    LEFT JOIN LATERAL (SELECT ev.revision, ev.hash FROM es_events ev WHERE ev.stream_id = d.s ORDER BY ev.revision DESC LIMIT 1) t ON true;
  FOR i IN 1 .. coalesce(array_length(streams, 1), 0) LOOP
    s := streams[i];
    x := expected[i];
    n := counts[i];
    h := slot[i];
    cur := head_rev[h];
    start_rev := NULL;
    conflict := false;
    IF x = 'no_stream' THEN
      IF cur >= 0 THEN start_rev := 0; END IF;
    ELSIF x = 'any' OR x = 'stream_exists' THEN
      IF x = 'stream_exists' AND cur < 0 THEN
        conflict := true;
      ELSIF cur >= 0 THEN
        -- A possible retry: the rows this batch has not written yet must be visible to the lookup.
        IF pending THEN
          PERFORM es_insert_events(flushed, e, e_pos, e_s, e_rev, ids, types, j_data, j_meta, e_hash);
          flushed := e; pending := false;
        END IF;
        SELECT ev.revision INTO start_rev FROM es_events ev
          WHERE ev.stream_id = s AND ev.revision > cur - ${ANY_WINDOW} AND ev.event_id = ids[e + 1] ORDER BY ev.revision LIMIT 1;
      END IF;
    ELSE
      wanted := x::bigint;
      IF wanted < cur THEN start_rev := wanted + 1;
      ELSIF wanted > cur THEN conflict := true;
      END IF;
    END IF;
    IF start_rev IS NOT NULL THEN
      -- A retry when the same ids sit at start_rev, start_rev + 1, …: answer with the original result.
      IF pending THEN
        PERFORM es_insert_events(flushed, e, e_pos, e_s, e_rev, ids, types, j_data, j_meta, e_hash);
        flushed := e; pending := false;
      END IF;
      my_ids := ids[e + 1 : e + n];
      SELECT array_agg(ev.event_id ORDER BY ev.revision), max(ev.position) INTO found_ids, replay_pos FROM es_events ev
        WHERE ev.stream_id = s AND ev.revision >= start_rev AND ev.revision < start_rev + n;
      IF found_ids = my_ids THEN
        ok := true; next_revision := start_rev + n - 1; last_position := replay_pos; actual := NULL;
      ELSE
        ok := false; next_revision := NULL; last_position := NULL; actual := cur;
      END IF;
    ELSIF conflict THEN
      ok := false; next_revision := NULL; last_position := NULL; actual := cur;
    ELSE
      prev := head_hash[h];
      FOR k IN e + 1 .. e + n LOOP
        pos := pos + 1;
        prev := encode(sha256(convert_to(prev || E'\\n' || types[k] || E'\\n' || datas[k] || E'\\n' || metas[k], 'UTF8')), 'hex');
        e_pos[k] := pos; e_s[k] := s; e_rev[k] := cur + k - e; e_hash[k] := prev;
      END LOOP;
      pending := true;
      head_rev[h] := cur + n;
      head_hash[h] := prev;
      ok := true; next_revision := cur + n; last_position := pos; actual := NULL;
    END IF;
    e := e + n;
    RETURN NEXT;
  END LOOP;
  IF pending THEN
    PERFORM es_insert_events(flushed, e, e_pos, e_s, e_rev, ids, types, j_data, j_meta, e_hash);
  END IF;
  IF pos > first_pos THEN
    PERFORM pg_notify('${NOTIFY_CHANNEL}', pos::text);
  END IF;
END
$fn$;
`;

/**
 * Creates the table and the append function if they are missing (safe when several instances
 * start at once: they take turns under an advisory lock).
 */
export async function ensureEventSchema(client: PoolClient): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
    await client.query(SCHEMA);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
