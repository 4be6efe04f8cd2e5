import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '@server/app-context';
import { loadConfig } from '@server/config';
import type {
  EventStore,
  RecordedEvent,
} from '@server/event-store/event-store';
import {
  migrateStore,
  verifyMigration,
} from '@server/event-store/migrate-store';
import { createSqliteEventStore } from '@server/event-store/sqlite-event-store';
import { openEventStore } from '@server/event-store/open-event-store';
import { createSqliteEvidenceStore } from '@server/evidence/evidence-store';
import { runCliScript } from '@tests/support/cli-process';
import {
  pgTestUrl,
  useTestDatabase,
  withDatabase,
} from '@tests/support/postgres';
import {
  createDeal,
  createTestApp,
  registerUser,
} from '@tests/support/test-app';

const dir = mkdtempSync(join(tmpdir(), 'migrate-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function everything(store: EventStore): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (let after = 0; ; ) {
    const page = await store.readAll({ after, maxCount: 700 });
    if (page.length === 0) return all;
    all.push(...page);
    after = page[page.length - 1]!.position;
  }
}
/** The copied events: without the anchors a migration appends (StoreMigrated). */
const copied = (events: RecordedEvent[]) =>
  events.filter((e) => !e.streamId.startsWith('store-migration-'));
const shape = (e: RecordedEvent) => ({
  streamId: e.streamId,
  revision: e.revision,
  id: e.id,
  type: e.type,
  data: e.data,
  metadata: e.metadata,
});

const runCli = (
  args: string[],
  script = 'server/cli/migrate-store.ts',
  env: Record<string, string> = {},
) => runCliScript(script, args, env);

describe('migrateStore', () => {
  it('copies interleaved streams with the same events, ids and order, and a re-run writes nothing', async () => {
    const source = createSqliteEventStore({
      path: join(dir, 'interleaved-source.db'),
    });
    const revisions = new Map<string, number>();
    for (let i = 0; i < 600; i++) {
      const streamId = `stream-${(i * 7) % 37}`;
      const revision = revisions.get(streamId) ?? -1;
      const count = 1 + (i % 3);
      const events = Array.from({ length: count }, (_, k) => ({
        id: randomUUID(),
        type: `Happened${k}`,
        data: { i, k, text: 'é ✓ "quoted"' },
        metadata: {
          at: new Date(i * 1000).toISOString(),
          actor: { kind: 'system', id: 'test' },
        },
      }));
      await source.append(
        streamId,
        events,
        revision < 0 ? 'no_stream' : revision,
      );
      revisions.set(streamId, revision + count);
    }
    const target = createSqliteEventStore({
      path: join(dir, 'interleaved-target.db'),
    });
    const progress: number[] = [];
    const report = await migrateStore(source, target, {
      pageSize: 250,
      onProgress: (n) => progress.push(n),
    });
    const original = await everything(source);
    expect(report).toMatchObject({ events: original.length, streams: 37 });
    expect(progress[progress.length - 1]).toBe(original.length);
    expect((await everything(target)).map(shape)).toEqual(original.map(shape));
    for (const streamId of ['stream-0', 'stream-36']) {
      expect((await target.readStream(streamId)).map(shape)).toEqual(
        (await source.readStream(streamId)).map(shape),
      );
    }
    expect(await verifyMigration(source, target, 111)).toBe(original.length);

    // Interrupted or repeated: the copy is recognised and nothing is written twice.
    const head = await target.headPosition();
    await migrateStore(source, target, { pageSize: 97 });
    expect(await target.headPosition()).toBe(head);

    // The verification notices a target that is not an exact copy.
    await target.append(
      'stream-extra',
      [{ id: randomUUID(), type: 'Extra', data: {}, metadata: {} }],
      'no_stream',
    );
    await expect(verifyMigration(source, target)).rejects.toThrow(
      /holds events the source does not/,
    );
    await source.close();
    await target.close();
  });

  it('refuses to mix into a target whose streams hold other events', async () => {
    const source = createSqliteEventStore({
      path: join(dir, 'conflict-source.db'),
    });
    const target = createSqliteEventStore({
      path: join(dir, 'conflict-target.db'),
    });
    await source.append(
      'deal-1',
      [{ id: randomUUID(), type: 'A', data: {}, metadata: {} }],
      'no_stream',
    );
    await target.append(
      'deal-1',
      [{ id: randomUUID(), type: 'B', data: {}, metadata: {} }],
      'no_stream',
    );
    await expect(migrateStore(source, target)).rejects.toThrow(
      /Wrong expected version on deal-1/,
    );
    await source.close();
    await target.close();
  });
});

