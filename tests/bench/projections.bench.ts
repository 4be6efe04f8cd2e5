import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchLine, BenchSuite } from './bench.types';
import { seedEventStore } from '@tests/support/bench/seed-events';

/**
 * (d) projection rebuild: every read model of projections/all-projections.ts replayed from position 0
 * over EVENTS stored events (a realistic mix of deal, payment-request and user streams whose metadata
 * carries `state`, as the pipeline stamps it). Seeding writes the SQLite event log directly in big
 * transactions; the rebuild runs in a child process so the seeding does not inflate its memory, and
 * reports events/s and peak RSS (sampled during the run, and the kernel's maxRSS).
 */
const EVENTS = Number(process.env.BENCH_PROJECTION_EVENTS ?? 1_000_000);
const TARGET_RATE = 100_000;
const TARGET_RSS_MB = 300;

interface ChildReport {
  events: number;
  seconds: number;
  peakRssMb: number;
  maxRssMb: number;
  projections: string[];
  /** Baseline from the same run: reading and decoding the same events with no read model. */
  readDecodeSeconds: number;
  /** The same rebuild once every personal field is sealed, read through the encrypting store. */
  sealedSeconds: number;
  sealedFields: number;
}

/**
 * Seals the seeded store's personal fields in place, as the encrypting store writes them
 * (server/event-store/personal-data-encryption.ts), with keys in the file's own key table.
 */
async function sealInPlace(path: string): Promise<number> {
  const Database = (await import('better-sqlite3')).default;
  const { mapPersonalValues } = await import('@machines/events/personal-fields');
  const { createKeyStore, sealValue } = await import('@server/event-store/key-store');
  const { createSqliteKeyTable } = await import('@server/event-store/sqlite-key-store');
  const { subjectOf } = await import('@server/event-store/personal-data-subject');
  const keys = createKeyStore(createSqliteKeyTable(path));
  const db = new Database(path);
  type Row = { position: number; stream_id: string; type: string; data: string; metadata: string };
  const page = db.prepare<[number], Row>(
    'SELECT position, stream_id, type, data, metadata FROM events WHERE position > ? ORDER BY position LIMIT 5000',
  );
  const update = db.prepare('UPDATE events SET data = ? WHERE position = ?');
  let sealed = 0;
  for (let after = 0; ; ) {
    const rows = page.all(after);
    if (rows.length === 0) break;
    const updates: [string, number][] = [];
    for (const row of rows) {
      const subject = subjectOf(row.stream_id, JSON.parse(row.metadata));
      const found = new Map<string, Buffer | null>();
      for (const kind of ['profile', 'fiscal'] as const)
        found.set(kind, await keys.keyFor(subject, kind));
      let changed = false;
      const data = mapPersonalValues(row.type, JSON.parse(row.data), (value, privacy) => {
        changed = true;
        sealed++;
        return sealValue(value, found.get(privacy)!, subject, privacy);
      });
      if (changed) updates.push([JSON.stringify(data), row.position]);
    }
    db.transaction(() => updates.forEach(([data, position]) => update.run(data, position)))();
    after = rows[rows.length - 1]!.position;
  }
  db.close();
  await keys.close();
  return sealed;
}

