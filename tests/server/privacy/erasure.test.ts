import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayCheck } from '@server/admin/replay-check';
import { verifyStore } from '@server/event-store/hash-chain';
import { claimHeader, deliverPaidDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createAuditor,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * Erasure on request (docs/privacy.md): refused while money is held, then each step an event,
 * the profile key deleted, no sign-in, read models with a pseudonym, money facts and other
 * people's deals unchanged, and the person's e-mail, name, company and phone in no byte of the
 * event store, the read database or the mail folder.
 */
let t: TestApp;
let closed = false;
let brand: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;
let admin: Record<string, string>;
let dealId = 0;
let otherDealId = 0;
let link = '';
const brandSecrets = [
  'kestrel_brand',
  'kestrel.team@brand.example',
  'Kestrel Cosmetics BV',
];
const brandPhone = '+31 6 5550 1234';

const post = (
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload ? { payload } : {}),
  });
const moneyFacts = async (id: number) => {
  const res = await t.app.inject({
    url: `/api/admin/deals/${id}/events`,
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  type Entry = {
    type: string;
    view: { heldCents: number };
    ledger: { balances: unknown };
  };
  return (res.json() as Entry[]).map((e) => [
    e.type,
    e.view.heldCents,
    e.ledger.balances,
  ]);
};

beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app, {
    username: brandSecrets[0],
    email: brandSecrets[1],
    companyName: brandSecrets[2],
    phoneNumber: brandPhone,
  });
  other = await registerUser(t.app, { username: 'bystander_brand' });
  admin = bearer(await createRootAdmin(t));
  dealId = (
    await createDeal(t.app, brand.token, { title: 'Kestrel spring serum' })
  ).id;
  link = await deliverPaidDeal(t.app, t.ctx, brand.token, dealId);
  otherDealId = (
    await createDeal(t.app, other.token, { title: 'Bystander campaign' })
  ).id;
  await t.ctx.quiesce();
});
afterAll(async () => {
  if (!closed) await t.close();
});

describe('erasure is refused while money is held', () => {
  it('answers 409 erasure_money_held in English and Dutch, and records nothing', async () => {
    const en = await post('/api/profile/erase', bearer(brand.token), {
      password: 'secret123',
    });
    expect(en.statusCode, en.body).toBe(409);
    expect(en.json()).toMatchObject({
      code: 'erasure_money_held',
      params: { count: 1 },
    });
    const nl = await post(
      '/api/profile/erase',
      { ...bearer(brand.token), 'accept-language': 'nl' },
      { password: 'secret123' },
    );
    expect(nl.json().message).toContain('gewist');
    const link = await post(
      `/api/deals/link/${linkToken()}/erase`,
      claimHeader(linkToken()),
    );
    expect(link.json().code).toBe('erasure_money_held');
    const events = await t.ctx.store.readAll();
    expect(events.some((e) => e.type === 'PersonalDataErasureRequested')).toBe(
      false,
    );
  });

  it('refuses a wrong password (403) and an auditor (403)', async () => {
    const wrong = await post('/api/profile/erase', bearer(brand.token), {
      password: 'nope',
    });
    expect(wrong.json().code).toBe('wrong_current_password');
    const auditor = bearer(
      await createAuditor(t, admin.authorization!.slice(7)),
    );
    const res = await post('/api/admin/users/erase', auditor, {
      user: brand.email,
    });
    expect(res.statusCode).toBe(403);
  });
});

const linkToken = () => link;

describe('once the money has moved', () => {
  let before: unknown[];
  let otherBefore: unknown;

  beforeAll(async () => {
    const released = await post(
      `/api/deals/${dealId}/release`,
      bearer(brand.token),
    );
    expect(released.statusCode, released.body).toBe(200);
    await t.ctx.quiesce();
    before = await moneyFacts(dealId);
    otherBefore = t.ctx.queries.deals.byId(otherDealId)!.context;
  });

  it('erases the brand: each step an event, no sign-in, old tokens end', async () => {
    const res = await post('/api/profile/erase', bearer(brand.token), {
      password: 'secret123',
    });
    expect(res.statusCode, res.body).toBe(200);
    const types = (await t.ctx.store.readAll())
      .filter(
        (e) =>
          e.streamId === `privacy-user-${brand.userId}` ||
          e.type === 'AccountErased',
      )
      .map((e) => e.type);
    expect(types).toEqual([
      'PersonalDataErasureRequested',
      'AccountErased',
      'PersonalDataKeyErased',
      'MailFilesRemoved',
    ]);
    const login = await post(
      '/api/auth/login',
      {},
      { email: brand.email, password: 'secret123' },
    );
    expect(login.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          url: '/api/profile',
          headers: bearer(brand.token),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('keeps the money facts and the other deals; admins see a pseudonym', async () => {
    expect(await moneyFacts(dealId)).toEqual(before);
    expect(t.ctx.queries.deals.byId(otherDealId)!.context).toEqual(otherBefore);
    const user = t.ctx.queries.accounts.userById(brand.userId)!;
    expect(user).toMatchObject({
      username: `erased-${brand.userId}`,
      erased: true,
    });
    expect(t.ctx.queries.deals.byId(dealId)!.context.terms?.title).toBe(
      '[erased]',
    );
  });

  it('names the erased brand on its creator’s link by the erased marker, not its pseudonym', async () => {
    const res = await t.app.inject({ url: `/api/deals/token/${link}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().brandName).toBe('[erased]');
    expect(res.body).not.toContain(`erased-${brand.userId}`);
  });

  it('replays and verifies clean; exports work on', async () => {
    expect((await replayCheck(t.ctx.store)).problems).toEqual([]);
    expect((await verifyStore(t.ctx.storedEvents)).breaks).toEqual([]);
    const res = await post(`/api/deals/link/${link}/export`, claimHeader(link));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(brandSecrets[1]);
  });

  it('erases the link creator through the claimed link', async () => {
    const res = await post(`/api/deals/link/${link}/erase`, claimHeader(link));
    expect(res.statusCode, res.body).toBe(200);
    const erased = (await t.ctx.store.readAll()).filter(
      (e) => e.streamId === `privacy-deal-link-${dealId}`,
    );
    expect(erased.map((e) => e.type)).toContain('PersonalDataKeyErased');
  });

  it('leaves the brand’s e-mail, name, company and phone in no byte of the stores or the mail folder', async () => {
    await t.app.close();
    await t.ctx.close();
    closed = true;
    const files = allFiles(t.dataDir);
    expect(files.some((f) => f.endsWith('events.db'))).toBe(true);
    expect(files.some((f) => f.endsWith('read.db'))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const secret of [...brandSecrets, brandPhone])
        expect(
          bytes.includes(Buffer.from(secret)),
          `${secret} in ${file}`,
        ).toBe(false);
    }
    rmSync(t.dataDir, { recursive: true, force: true });
  });
});

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}
