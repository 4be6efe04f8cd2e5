/**
 * One "app instance" of the PostgreSQL bench: its own process, store (connections, group commit)
 * and command pipeline, running deal lifecycles against DATABASE_URL for DURATION_MS; prints
 * `{ lifecycles, seconds }` as JSON. Deal ids start at FIRST_ID so instances never share a stream.
 */
import { createPostgresEventStore } from '@server/event-store/postgres-event-store';
import { lifecyclesPerSecond } from '@tests/bench/pipeline.bench';

const store = createPostgresEventStore({
  connectionString: process.env.DATABASE_URL!,
});
await store.ready();
const durationMs = Number(process.env.DURATION_MS ?? 3_000);
const result = await lifecyclesPerSecond(store, {
  durationMs,
  firstId: Number(process.env.FIRST_ID ?? 0),
});
await store.close();
process.stdout.write(
  `${JSON.stringify({ lifecycles: result.lifecycles, rate: result.rate })}\n`,
);
