import { afterAll, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createSqliteEventStore } from '@server/event-store/sqlite-event-store';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const appender = fileURLToPath(
  new URL('./fixtures/crash-appender.fixture.ts', import.meta.url),
);

/** Starts the appender, lets it acknowledge `target` events, SIGKILLs it; returns the acknowledged ids. */
function appendUntilKilled(path: string, target: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', appender, path], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    let killed = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (!killed && output.split('\n').length > target) {
        killed = true;
        child.kill('SIGKILL'); // mid-run: appends are still queued and being committed
      }
    });
    child.stderr
      .setEncoding('utf8')
      .on('data', (chunk: string) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL')
        return reject(new Error(`appender exited on its own: ${errors}`));
      // Only complete lines count: a line cut by the kill was never fully reported.
      const lines = output.split('\n').slice(0, -1);
      resolve(lines.filter((line) => line !== 'ready'));
    });
  });
}

it(
  'keeps every acknowledged append when the writer is killed with SIGKILL',
  { timeout: 60_000 },
  async () => {
    const path = join(dir, 'events.db');
    const acknowledged = await appendUntilKilled(path, 2_000);
    expect(acknowledged.length).toBeGreaterThanOrEqual(2_000);

    // The file opens cleanly (WAL recovery) and is intact.
    const raw = new Database(path);
    expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
    raw.close();

    const store = createSqliteEventStore({ path });
    const stored = new Set<string>();
    for (let after = 0; ; ) {
      const page = await store.readAll({ after, maxCount: 1_000 });
      if (page.length === 0) break;
      page.forEach((event) => stored.add(event.id));
      after = page[page.length - 1]!.position;
    }
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // and the store keeps working after the crash
    await expect(
      store.append(
        'after-crash',
        [{ id: 'x', type: 'T', data: {}, metadata: {} }],
        'no_stream',
      ),
    ).resolves.toMatchObject({
      nextExpectedRevision: 0,
    });
    await store.close();
  },
);
