import { createHash, randomUUID } from 'node:crypto';
import type {
  EventData,
  EventStore,
  ExpectedRevision,
  RecordedEvent,
} from './event-store';
import type { KeyStore } from './key-store';

export interface MigrationReport {
  /** Each source stream's hash-chain head (the last event's hash), for the anchor. */
  heads: Map<string, string | null>;
  /** The source's newest position. */
  headPosition: number;
  /** Events read from the source (all of them, in global order). */
  events: number;
  /** Streams started (events at revision 0). */
  streams: number;
  /** Append calls made on the target. */
  appends: number;
}

export interface MigrateOptions {
  /** Events read per page from the source. */
  pageSize?: number;
  onProgress?: (copied: number) => void;
}

const toEventData = (e: RecordedEvent): EventData => ({
  id: e.id,
  type: e.type,
  data: e.data,
  metadata: e.metadata,
});

/**
 * Copies every event of `source` to `target` through the event-store port only, so it works between
 * any two adapters (SQLite → KurrentDB is the real use): in the source's global order, with the
 * same stream names, revisions, ids, types, data and metadata. Consecutive events of one stream
 * go in one append, at the expected revision they had in the source. That makes a re-run after an
 * interruption safe: the appends that already happened are recognised as idempotent retries (same
 * ids at the same expected revision) and write nothing; a target that holds other events in
 * those streams fails with WrongExpectedVersion instead of being mixed in. The store's own
 * recording time (`recordedAt`) is the target's; the events' `metadata.at` is what the app reads.
 */
export async function migrateStore(
  source: EventStore,
  target: EventStore,
  options: MigrateOptions = {},
): Promise<MigrationReport> {
  const pageSize = options.pageSize ?? 1_000;
  const report: MigrationReport = {
    heads: new Map(),
    headPosition: 0,
    events: 0,
    streams: 0,
    appends: 0,
  };
  for (let after = 0; ; ) {
    const page = await source.readAll({ after, maxCount: pageSize });
    if (page.length === 0) break;
    for (let start = 0; start < page.length; ) {
      let end = start + 1;
      while (end < page.length && page[end]!.streamId === page[start]!.streamId)
        end++;
      const run = page.slice(start, end);
      const first = run[0]!;
      const expected: ExpectedRevision =
        first.revision === 0 ? 'no_stream' : first.revision - 1;
      await target.append(first.streamId, run.map(toEventData), expected);
      report.appends++;
      report.streams += run.filter((e) => e.revision === 0).length;
      start = end;
    }
    for (const event of page)
      report.heads.set(event.streamId, event.hash ?? null);
    report.events += page.length;
    after = page[page.length - 1]!.position;
    report.headPosition = after;
    options.onProgress?.(report.events);
  }
  return report;
}

/**
 * Carries the source's erased keys (tombstones) to the target before any event is copied, with
 * the time of each erasure: an erased person stays erased in the copy. Without it the target would
 * make a fresh key for them on the first event it seals, so what is appended about them afterwards
 * would be kept readable. A key the target already holds for that person is erased there too.
 * Returns how many tombstones were carried.
 */
export async function migrateErasedKeys(
  source: KeyStore,
  target: KeyStore,
): Promise<number> {
  const tombstones = await source.tombstones();
  for (const { subject, kind, erasedAt } of tombstones)
    await target.erase(subject, kind, erasedAt);
  return tombstones.length;
}

/**
 * Reads both stores side by side and throws at the first difference: the target must hold exactly
 * the source's events, in the same global order, with the same stream, revision, id, type, data and
 * metadata (positions differ between adapters and are not compared).
 */
export async function verifyMigration(
  source: EventStore,
  target: EventStore,
  pageSize = 1_000,
): Promise<number> {
  const describe = (e: RecordedEvent) =>
    JSON.stringify([e.streamId, e.revision, e.id, e.type, e.data, e.metadata]);
  let sourceAfter = 0;
  let targetAfter = 0;
  let compared = 0;
  for (;;) {
    const [a, b] = await Promise.all([
      source.readAll({ after: sourceAfter, maxCount: pageSize }),
      target.readAll({ after: targetAfter, maxCount: pageSize }),
    ]);
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      if (describe(a[i]!) !== describe(b[i]!)) {
        throw new Error(
          `Event ${compared + i + 1} differs: source ${describe(a[i]!)}, target ${describe(b[i]!)}`,
        );
      }
    }
    if (a.length !== b.length) {
      throw new Error(
        a.length > b.length
          ? `The target lacks events from number ${compared + n + 1} on`
          : `The target holds events the source does not (from number ${compared + n + 1} on)`,
      );
    }
    if (n === 0) return compared;
    compared += n;
    sourceAfter = a[n - 1]!.position;
    targetAfter = b[n - 1]!.position;
  }
}

/**
 * The old chains, anchored in the new store: one digest over every source stream's chain head
 * (sorted by stream), so the copy's new chains can be tied to the ones an auditor checked before.
 */
export function migrationAnchor(report: MigrationReport) {
  const lines = [...report.heads]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([stream, head]) => `${stream} ${head ?? 'none'}`);
  const digest = createHash('sha256').update(lines.join('\n')).digest('hex');
  return {
    sourceHeadPosition: report.headPosition,
    streams: report.heads.size,
    events: report.events,
    chainHeadsDigest: digest,
  };
}

/** Appends the anchor (StoreMigrated) to `store-migration-<digest>`: written once per source. */
export async function appendMigrationAnchor(
  target: EventStore,
  anchor: ReturnType<typeof migrationAnchor>,
  at: string,
): Promise<void> {
  const stream = `store-migration-${anchor.chainHeadsDigest.slice(0, 16)}`;
  const metadata = {
    actor: { kind: 'system', id: 'migrate-store' },
    at,
    correlationId: randomUUID(),
    causationId: null,
    schemaVersion: 1,
  };
  const event = {
    id: randomUUID(),
    type: 'StoreMigrated',
    data: anchor,
    metadata,
  };
  await target.append(stream, [event], 'any');
}
