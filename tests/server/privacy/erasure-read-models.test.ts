import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimHeader, deliverPaidDeal } from '@tests/support/flow-helpers';
import { pgTestUrl, useTestDatabase } from '@tests/support/postgres';
import {
  dumpOfFullRebuild,
  dumpReadModels,
} from '@tests/support/read-model-dump';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * An erasure folds again, in place, only the read-model rows of the streams that held the erased
 * person's values (docs/adr/0037-erasure-refolds-affected-rows.md): every such row shows the erased
 * marker, every other row stays as it was, another instance on the same store does the same, and
 * the result is what a full rebuild makes of the store.
 */
const brandSecrets = [
  'heron_brand',
  'heron.team@brand.example',
  'Heron Studio BV',
  '+31 6 5550 7788',
];
const creatorSecrets = [
  'plover_creates',
  'plover@creator.example',
  'Plover Media VOF',
];

type User = Awaited<ReturnType<typeof registerUser>>;
interface World {
  brand: User;
  bystander: User;
  creator: User;
  admin: Record<string, string>;
  dealId: number;
  pendingDealId: number;
  otherDealId: number;
  requestId: number;
  link: string;
}

const post = (
  t: TestApp,
  url: string,
  headers: Record<string, string>,
  payload?: object,
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload ? { payload } : {}),
  });

/** A brand with a released deal (its creator acting through the link) and a pending one, a bystander brand, and a creator with an account whose request to the bystander was declined. */
async function world(t: TestApp): Promise<World> {
  const [username, email, companyName, phoneNumber] = brandSecrets;
  const brand = await registerUser(t.app, {
    username,
    email,
    companyName,
    phoneNumber,
  });
  const bystander = await registerUser(t.app, { username: 'bystander_brand' });
  const [cName, cEmail, cCompany] = creatorSecrets;
  const creator = await registerUser(t.app, {
    username: cName,
    email: cEmail,
    companyName: cCompany,
  });
  const admin = bearer(await createRootAdmin(t));
  const dealId = (
    await createDeal(t.app, brand.token, { title: 'Heron autumn campaign' })
  ).id;
  const link = await deliverPaidDeal(t.app, t.ctx, brand.token, dealId);
  const released = await post(
    t,
    `/api/deals/${dealId}/release`,
    bearer(brand.token),
  );
  expect(released.statusCode, released.body).toBe(200);
  const pendingDealId = (
    await createDeal(t.app, brand.token, { title: 'Heron winter teaser' })
  ).id;
  const otherDealId = (
    await createDeal(t.app, bystander.token, { title: 'Bystander launch' })
  ).id;
  const request = await post(
    t,
    '/api/payment-requests',
    bearer(creator.token),
    {
      title: 'Plover reel',
      description: 'One reel by Plover',
      amount: '250',
      brandName: 'Bystander',
      brandEmail: bystander.email,
      deadline: '2026-03-20',
    },
  );
  expect(request.statusCode, request.body).toBe(201);
  const { id: requestId, shareableToken } = request.json() as {
    id: number;
    shareableToken: string;
  };
  // Declined: a request that could still be paid holds its creator's erasure back.
  const declined = await post(
    t,
    `/api/payment-requests/reject/${shareableToken}`,
    {},
  );
  expect(declined.statusCode, declined.body).toBe(200);
  await t.ctx.quiesce();
  return {
    brand,
    bystander,
    creator,
    admin,
    dealId,
    pendingDealId,
    otherDealId,
    requestId,
    link,
  };
}

/** The brand from the profile, the deal's link creator through the link, the creator by an admin. */
async function eraseAll(t: TestApp, w: World): Promise<void> {
  const answers = [
    await post(t, '/api/profile/erase', bearer(w.brand.token), {
      password: 'secret123',
    }),
    await post(t, `/api/deals/link/${w.link}/erase`, claimHeader(w.link)),
    await post(t, '/api/admin/users/erase', w.admin, { user: w.creator.email }),
  ];
  for (const res of answers) expect(res.statusCode, res.body).toBe(200);
  await t.ctx.quiesce();
  await t.ctx.forgetReadModels();
}

