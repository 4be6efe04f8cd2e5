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
 * `es_append(batch)` applies a whole batch server-side in one round trip, with the same rules as
 * sqlite-append-writer.ts (expected revisions, idempotent retries by event id, hash chains), and
 * NOTIFYs the new head on `es_events` when it commits. data/metadata are `json`, which keeps the
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

CREATE OR REPLACE FUNCTION es_append(batch json) RETURNS TABLE (ok boolean, next_revision bigint, last_position bigint, actual bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  a json; ev json; ids text[]; s text; x text;
  cur bigint; wanted bigint; start_rev bigint; replay_pos bigint; found_ids text[];
  pos bigint; first_pos bigint; prev text; n int; k int; conflict boolean;
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK});
  SELECT coalesce(max(e.position), 0) INTO pos FROM es_events e;
  first_pos := pos;
  FOR a IN SELECT value FROM json_array_elements(batch) LOOP
    s := a->>'s';
    x := a->>'x';
    SELECT array_agg(value->>'id') INTO ids FROM json_array_elements(a->'ev');
    n := array_length(ids, 1);
    SELECT e.revision INTO cur FROM es_events e WHERE e.stream_id = s ORDER BY e.revision DESC LIMIT 1;
    cur := coalesce(cur, -1);
    start_rev := NULL;
    conflict := false;
    IF x = 'no_stream' OR x ~ '^[0-9]+$' THEN
      wanted := CASE WHEN x = 'no_stream' THEN -1 ELSE x::bigint END;
      IF wanted < cur THEN start_rev := wanted + 1;
      ELSIF wanted > cur THEN conflict := true;
      END IF;
    ELSIF x = 'stream_exists' AND cur < 0 THEN
      conflict := true;
    ELSIF cur >= 0 THEN
      SELECT e.revision INTO start_rev FROM es_events e
        WHERE e.stream_id = s AND e.revision > cur - ${ANY_WINDOW} AND e.event_id = ids[1] ORDER BY e.revision LIMIT 1;
    END IF;
    IF start_rev IS NOT NULL THEN
      -- A retry when the same ids sit at start_rev, start_rev + 1, …: answer with the original result.
      SELECT array_agg(e.event_id ORDER BY e.revision), max(e.position) INTO found_ids, replay_pos FROM es_events e
        WHERE e.stream_id = s AND e.revision >= start_rev AND e.revision < start_rev + n;
      IF found_ids = ids THEN
        ok := true; next_revision := start_rev + n - 1; last_position := replay_pos; actual := NULL;
      ELSE
        ok := false; next_revision := NULL; last_position := NULL; actual := cur;
      END IF;
      RETURN NEXT;
      CONTINUE;
    END IF;
    IF conflict THEN
      ok := false; next_revision := NULL; last_position := NULL; actual := cur;
      RETURN NEXT;
      CONTINUE;
    END IF;
    prev := '${GENESIS}';
    IF cur >= 0 THEN
      SELECT coalesce(e.hash, prev) INTO prev FROM es_events e WHERE e.stream_id = s AND e.revision = cur;
    END IF;
    k := 0;
    FOR ev IN SELECT value FROM json_array_elements(a->'ev') LOOP
      pos := pos + 1;
      prev := encode(sha256(convert_to(prev || E'\\n' || (ev->>'type') || E'\\n' || (ev->>'data') || E'\\n' || (ev->>'metadata'), 'UTF8')), 'hex');
      INSERT INTO es_events (position, stream_id, revision, event_id, type, data, metadata, recorded_at, hash)
        VALUES (pos, s, cur + 1 + k, ev->>'id', ev->>'type', (ev->>'data')::json, (ev->>'metadata')::json, now(), prev);
      k := k + 1;
    END LOOP;
    ok := true; next_revision := cur + n; last_position := pos; actual := NULL;
    RETURN NEXT;
  END LOOP;
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
