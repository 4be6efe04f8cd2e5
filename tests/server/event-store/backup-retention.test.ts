import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import {
  pruneBackups,
  stampBackup,
} from '@server/event-store/backup-retention';
import { createSqliteEventStore } from '@server/event-store/sqlite-event-store';
import { runCliScript } from '@tests/support/cli-process';

/**
 * Backups hold the key table, erased keys included, so none is kept longer than
 * BACKUP_MAX_AGE_DAYS (default and most 35, docs/privacy.md): each `npm run backup` deletes the
 * older backups it took into the same folder, and nothing else.
 */
const dir = mkdtempSync(join(tmpdir(), 'backup-retention-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DAY = 86_400_000;
const NOW = new Date('2026-06-30T12:00:00.000Z');
const daysBefore = (days: number, now = NOW) =>
  new Date(now.getTime() - days * DAY);

/** A small SQLite file, stamped as a backup taken at `takenAt` unless null. */
function sqliteFile(path: string, takenAt: Date | null): string {
  const db = new Database(path);
  db.exec('CREATE TABLE privacy_keys (subject TEXT)');
  db.close();
  if (takenAt) stampBackup(path, takenAt);
  return path;
}

describe('pruneBackups', () => {
  it('deletes only stamped backups past the limit; unstamped files, other files and the live store stay', () => {
    const folder = join(dir, 'unit');
    mkdirSync(folder);
    const old = sqliteFile(join(folder, 'events-old.db'), daysBefore(36));
    const older = sqliteFile(join(folder, 'events-older.db'), daysBefore(400));
    const recent = sqliteFile(join(folder, 'events-recent.db'), daysBefore(34));
    const unstamped = sqliteFile(join(folder, 'copied-by-hand.db'), null);
    const live = sqliteFile(join(folder, 'events.db'), daysBefore(90));
    const notes = join(folder, 'notes.txt');
    writeFileSync(notes, 'not a backup');
    mkdirSync(join(folder, 'nested'));

    const deleted = pruneBackups(folder, {
      now: NOW,
      maxAgeDays: 35,
      keep: [live],
    });
    expect(deleted).toEqual([older, old]);
    for (const path of [recent, unstamped, live, notes])
      expect(existsSync(path)).toBe(true);
    expect(
      pruneBackups(folder, { now: NOW, maxAgeDays: 7, keep: [live] }),
    ).toEqual([recent]);
  });

  it('allows a limit of at most 35 days, 35 by default', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(env).backupMaxAgeDays).toBe(35);
    expect(
      loadConfig({ ...env, BACKUP_MAX_AGE_DAYS: '14' }).backupMaxAgeDays,
    ).toBe(14);
    expect(() => loadConfig({ ...env, BACKUP_MAX_AGE_DAYS: '36' })).toThrow(
      /BACKUP_MAX_AGE_DAYS/,
    );
  });
});

const runBackup = (
  dataDir: string,
  file: string,
  env: Record<string, string> = {},
) =>
  runCliScript('server/cli/backup.ts', [file], {
    DATA_DIR: dataDir,
    KURRENTDB_URL: '',
    ...env,
  });

describe('npm run backup', () => {
  it('stamps the new backup and deletes its backups in that folder older than the limit', async () => {
    const dataDir = join(dir, 'data');
    const backups = join(dir, 'backups');
    mkdirSync(dataDir);
    mkdirSync(backups);
    const store = createSqliteEventStore({ path: join(dataDir, 'events.db') });
    await store.append(
      's-1',
      [{ id: 'a', type: 'T', data: {}, metadata: {} }],
      'no_stream',
    );
    await store.close();
    const now = new Date();
    const expired = sqliteFile(
      join(backups, 'events-expired.db'),
      daysBefore(40, now),
    );
    const young = sqliteFile(
      join(backups, 'events-young.db'),
      daysBefore(20, now),
    );
    const unstamped = sqliteFile(join(backups, 'copied-by-hand.db'), null);

    const result = await runBackup(dataDir, join(backups, 'events-new.db'));
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`Deleted ${expired}: older than 35 days.`);
    expect(existsSync(expired)).toBe(false);
    for (const path of [young, unstamped, join(backups, 'events-new.db')])
      expect(existsSync(path)).toBe(true);

    const stricter = await runBackup(
      dataDir,
      join(backups, 'events-newer.db'),
      {
        BACKUP_MAX_AGE_DAYS: '14',
      },
    );
    expect(stricter.code, stricter.output).toBe(0);
    expect(existsSync(young)).toBe(false);
    expect(existsSync(join(backups, 'events-new.db'))).toBe(true);
  });
});