/** An app's `events.db` as the app reads it: personal fields opened with the file's own keys. */
const openedFile = (file: string) => openEventStore({ dataDir: dirname(file) });

/** A real app's store: a user and a deal written through the HTTP routes. */
async function appStoreFile(): Promise<{
  file: string;
  dealId: number;
  userId: string;
  dataDir: string;
}> {
  const t = await createTestApp();
  const { token, userId } = await registerUser(t.app);
  const deal = await createDeal(t.app, token, { title: 'Migrated deal' });
  await registerUser(t.app);
  await t.app.close();
  await t.ctx.close();
  return {
    file: join(t.dataDir, 'events.db'),
    dealId: deal.id,
    userId,
    dataDir: t.dataDir,
  };
}

describe.runIf(pgTestUrl)('npm run migrate-store with PostgreSQL', () => {
  const database = useTestDatabase('escrow_migrate');

  it(
    'copies SQLite to PostgreSQL and back with the same events; npm run verify checks the chains on PostgreSQL',
    { timeout: 90_000 },
    async () => {
      const { file, dataDir } = await appStoreFile();
      const source = openedFile(file);
      const original = await everything(source);
      await source.close();

      const there = await runCli(['--from', file, '--to', database().url]);
      expect(there.code, there.output).toBe(0);
      expect(there.output).toContain(`verified ${original.length} events`);
      const back = join(dir, 'back', 'events.db');
      const again = await runCli(['--from', database().url, '--to', back]);
      expect(again.code, again.output).toBe(0);

      const onPostgres = openEventStore({
        dataDir: dir,
        databaseUrl: database().url,
      });
      const returned = openedFile(back);
      expect(copied(await everything(onPostgres)).map(shape)).toEqual(
        original.map(shape),
      );
      expect(copied(await everything(returned)).map(shape)).toEqual(
        original.map(shape),
      );
      await Promise.all([onPostgres.close(), returned.close()]);

      const verified = await runCli([], 'server/cli/verify.ts', {
        DATABASE_URL: database().url,
        DATA_DIR: dataDir,
      });
      expect(verified.code, verified.output).toBe(0);
      // The copy and its anchor (StoreMigrated).
      expect(verified.output).toContain(`OK: ${original.length + 1} events`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  );
});

describe.runIf(pgTestUrl)('npm run migrate-store with an erased person', () => {
  const database = useTestDatabase('escrow_migrate_erased');

  it(
    'carries the erased key to PostgreSQL: the person reads as erased there and stays erased',
    { timeout: 90_000 },
    async () => {
      const t = await createTestApp();
      const { token, userId, username, email } = await registerUser(t.app);
      await createDeal(t.app, token, { title: 'Erased brand deal' });
      const kept = await registerUser(t.app);
      await t.app.close();
      await t.ctx.close();
      const file = join(t.dataDir, 'events.db');
      const source = openedFile(file);
      const subject = `user-${userId}`;
      await source.keys.erase(subject, 'profile', '2026-05-01T09:00:00.000Z');
      const original = await everything(source);
      await source.close();

      const result = await runCli(['--from', file, '--to', database().url]);
      expect(result.code, result.output).toBe(0);
      expect(result.output).toContain('Carried 1 erased keys over');

      const target = openEventStore({
        dataDir: dir,
        databaseUrl: database().url,
      });
      expect(await target.keys.tombstones()).toEqual([
        { subject, kind: 'profile', erasedAt: '2026-05-01T09:00:00.000Z' },
      ]);
      expect(await target.keys.keyOf(subject, 'profile')).toBeNull();
      expect(copied(await everything(target)).map(shape)).toEqual(
        original.map(shape),
      );
      const [registered] = await target.readStream(subject);
      expect(registered!.data).toMatchObject({
        username: '[erased]',
        email: '[erased]',
      });
      expect(
        (await target.readStream(`user-${kept.userId}`))[0]!.data,
      ).toMatchObject({
        username: kept.username,
      });
      // Appended after the move: nothing of the person is kept, and no key is made for them.
      const next = (await target.readStream(subject)).length;
      const profile = {
        ...(registered!.data as object),
        username: 'back_again',
      };
      await target.append(
        subject,
        [
          {
            ...original[0]!,
            id: randomUUID(),
            type: 'ProfileUpdated',
            data: profile,
          },
        ],
        next - 1,
      );
      expect(await target.keys.keyOf(subject, 'profile')).toBeNull();
      const stored = await withDatabase(database().url, async (client) => {
        const { rows } = await client.query<{ text: string }>(
          `SELECT string_agg(data::text, ' ') AS text FROM es_events`,
        );
        return rows[0]!.text;
      });
      for (const value of [username, email, 'back_again'])
        expect(stored).not.toContain(value);
      expect(stored).toContain(kept.userId);
      await target.close();
      rmSync(t.dataDir, { recursive: true, force: true });
    },
  );
});

describe('npm run migrate-store', () => {
  it(
    'seals the personal fields of a plain store written before encryption; the app reads the same',
    { timeout: 60_000 },
    async () => {
      const plainFile = join(dir, 'plain', 'events.db');
      mkdirSync(join(dir, 'plain'), { recursive: true });
      const plain = createSqliteEventStore({ path: plainFile });
      const data = {
        userId: 'u_plain',
        username: 'plain_person',
        email: 'plain.person@old.example',
        passwordHash: 'scrypt$1$1$1$c2FsdA$aGFzaA',
        companyName: 'Plain Old BV',
        country: 'NL',
        phoneNumber: '+31 6 1111 2222',
      };
      const metadata = {
        actor: { kind: 'brand', id: 'u_plain' },
        at: '2026-03-01T10:00:00.000Z',
        correlationId: randomUUID(),
        causationId: null,
        schemaVersion: 1,
      };
      await plain.append(
        'user-u_plain',
        [{ id: randomUUID(), type: 'UserRegistered', data, metadata }],
        'no_stream',
      );
      await plain.close();
      const target = join(dir, 'sealed', 'events.db');
      const result = await runCli(['--from', plainFile, '--to', target]);
      expect(result.code, result.output).toBe(0);
      expect(result.output).toContain('Anchored the old chains');
      const raw = createSqliteEventStore({ path: target });
      const [stored] = await raw.readStream('user-u_plain');
      await raw.close();
      for (const value of [
        'plain.person@old.example',
        'Plain Old BV',
        '+31 6 1111 2222',
      ])
        expect(JSON.stringify(stored!.data)).not.toContain(value);
      const opened = openedFile(target);
      expect((await opened.readStream('user-u_plain'))[0]!.data).toEqual(data);
      await opened.close();
    },
  );

  it(
    'copies a real app store file to a new SQLite file that the app then runs on',
    { timeout: 60_000 },
    async () => {
      const {
        file: sourceFile,
        dealId,
        userId,
        dataDir,
      } = await appStoreFile();
      // A dispute's evidence file lives in the same file, and moves with the events.
      const evidence = createSqliteEvidenceStore(sourceFile);
      const bytes = Buffer.from('%PDF-1.7 evidence');
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await evidence.put({
        sha256,
        contentType: 'application/pdf',
        sizeBytes: bytes.length,
        bytes,
      });
      await evidence.close();
      const source = openedFile(sourceFile);
      const original = await everything(source);
      await source.close();

      const targetDir = join(dir, 'migrated');
      const result = await runCli([
        '--from',
        sourceFile,
        '--to',
        join(targetDir, 'events.db'),
      ]);
      expect(result.code, result.output).toBe(0);
      expect(result.output).toContain(`Copied ${original.length} events`);
      expect(result.output).toContain(`verified ${original.length} events`);
      expect(result.output).toContain('Copied 1 evidence files.');
      const movedEvidence = createSqliteEvidenceStore(
        join(targetDir, 'events.db'),
      );
      expect((await movedEvidence.get(sha256))?.bytes.equals(bytes)).toBe(true);
      await movedEvidence.close();

      const target = openedFile(join(targetDir, 'events.db'));
      const all = await everything(target);
      expect(copied(all).map(shape)).toEqual(original.map(shape));
      const anchor = all.find((e) => e.type === 'StoreMigrated');
      expect(anchor?.data).toMatchObject({ events: original.length });
      await target.close();

      // The app on the migrated store rebuilds its read models from it.
      mkdirSync(join(targetDir, 'fresh'), { recursive: true });
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: targetDir,
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
        LOG_LEVEL: 'silent',
      });
      const ctx = await createAppContext(config, {
        startReactors: false,
        readDbPath: join(targetDir, 'fresh', 'read.db'),
      });
      try {
        await ctx.settle(await ctx.store.headPosition());
        expect(ctx.queries.deals.byId(dealId)?.context.terms?.title).toBe(
          'Migrated deal',
        );
        expect(ctx.queries.accounts.userById(userId)).toBeTruthy();
      } finally {
        await ctx.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('explains its usage', async () => {
    const result = await runCli(['--from', 'x.db']);
    expect(result.code).toBe(2);
    expect(result.output).toContain(
      'Usage: npm run migrate-store -- --from <store> --to <store>',
    );
  });
});