/** The rows that hold the erased people's values show the marker. */
function expectErasedRows(t: TestApp, w: World): void {
  const { deals, requests, accounts, notifications } = t.ctx.queries;
  for (const id of [w.dealId, w.pendingDealId])
    expect(deals.byId(id)!.context.terms?.title).toBe('[erased]');
  expect(requests.byId(w.requestId)!.context.request?.title).toBe('[erased]');
  expect(accounts.userById(w.brand.userId)).toMatchObject({ erased: true });
  expect(accounts.userById(w.creator.userId)).toMatchObject({ erased: true });
  expect(notifications.linkEmail(`deal-${w.dealId}`)).not.toContain('@example');
  const everything = JSON.stringify(dumpReadModels(t.ctx.readDb));
  for (const secret of [...brandSecrets, ...creatorSecrets])
    expect(everything).not.toContain(secret);
}

describe('erasure on one instance (SQLite)', () => {
  let t: TestApp;
  let w: World;
  let before: Record<string, string[]>;
  let after: Record<string, string[]>;
  let rebuild: ReturnType<typeof vi.spyOn>;
  let refold: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await world(t);
    before = dumpReadModels(t.ctx.readDb);
    rebuild = vi.spyOn(t.ctx.runner, 'rebuild');
    refold = vi.spyOn(t.ctx.runner, 'refold');
    await eraseAll(t, w);
    after = dumpReadModels(t.ctx.readDb);
  });
  afterAll(() => t.close());

  it('shows the erased marker on every row that held their data, without a full rebuild', () => {
    expectErasedRows(t, w);
    expect(rebuild).not.toHaveBeenCalled();
    expect(refold).toHaveBeenCalled();
  });

  it('leaves the other rows as they were: the bystander, their deal and its money', () => {
    const of = (
      dump: Record<string, string[]>,
      table: string,
      needle: string,
    ) => dump[table]!.filter((row) => row.includes(needle));
    const other = `"id":${w.otherDealId},`;
    expect(of(after, 'rm_deals', other)).toEqual(of(before, 'rm_deals', other));
    expect(of(after, 'rm_users', w.bystander.userId)).toEqual(
      of(before, 'rm_users', w.bystander.userId),
    );
    // The deal's row (compared above) carries its money; the money tables are left alone.
    for (const table of [
      'rm_deal_money_days',
      'rm_deal_movements',
      'rm_request_money_days',
      'rm_request_movements',
    ])
      expect(after[table]).toEqual(before[table]);
    expect(before.rm_deal_money_days!.length).toBeGreaterThan(0);
  });

  it('shows the marker in the admin lists and the bystander’s export', async () => {
    const deals = await t.app.inject({
      url: '/api/admin/deals',
      headers: w.admin,
    });
    const requests = await t.app.inject({
      url: '/api/admin/payment-requests',
      headers: w.admin,
    });
    const accounts = await t.app.inject({
      url: '/api/admin/accounts',
      headers: w.admin,
    });
    const exported = await post(
      t,
      '/api/profile/export',
      bearer(w.bystander.token),
    );
    for (const res of [deals, requests, accounts, exported]) {
      expect(res.statusCode, res.body).toBe(200);
      for (const secret of [...brandSecrets, ...creatorSecrets])
        expect(res.body).not.toContain(secret);
    }
    expect(deals.body).toContain('[erased]');
    expect(deals.body).toContain('Bystander launch');
    expect(requests.body).toContain('[erased]');
    expect(exported.body).toContain('Bystander launch');
  });

  it('holds the same rows as a full rebuild of the store', async () => {
    expect(after).toEqual(await dumpOfFullRebuild(t.ctx.store));
  });
});

describe.runIf(pgTestUrl)(
  'erasure seen by a second instance (PostgreSQL)',
  () => {
    const database = useTestDatabase();
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const shared = mkdtempSync(join(tmpdir(), 'erasure-instances-'));
      const env = {
        DATABASE_URL: database().url,
        SIMULATED_GATEWAY_FILE: join(shared, 'simulated-gateway.sqlite'),
      };
      a = await createTestApp(env);
      b = await createTestApp(env);
    });
    afterAll(() => Promise.all([a?.close(), b?.close()]));

    it('given an erasure on one instance, then the other folds the same rows and converges', async () => {
      const w = await world(a);
      await b.ctx.settle(await b.ctx.store.headPosition());
      expect(b.ctx.queries.deals.byId(w.dealId)!.context.terms?.title).toBe(
        'Heron autumn campaign',
      );
      await eraseAll(a, w);
      await b.ctx.settle(await b.ctx.store.headPosition());
      await b.ctx.forgetReadModels();
      expectErasedRows(b, w);
      expect(dumpReadModels(b.ctx.readDb)).toEqual(
        dumpReadModels(a.ctx.readDb),
      );
      expect(dumpReadModels(b.ctx.readDb)).toEqual(
        await dumpOfFullRebuild(b.ctx.store),
      );
    });
  },
);
