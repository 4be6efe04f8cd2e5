import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { createAppContext } from '@server/app-context';
import { replayCheck } from '@server/admin/replay-check';
import { loadConfig } from '@server/config';
import { verifyStore } from '@server/event-store/hash-chain';
import {
  createSqliteEventStore,
  type SqliteEventStore,
} from '@server/event-store/sqlite-event-store';
import { createTestClock } from '@server/shared/clock';
import { redactFor, redactOtherSide } from '@server/shared/redaction';
import {
  FIXTURE_DIR,
  FIXTURE_ENV,
  readAnswers,
  readModelRows,
  type FixtureManifest,
} from '@tests/fixtures/history/history-fixture';

/**
 * A store written by an earlier version of the code (tests/fixtures/history, made by its
 * generator): deals and payment requests in every state and money path. Stored history never
 * changes, so the code of today must replay it, and answer for it what that version answered.
 */
const fixture = (name: string) =>
  JSON.parse(readFileSync(join(FIXTURE_DIR, name), 'utf8')) as unknown;
const manifest = fixture('manifest.json') as FixtureManifest;

/** Read-model columns that hold JSON (a folded context) compare as objects, so an added field is an addition. */
function parseJsonColumns(row: unknown): unknown {
  return Object.fromEntries(
    Object.entries(row as Record<string, unknown>).map(([column, value]) => {
      if (typeof value !== 'string' || !value.startsWith('{'))
        return [column, value];
      try {
        return [column, JSON.parse(value) as unknown];
      } catch {
        return [column, value];
      }
    }),
  );
}

let dir: string;
let store: SqliteEventStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stored-history-'));
  copyFileSync(join(FIXTURE_DIR, 'events.db'), join(dir, 'events.db'));
  store = createSqliteEventStore({ path: join(dir, 'events.db') });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a store written by an earlier version', () => {
  it('replays through the current statecharts to the states its writer recorded, and every hash chain holds', async () => {
    const replay = await replayCheck(store);
    expect(replay.problems).toEqual([]);
    expect(replay.streams).toBe(32);
    const verified = await verifyStore(store);
    expect(verified.breaks).toEqual([]);
  });

  it('passes `npm run replay-check` and `npm run verify`', () => {
    const cli = (script: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', script], {
        cwd: process.cwd(),
        env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const replay = cli('server/cli/replay-check.ts');
    expect(replay.status, replay.stdout + replay.stderr).toBe(0);
    expect(replay.stdout).toContain('OK: 32 deal and payment-request streams');
    const verify = cli('server/cli/verify.ts');
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);
  });

  it('builds the same read models as the version that wrote it', async () => {
    // Later versions may add read models and fields; every row and field that version built stays the same.
    const parsed = (tables: Record<string, unknown[]>) =>
      Object.fromEntries(
        Object.entries(tables).map(([table, rows]) => [
          table,
          rows.map(parseJsonColumns),
        ]),
      );
    expect(parsed(await readModelRows(store))).toMatchObject(
      parsed(fixture('read-models.json') as Record<string, unknown[]>),
    );
  });

  it('answers the same for every deal and request, to each role', async () => {
    const appDir = mkdtempSync(join(tmpdir(), 'stored-history-app-'));
    copyFileSync(join(FIXTURE_DIR, 'events.db'), join(appDir, 'events.db'));
    const ctx = await createAppContext(
      loadConfig({ ...FIXTURE_ENV, DATA_DIR: appDir }),
      {
        clock: createTestClock(manifest.now),
        startReactors: false,
        pushSender: async () => ({ statusCode: 201 }),
      },
    );
    const app = await buildApp(ctx);
    try {
      await app.ready();
      await ctx.settle(await ctx.store.headPosition());
      // Later versions may add fields to an answer; every field that version answered stays the
      // same, except the other side's acting ids, which a party now reads as present (the brand
      // the creator's connected account, the creator the brand's payment), and the gateway's
      // webhook event ids, which a link reader now reads as present.
      expect(await readAnswers(app, ctx, manifest)).toMatchObject(
        asPartiesReadIt(fixture('answers.json') as Record<string, unknown>),
      );
    } finally {
      await app.close();
      await ctx.close();
      rmSync(appDir, { recursive: true, force: true });
    }
  });
});

/** The recorded answers as each reader reads them now: a party the other side's acting ids, a link reader every gateway id. */
function asPartiesReadIt(
  answers: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(answers).map(([key, answer]) => {
      if (key.startsWith('brand '))
        return [key, redactOtherSide('brand', answer)];
      if (key.startsWith('creator'))
        return [key, redactOtherSide('creator', answer)];
      if (key.startsWith('anonymous ')) return [key, redactFor('link', answer)];
      return [key, answer];
    }),
  );
}