/** The rebuild over the sealed store, read through the encrypting store: its seconds. */
async function sealedRebuildSeconds(dir: string): Promise<number> {
  const Database = (await import('better-sqlite3')).default;
  const { openEventStore } = await import('@server/event-store/open-event-store');
  const { createProjectionRunner } = await import('@projections/runner');
  const { allProjections } = await import('@projections/all-projections');
  const store = openEventStore({ dataDir: dir });
  const db = new Database(join(dir, 'read-sealed.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  const runner = createProjectionRunner({ source: store, db, projections: allProjections });
  const start = performance.now();
  await runner.rebuild();
  const seconds = (performance.now() - start) / 1000;
  db.close();
  await store.close();
  return seconds;
}

async function rebuildInChild(dir: string): Promise<ChildReport> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', self], {
    env: { ...process.env, PROJECTION_BENCH_CHILD: dir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`rebuild child exited with ${String(code)}: ${out}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as ChildReport;
}

async function childMain(dir: string): Promise<void> {
  const Database = (await import('better-sqlite3')).default;
  const { createSqliteEventStore } = await import('@server/event-store/sqlite-event-store');
  const { createProjectionRunner } = await import('@projections/runner');
  const { allProjections } = await import('@projections/all-projections');
  const { decodeEvent } = await import('@machines/events/codec');
  const store = createSqliteEventStore({ path: join(dir, 'events.db') });
  // The read database as the app opens it (projections/read-database.ts openReadDatabase).
  const db = new Database(join(dir, 'read.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  const runner = createProjectionRunner({
    source: store,
    db,
    projections: allProjections,
    batchSize: 5_000,
  });
  let peak = process.memoryUsage().rss;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const timer = setInterval(sample, 25);
  const start = performance.now();
  const events = await runner.rebuild(sample);
  const seconds = (performance.now() - start) / 1000;
  clearInterval(timer);
  sample();
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  db.close();
  // Baseline: the same events read page by page and decoded (validated), folded into nothing.
  const baselineStart = performance.now();
  for (let after = 0; ; ) {
    const page = await store.readAll({ after, maxCount: 2_000 });
    if (page.length === 0) break;
    for (const stored of page) decodeEvent(stored);
    after = page[page.length - 1]!.position;
  }
  const readDecodeSeconds = (performance.now() - baselineStart) / 1000;
  await store.close();
  const sealedFields = await sealInPlace(join(dir, 'events.db'));
  const sealedSeconds = await sealedRebuildSeconds(dir);
  const report: ChildReport = {
    sealedSeconds,
    sealedFields,
    events,
    seconds,
    peakRssMb: peak / 2 ** 20,
    maxRssMb,
    projections: allProjections.map((p) => p.name),
    readDecodeSeconds,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

export const run: BenchSuite = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'projections-bench-'));
  try {
    const seedStart = performance.now();
    const seeded = seedEventStore(join(dir, 'events.db'), EVENTS);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const report = await rebuildInChild(dir);
    const rate = report.events / report.seconds;
    const rss = Math.max(report.peakRssMb, report.maxRssMb);
    const line: BenchLine = {
      id: 'd',
      label: `projection rebuild, ${report.projections.length} read models (${report.projections.join(', ')}), ${report.events.toLocaleString('en-US')} events`,
      value: Math.round(rate),
      unit: 'events/s',
      baseline: {
        label: 'reading + decoding the same events with no read model',
        value: Math.round(report.events / report.readDecodeSeconds),
      },
      target: `>= 100,000 events/s, peak RSS < ${TARGET_RSS_MB} MB`,
      met: rate >= TARGET_RATE && rss < TARGET_RSS_MB,
      extra: `peak RSS ${rss.toFixed(0)} MB (sampled ${report.peakRssMb.toFixed(0)}, maxRSS ${report.maxRssMb.toFixed(0)}); ${report.seconds.toFixed(1)} s; seeded ${seeded.toLocaleString('en-US')} events in ${seedSeconds.toFixed(1)} s`,
    };
    const sealedRate = report.events / report.sealedSeconds;
    const sealed: BenchLine = {
      id: 'd-sealed',
      label: `(d) with every personal field sealed (${report.sealedFields.toLocaleString('en-US')} values), read through the encrypting store`,
      value: Math.round(sealedRate),
      unit: 'events/s',
      baseline: { label: 'd', value: line.value },
      target: 'decryption costs <= 15 % of (d)',
      met: sealedRate >= 0.85 * rate,
      extra: `${report.sealedSeconds.toFixed(1)} s; cost ${((1 - sealedRate / rate) * 100).toFixed(1)} %`,
    };
    return [line, sealed];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

if (process.env.PROJECTION_BENCH_CHILD) {
  childMain(process.env.PROJECTION_BENCH_CHILD).catch((error: unknown) => {
    console.error(error);
    // The parent reads the child's exit status: a failure must never look like success, and an
    // interval left running must not keep the child alive.
    process.kill(process.pid, 'SIGTERM');
  });
}
