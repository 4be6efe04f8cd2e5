import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayCheck } from '@server/admin/replay-check';
import { verifyStore } from '@server/event-store/hash-chain';
import { reconcile } from '@server/money/reconciliation/reconcile';
import { deliverPaidDeal } from '@tests/support/flow-helpers';
import {
  pgTestUrl,
  useTestDatabase,
  withDatabase,
} from '@tests/support/postgres';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * The byte-level check of erasure on PostgreSQL (erasure.test.ts does it on SQLite): after a brand
 * and a creator with an account are erased, their e-mail, name, company and phone are in no byte of
 * the events' tables (after VACUUM FULL and a checkpoint), the read database or the mail folder;
 * verify and replay are clean, the money overview and the reconciliation unchanged.
 */
const brandSecrets = [
  'plover_brand',
  'plover.team@brand.example',
  'Plover Skincare BV',
];
const creatorSecrets = [
  'wren_creates',
  'wren.creator@mail.example',
  'Wren Studio VOF',
];
const phones = ['+31 6 7770 1234', '+31 6 8880 5678'];

async function parties(t: TestApp) {
  const [username, email, companyName] = brandSecrets;
  const brand = await registerUser(t.app, {
    username,
    email,
    companyName,
    phoneNumber: phones[0],
  });
  const [cName, cEmail, cCompany] = creatorSecrets;
  const creator = await registerUser(t.app, {
    username: cName,
    email: cEmail,
    companyName: cCompany,
    phoneNumber: phones[1],
  });
  return { brand, creator };
}

/** The files of a relation and its TOAST table, read by the server (the test's role is a superuser). */
async function relationBytes(url: string, table: string): Promise<Buffer[]> {
  return withDatabase(url, async (client) => {
    await client.query(`VACUUM FULL ${table}`);
    await client.query('CHECKPOINT');
    const { rows } = await client.query<{ bytes: Buffer }>(
      `SELECT pg_read_binary_file(pg_relation_filepath(c.oid)) AS bytes FROM pg_class c
        WHERE c.oid = $1::regclass OR c.oid = (SELECT reltoastrelid FROM pg_class WHERE oid = $1::regclass)`,
      [table],
    );
    return rows.map((r) => r.bytes);
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe.runIf(pgTestUrl)('erasure on PostgreSQL, byte by byte', () => {
  const database = useTestDatabase('escrow_erasure');

  it(
    'leaves no byte of an erased brand or creator; the money facts stay',
    { timeout: 90_000 },
    async () => {
      const t = await createTestApp({ DATABASE_URL: database().url });
      const { brand, creator } = await parties(t);
      const admin = bearer(await createRootAdmin(t));
      const dealId = (
        await createDeal(t.app, brand.token, { title: 'Plover serum reel' })
      ).id;
      await deliverPaidDeal(t.app, t.ctx, brand.token, dealId);
      const release = `/api/deals/${dealId}/release`;
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: release,
            headers: bearer(brand.token),
          })
        ).statusCode,
      ).toBe(200);
      await t.ctx.quiesce();
      const now = t.clock.now();
      const overview = t.ctx.queries.money.overview(now);
      const deps = { store: t.ctx.store, gateway: t.ctx.payments.gateway };
      const since = new Date(now.getTime() - 86_400_000);
      const before = await reconcile(deps, { since, now });

      const erase = (
        url: string,
        headers: Record<string, string>,
        payload: object,
      ) => t.app.inject({ method: 'POST', url, headers, payload });
      const self = await erase('/api/profile/erase', bearer(brand.token), {
        password: 'secret123',
      });
      expect(self.statusCode, self.body).toBe(200);
      const byAdmin = await erase('/api/admin/users/erase', admin, {
        user: creator.email,
      });
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);

      expect(t.ctx.queries.money.overview(now)).toEqual(overview);
      const after = await reconcile(deps, { since, now });
      expect(after.mismatches).toEqual(before.mismatches);
      expect((await verifyStore(t.ctx.storedEvents)).breaks).toEqual([]);
      expect((await replayCheck(t.ctx.store)).problems).toEqual([]);
      await t.app.close();
      await t.ctx.close();

      const secrets = [...brandSecrets, ...creatorSecrets, ...phones].map((s) =>
        Buffer.from(s),
      );
      const blobs = [
        ...(await relationBytes(database().url, 'es_events')),
        ...(await relationBytes(database().url, 'privacy_keys')),
        ...filesUnder(t.dataDir).map((f) => readFileSync(f)),
      ];
      expect(blobs.length).toBeGreaterThan(2);
      for (const blob of blobs)
        for (const secret of secrets)
          expect(blob.includes(secret), secret.toString()).toBe(false);
      await t.close();
    },
  );
});
