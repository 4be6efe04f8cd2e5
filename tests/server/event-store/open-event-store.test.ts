import { afterAll, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEventStore } from '@server/event-store/open-event-store';
import { newEvents, newStream, rejectionOf } from './event-store-fixtures';

const dir = mkdtempSync(join(tmpdir(), 'open-event-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('opens SQLite at <dataDir>/events.db, creating the folder, when no KurrentDB URL is set', async () => {
  const dataDir = join(dir, 'nested', 'data');
  const store = openEventStore({ dataDir, kurrentUrl: '  ' });
  const stream = newStream();
  await store.append(stream, newEvents(2), 'no_stream');
  expect(existsSync(join(dataDir, 'events.db'))).toBe(true);
  await store.close();

  const reopened = openEventStore({ dataDir });
  expect(await reopened.readStream(stream)).toHaveLength(2);
  await reopened.close();
});

it('chooses KurrentDB when a URL is set, without touching dataDir', async () => {
  const dataDir = join(dir, 'unused');
  const store = openEventStore({
    dataDir,
    kurrentUrl: 'kurrentdb://127.0.0.1:1?tls=false',
  });
  expect(existsSync(dataDir)).toBe(false);
  // The KurrentDB adapter insists on UUID ids; the SQLite one does not.
  const error = await rejectionOf(
    store.append(
      newStream(),
      [{ id: 'plain', type: 'T', data: {}, metadata: {} }],
      'any',
    ),
  );
  expect((error as Error).message).toContain('must be a UUID for KurrentDB');
  await store.close();
});
