import { runCli } from './run-cli';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { EventStore } from '../event-store/event-store';
import { createKurrentEventStore } from '../event-store/kurrent-event-store';
import {
  appendMigrationAnchor,
  migrateErasedKeys,
  migrateStore,
  migrationAnchor,
  verifyMigration,
} from '../event-store/migrate-store';
import { createSqliteEventStore } from '../event-store/sqlite-event-store';
import { isPostgresUrl } from '../event-store/postgres-connection';
import { createKeyStore, type KeyTable } from '../event-store/key-store';
import {
  withPersonalDataEncryption,
  type EncryptedEventStore,
} from '../event-store/personal-data-encryption';
import { createPostgresKeyTable } from '../event-store/postgres-key-store';
import { createSqliteKeyTable } from '../event-store/sqlite-key-store';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import {
  createPostgresEvidenceStore,
  createSqliteEvidenceStore,
  type EvidenceStore,
} from '../evidence/evidence-store';

const USAGE = `Usage: npm run migrate-store -- --from <store> --to <store>
  <store> is a SQLite event-store file (e.g. data/events.db), a PostgreSQL URL (postgres://…) or a KurrentDB connection string (kurrentdb://…).
  Copies every stream with the same events, ids and order (personal fields sealed again under the target's keys, erased keys carried over as erased), then verifies the copy. Stop the app first.`;

const isKurrent = (spec: string) =>
  /^(kurrentdb|esdb|kdb)(\+discover)?:\/\//i.test(spec);
const isServer = (spec: string) => isKurrent(spec) || isPostgresUrl(spec);

/** KurrentDB keeps its personal-data keys in KEY_STORE_URL's PostgreSQL, else in DATA_DIR's keys.db. */
function kurrentKeys(): KeyTable {
  const url = process.env.KEY_STORE_URL?.trim();
  if (url) return createPostgresKeyTable(url);
  const dataDir = resolve(process.env.DATA_DIR ?? 'data');
  mkdirSync(dataDir, { recursive: true });
  return createSqliteKeyTable(join(dataDir, 'keys.db'));
}

function openStored(
  spec: string,
  role: 'from' | 'to',
): { store: EventStore; keys: KeyTable } {
  if (isKurrent(spec))
    return {
      store: createKurrentEventStore({ connectionString: spec }),
      keys: kurrentKeys(),
    };
  if (isPostgresUrl(spec)) {
    const store = createPostgresEventStore({
      connectionString: spec,
      startTimeoutMs: 0,
    });
    return { store, keys: createPostgresKeyTable(spec) };
  }
  const path = resolve(spec);
  if (role === 'from' && !existsSync(path))
    throw new Error(`No event store at ${path}`);
  mkdirSync(dirname(path), { recursive: true });
  return {
    store: createSqliteEventStore({ path }),
    keys: createSqliteKeyTable(path),
  };
}

/**
 * Each side with its own key table: events are read with personal fields opened under the
 * source's keys and sealed again under the target's (plain values of an older store get sealed
 * on the way), so the copy is compared by what the app reads.
 */
function open(spec: string, role: 'from' | 'to'): EncryptedEventStore {
  const { store, keys } = openStored(spec, role);
  return withPersonalDataEncryption(store, createKeyStore(keys));
}

/** The evidence files kept beside a store (its own table), or null beside KurrentDB (a file of its own). */
function openEvidence(
  spec: string,
): Promise<EvidenceStore> | EvidenceStore | null {
  if (isKurrent(spec)) return null;
  if (isPostgresUrl(spec)) return createPostgresEvidenceStore(spec);
  return createSqliteEvidenceStore(resolve(spec));
}

/** Copies the dispute conversations' evidence files with the events (content-addressed: a re-run adds nothing). */
async function copyEvidence(from: string, to: string): Promise<string> {
  const [source, target] = await Promise.all([
    openEvidence(from),
    openEvidence(to),
  ]);
  try {
    if (!source || !target)
      return 'Evidence files beside KurrentDB are in DATA_DIR/evidence.db: copy that file (or its rows) yourself.';
    const hashes = await source.hashes();
    for (const sha256 of hashes) {
      const file = await source.get(sha256);
      if (file) await target.put(file);
    }
    return `Copied ${hashes.length} evidence files.`;
  } finally {
    await Promise.allSettled([source?.close(), target?.close()]);
  }
}

/** `npm run migrate-store -- --from data/events.db --to kurrentdb://…`: a one-off copy of the whole event log. */
async function main(argv: string[]): Promise<number> {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const from = arg('--from');
  const to = arg('--to');
  if (!from || !to || argv.length !== 4) {
    console.error(USAGE);
    return 2;
  }
  if (
    isServer(from)
      ? from === to
      : !isServer(to) && resolve(from) === resolve(to)
  ) {
    console.error('--from and --to name the same store.');
    return 2;
  }
  const source = open(from, 'from');
  const target = open(to, 'to');
  try {
    const started = Date.now();
    // First: the copy's events about an erased person must not be sealed under a fresh key.
    const tombstones = await migrateErasedKeys(source.keys, target.keys);
    const total = await source.headPosition();
    const report = await migrateStore(source, target, {
      onProgress: (copied) =>
        process.stdout.write(
          `\rcopied ${copied} events${isKurrent(from) ? '' : ` (source head ${total})`}`,
        ),
    });
    process.stdout.write('\n');
    const verified = await verifyMigration(source, target);
    const anchor = migrationAnchor(report);
    await appendMigrationAnchor(target, anchor, new Date().toISOString());
    console.log(
      `Copied ${report.events} events (${report.streams} streams, ${report.appends} appends) in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `verified ${verified} events: same streams, revisions, ids, types, data and order.`,
    );
    console.log(
      `Carried ${tombstones} erased keys over: erased people stay erased.`,
    );
    console.log(
      `Anchored the old chains in the new store: heads digest ${anchor.chainHeadsDigest}.`,
    );
    console.log(await copyEvidence(from, to));
    return 0;
  } finally {
    await Promise.allSettled([source.close(), target.close()]);
  }
}

runCli(main, { name: 'migrate-store' });
