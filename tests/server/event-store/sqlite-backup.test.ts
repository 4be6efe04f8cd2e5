import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { createSqliteEventStore } from '@server/event-store/sqlite-event-store';
import { verifyStoreFile } from '@server/event-store/sqlite-backup';
import type { RecordedEvent } from '@server/event-store/event-store';
import { runCliScript } from '@tests/support/cli-process';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-backup-'));
let appender: ChildProcess | null = null;
afterAll(() => {
  appender?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const appenderScript = fileURLToPath(
  new URL('./fixtures/crash-appender.fixture.ts', import.meta.url),
);

const runBackup = (
  dataDir: string,
  file: string,
  extraEnv: Record<string, string> = {},
) =>
  runCliScript('server/cli/backup.ts', [file], {
    DATA_DIR: dataDir,
    KURRENTDB_URL: '',
    ...extraEnv,
  });

async function readEverything(path: string): Promise<RecordedEvent[]> {
  const store = createSqliteEventStore({ path });
  const all: RecordedEvent[] = [];
  for (let after = 0; ; ) {
    const page = await store.readAll({ after, maxCount: 5_000 });
    if (page.length === 0) break;
    all.push(...page);
    after = page[page.length - 1]!.position;
  }
  await store.close();
  return all;
}

it(
  'takes a consistent copy under concurrent appends that restores to a store which opens and verifies',
  { timeout: 120_000 },
  async () => {
    const dataDir = join(dir, 'live');
    mkdirSync(dataDir);
    const source = join(dataDir, 'events.db');
    // Another process appends all the time (16 concurrent writers), as the running app would.
    let acknowledged = 0;
    let errors = '';
    appender = spawn(
      process.execPath,
      ['--import', 'tsx', appenderScript, source],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    appender
      .stdout!.setEncoding('utf8')
      .on(
        'data',
        (chunk: string) => (acknowledged += chunk.split('\n').length - 1),
      );
    appender
      .stderr!.setEncoding('utf8')
      .on('data', (chunk: string) => (errors += chunk));
    while (acknowledged < 3_000) {
      if (appender.exitCode !== null)
        throw new Error(`appender died: ${errors}`);
      await new Promise((r) => setTimeout(r, 50));
    }

    const before = acknowledged;
    const backupFile = join(dir, 'backup.db');
    const result = await runBackup(dataDir, backupFile);
    const after = acknowledged;
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(
      /Backed up .* events in \d+ streams up to position \d+; integrity verified/,
    );
    expect(after, 'appends went on while the backup ran').toBeGreaterThan(
      before,
    );

    appender.kill('SIGKILL');
    await new Promise((r) => appender!.once('exit', r));
    appender = null;

    // The copy is a sound store file holding a prefix of the live log: every event acknowledged
    // before the backup started, in the same order with the same ids, and nothing torn.
    const report = verifyStoreFile(backupFile);
    const original = await readEverything(source);
    const copy = await readEverything(backupFile);
    expect(report.events).toBe(copy.length);
    expect(copy.length).toBeGreaterThanOrEqual(before - 1); // "ready" is the appender's first line
    expect(copy.length).toBeLessThanOrEqual(original.length);
    const project = (e: RecordedEvent) => [
      e.position,
      e.id,
      e.streamId,
      e.revision,
      e.type,
      JSON.stringify(e.data),
    ];
    expect(copy.map(project)).toEqual(
      original.slice(0, copy.length).map(project),
    );

    // Restore as docs/operations.md says: the backup becomes DATA_DIR/events.db.
    const restoredDir = join(dir, 'restored');
    mkdirSync(restoredDir);
    copyFileSync(backupFile, join(restoredDir, 'events.db'));
    const restored = createSqliteEventStore({
      path: join(restoredDir, 'events.db'),
    });
    expect(await restored.headPosition()).toBe(report.head);
    const last = copy[copy.length - 1]!;
    await restored.append(
      last.streamId,
      [{ id: 'after-restore', type: 'CrashTested', data: {}, metadata: {} }],
      last.revision,
    );
    expect(
      (
        await restored.readStream(last.streamId, {
          fromRevision: last.revision + 1,
        })
      )[0]!.id,
    ).toBe('after-restore');
    await restored.close();
  },
);

it('refuses an existing target file and a KurrentDB configuration', async () => {
  const dataDir = join(dir, 'refusals');
  mkdirSync(dataDir);
  const store = createSqliteEventStore({ path: join(dataDir, 'events.db') });
  await store.append(
    's-1',
    [{ id: 'a', type: 'T', data: {}, metadata: {} }],
    'no_stream',
  );
  await store.close();
  const file = join(dir, 'first.db');
  expect((await runBackup(dataDir, file)).code).toBe(0);
  const again = await runBackup(dataDir, file);
  expect(again.code).toBe(2);
  expect(again.output).toContain('exists already');
  const kurrent = await runBackup(dataDir, join(dir, 'k.db'), {
    KURRENTDB_URL: 'kurrentdb://localhost:2113?tls=false',
  });
  expect(kurrent.code).toBe(2);
  expect(kurrent.output).toContain('KurrentDB');
});
