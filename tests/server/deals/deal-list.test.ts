import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dealListItemSchema,
  dealSchema,
  type DealDto,
} from '@machines/contract/api';
import {
  emptyDealContext,
  type DealContext,
} from '@machines/deal/deal.context';
import { dealSnapshotFrom, dealStateView } from '@machines/deal/deal.view';
import { GUARD_CONTEXT_FIELDS } from '@server/deals/deal-dto';
import {
  acceptAndConnect,
  claimHeader,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  dealPayload,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app);
});
afterAll(() => t.close());

const list = (
  token: string,
  headers: Record<string, string> = {},
  filter = 'all',
) =>
  t.app.inject({
    url: `/api/deals?filter=${filter}`,
    headers: { ...bearer(token), ...headers },
  });

/** What the web's list screen does with an item: rebuild the snapshot from machine value + context. */
const webCan = (deal: DealDto, now: string) =>
  dealStateView(
    dealSnapshotFrom(deal.machine.value as never, {
      ...emptyDealContext,
      ...(deal.machine.context as Partial<DealContext>),
    }),
    now,
  ).can;

describe('the brand deal list (slim items, gzip, ETag, cache invalidation)', () => {
  it('given the deal machine, then every context field its guards read is in the list items', () => {
    const source = readFileSync(
      new URL('../../../machines/deal/deal.machine.ts', import.meta.url),
      'utf8',
    );
    const guards = source.slice(
      source.indexOf('guards: {'),
      source.indexOf('actions: {'),
    );
    const read = new Set(
      [...guards.matchAll(/context\.(\w+)/g)].map((m) => m[1]!),
    );
    expect(read.size).toBeGreaterThan(0);
    expect(
      [...read].filter(
        (f) => !(GUARD_CONTEXT_FIELDS as readonly string[]).includes(f),
      ),
    ).toEqual([]);
  });

  it('given deals, then list items carry the card fields and only the guard context; the detail keeps the full context', async () => {
    const deal = await createDeal(t.app, brand.token);
    const items = (await list(brand.token)).json() as DealDto[];
    const item = items.find((d) => d.id === deal.id)!;
    // A deal without a milestone plan has no plan fields: its items are what they always were.
    const planFields: readonly string[] = ['milestones', 'splitMilestone'];
    expect(Object.keys(item.machine.context).sort()).toEqual(
      GUARD_CONTEXT_FIELDS.filter((f) => !planFields.includes(f)).sort(),
    );
    expect(item).toMatchObject({
      influencer: '@sanne.creates',
      title: 'Spring launch',
      amountCents: 25000,
      status: 'pending_payment',
      brandName: expect.any(String),
    });
    expect(webCan(item, t.clock.now().toISOString())).toEqual(item.state.can);
    const detail = (
      await t.app.inject({
        url: `/api/deals/${deal.id}`,
        headers: bearer(brand.token),
      })
    ).json() as DealDto;
    expect(detail.machine.context).toMatchObject({
      ownerId: brand.userId,
      terms: expect.any(Object),
    });
    // The contract's hashes are on the deal's page only: 128 characters no card shows.
    expect(item).not.toHaveProperty('contract');
    expect(detail.contract.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('given answers written without a zod pass, then list, detail and create match the schema exactly (no extra keys)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: bearer(brand.token),
      payload: dealPayload(),
    });
    const detail = await t.app.inject({
      url: `/api/deals/${created.json().id}`,
      headers: bearer(brand.token),
    });
    for (const body of [created.json(), detail.json()])
      expect(dealSchema.parse(body)).toEqual(body);
    for (const body of (await list(brand.token)).json() as unknown[])
      expect(dealListItemSchema.strict().parse(body)).toEqual(body);
  });

  it('given accept-encoding gzip, then the same JSON gzipped with Vary; without it, plain JSON', async () => {
    for (let i = 0; i < 3; i++) await createDeal(t.app, brand.token);
    const plain = await list(brand.token);
    const zipped = await list(brand.token, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toContain('Accept-Encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(
      (await list(brand.token, { 'accept-encoding': 'gzip;q=0' })).headers[
        'content-encoding'
      ],
    ).toBeUndefined();
  });

  it('given an ETag, then If-None-Match answers 304; a change made since answers 200 with the new deal at once', async () => {
    const first = await list(brand.token);
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await list(brand.token, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const deal = await createDeal(t.app, brand.token);
    const after = await list(brand.token, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers['etag']).not.toBe(etag);
    expect(after.json().map((d: DealDto) => d.id)).toContain(deal.id);
  });

  it('given a cached filtered list, when a deal moves into the filter, then the filtered list shows it', async () => {
    const other = await registerUser(t.app);
    const deal = await createDeal(t.app, other.token);
    expect((await list(other.token, {}, 'completed')).json()).toEqual([]);
    await payDeal(t.app, t.ctx, other.token, deal.id);
    const link = await acceptAndConnect(t.app, t.ctx, other.token, deal.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/deals/deliver/${link}`,
      headers: claimHeader(link),
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/release`,
      headers: bearer(other.token),
    });
    expect(
      (await list(other.token, {}, 'completed'))
        .json()
        .map((d: DealDto) => d.id),
    ).toEqual([deal.id]);
  });

  it('given a delivered deal, when its review period ends with no event, then the cached list offers the elapse action', async () => {
    const other = await registerUser(t.app);
    const deal = await createDeal(t.app, other.token);
    await payDeal(t.app, t.ctx, other.token, deal.id);
    const link = await acceptAndConnect(t.app, t.ctx, other.token, deal.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/deals/deliver/${link}`,
      headers: claimHeader(link),
    });
    const before = (await list(other.token)).json()[0] as DealDto;
    expect(before.state.can).not.toContain('elapseReviewPeriod');
    const start = t.clock.now();
    t.clock.set(new Date(Date.parse(before.reviewPeriodEndsAt!) + 1000));
    const after = (await list(other.token)).json()[0] as DealDto;
    t.clock.set(start);
    expect(after.state.can).toContain('elapseReviewPeriod');
  });

  it('given a brand renames its company, then its cached list shows the new brand name', async () => {
    const other = await registerUser(t.app);
    await createDeal(t.app, other.token);
    expect((await list(other.token)).json()[0].brandName).not.toBe(
      'Renamed BV',
    );
    const profile = (
      await t.app.inject({ url: '/api/profile', headers: bearer(other.token) })
    ).json();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(other.token),
      payload: { ...profile, companyName: 'Renamed BV' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await list(other.token)).json()[0].brandName).toBe('Renamed BV');
  });

  it('given a deleted deal, then the cached list drops it', async () => {
    const other = await registerUser(t.app);
    const deal = await createDeal(t.app, other.token);
    expect((await list(other.token)).json()).toHaveLength(1);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/deals/${deal.id}`,
      headers: bearer(other.token),
    });
    expect((await list(other.token)).json()).toEqual([]);
  });
});
