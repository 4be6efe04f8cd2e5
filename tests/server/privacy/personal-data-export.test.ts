import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalDataExport } from '@machines/contract/privacy-api';
import { DATA_EXPORTS_PER_HOUR as EXPORTS_PER_HOUR } from '@machines/privacy/export-limit';
import { replayCheck } from '@server/admin/replay-check';
import { verifyStore } from '@server/event-store/hash-chain';
import {
  acceptLink,
  claimHeader,
  createPaidRequest,
  deliverPaidDeal,
} from '@tests/support/flow-helpers';
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
 * A person's data export (docs/privacy.md): their own data only, as they may read it, recorded as
 * an event with its actor, refused with a code to whoever may not have it, and limited per person.
 * The brand below is exported exactly DATA_EXPORTS_PER_HOUR times in this file (the test clock
 * stands still): a further export of it would be refused.
 */
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;
let creator: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;
let admin: Record<string, string>;
let auditor: Record<string, string>;
let dealId = 0;
let link = '';

const idLike = /\b(cs|pi|ch|py|pm|acct|seti)_[A-Za-z0-9_]{6,}/;
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
const get = (url: string, token: string) =>
  t.app.inject({ url, headers: bearer(token) });
const privacyEvents = async (subject: string) =>
  (await t.ctx.store.readAll()).filter(
    (e) => e.streamId === `privacy-${subject}`,
  );

beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app, {
    companyName: 'Lotte Jansen Studio',
    username: 'lotte_brand',
  });
  creator = await registerUser(t.app, {
    companyName: 'Sanne Media',
    username: 'sanne_maker',
  });
  other = await registerUser(t.app, {
    companyName: 'Other Party BV',
    username: 'other_party',
  });
  const adminToken = await createRootAdmin(t);
  admin = bearer(adminToken);
  auditor = bearer(await createAuditor(t, adminToken));
  await post(
    '/api/auth/login',
    {},
    { email: brand.email, password: 'secret123' },
  );
  const deal = await createDeal(t.app, brand.token, {
    title: 'Spring launch with Sanne',
  });
  dealId = deal.id;
  link = await deliverPaidDeal(t.app, t.ctx, brand.token, dealId);
  await createDeal(t.app, other.token, {
    title: 'Secret other campaign',
    influencer: '@someone.else',
  });
  await createPaidRequest(t.app, t.ctx, creator.token, 'Reel by Sanne');
  await t.ctx.quiesce();
});
afterAll(() => t.close());

describe('a signed-in user exports their data', () => {
  it('refuses without a sign-in (401)', async () => {
    const res = await post('/api/profile/export');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('authentication_required');
  });

  it('given a brand with a paid deal, then the export holds their profile, the deal with its events, documents, sign-ins and agreements, and nobody else’s data', async () => {
    const res = await post('/api/profile/export', bearer(brand.token));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json() as PersonalDataExport;
    expect(data).toMatchObject({
      format: 'escrow-personal-data-export',
      subject: { kind: 'user', id: brand.userId },
      requestedBy: 'self',
      profile: {
        email: brand.email,
        username: 'lotte_brand',
        companyName: 'Lotte Jansen Studio',
      },
      notifications: {
        preferences: { push: true, email: true },
        emailOptedOut: false,
      },
    });
    expect(data.deals.map((d) => [d.id, d.role, d.title])).toEqual([
      [dealId, 'brand', 'Spring launch with Sanne'],
    ]);
    const created = data.deals[0]!.events.find(
      (e) => e.type === 'DealCreated',
    )!;
    expect(created.actor).toBe('you');
    // Listed by the reference the brand's pages use, which opens it for the brand only.
    const refs = (
      await get(`/api/deals/${dealId}/documents`, brand.token)
    ).json() as {
      receipt: string;
    };
    expect(data.documents).toContainEqual({
      kind: 'receipt',
      subject: `deal-${dealId}`,
      url: `/api/documents/${refs.receipt}`,
    });
    for (const d of data.documents) expect(d.url).not.toContain(`/${dealId}/`);
    const listed = await get(`/api/documents/${refs.receipt}`, brand.token);
    expect(listed.json()).toMatchObject({ kind: 'receipt', id: dealId });
    expect(data.signIns.length).toBeGreaterThan(0);
    expect(data.agreements.map((a) => a.kind)).toEqual(
      expect.arrayContaining(['account_registered', 'deal_created']),
    );
    expect(data.personalData).toContainEqual(
      expect.objectContaining({
        field: 'email',
        privacy: 'profile',
        value: brand.email,
      }),
    );
    const text = res.body;
    for (const foreign of [
      other.email,
      'other_party',
      'Secret other campaign',
      creator.email,
    ])
      expect(text).not.toContain(foreign);
    expect(text).not.toContain('scrypt$');
    // The brand's own payment ids are its own; the creator's connected account reads as present.
    const account = t.ctx.queries.deals.byId(dealId)!.context.stripeAccountId!;
    expect(account).toMatch(/^acct_/);
    expect(text).not.toContain(account);
    expect(text).toMatch(/\b(pi|cs)_[A-Za-z0-9_]{6,}/);
  });

  it('records the export as an event with its actor and without the data', async () => {
    const recorded = await privacyEvents(`user-${brand.userId}`);
    expect(recorded.length).toBeGreaterThan(0);
    const last = recorded.at(-1)!;
    expect(last.type).toBe('PersonalDataExported');
    expect(last.metadata).toMatchObject({
      actor: { kind: 'brand', id: brand.userId },
    });
    expect(last.data).toMatchObject({
      subject: `user-${brand.userId}`,
      requestedBy: 'self',
    });
    expect(JSON.stringify(last.data)).not.toContain(brand.email);
  });

  it('given a creator with an account, then their payment request and statement link are in it', async () => {
    const res = await post('/api/profile/export', bearer(creator.token));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json() as PersonalDataExport;
    expect(data.paymentRequests.map((r) => [r.role, r.title])).toEqual([
      ['creator', 'Reel by Sanne'],
    ]);
    expect(data.deals).toEqual([]);
    expect(res.body).not.toContain(brand.email);
    expect(res.body).not.toContain('Spring launch with Sanne');
  });
});

describe('billing details', () => {
  it('are in the export as fiscal data with the agreement to them', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/billing-details',
      headers: bearer(brand.token),
      payload: {
        company: 'Lotte Jansen Studio BV',
        addressLines: ['Prinsengracht 12'],
        postcode: '1015 DV',
        city: 'Amsterdam',
        country: 'NL',
        vatId: null,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const data = (
      await post('/api/profile/export', bearer(brand.token))
    ).json() as PersonalDataExport;
    expect(data.account.events.map((e) => e.type)).toContain(
      'BillingDetailsChanged',
    );
    expect(data.personalData).toContainEqual(
      expect.objectContaining({
        field: 'addressLines[]',
        privacy: 'fiscal',
        value: 'Prinsengracht 12',
      }),
    );
    expect(data.agreements.map((a) => a.kind)).toContain('billing_details_set');
  });
});

describe('a request sent to a brand’s address', () => {
  it('is in that brand’s export on the brand’s side, read as its link reads it (no payment ids)', async () => {
    const sent = await post('/api/payment-requests', bearer(creator.token), {
      title: 'Request to Lotte',
      description: 'One story',
      amount: '120',
      brandName: 'Lotte Jansen Studio',
      brandEmail: brand.email,
      deadline: '2026-03-20',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const token = (sent.json() as { shareableToken: string }).shareableToken;
    const accepted = await acceptLink(t.app, t.ctx, {
      kind: 'payment-request',
      token,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const paying = claimHeader(token);
    expect(
      (await post(`/api/payment-requests/${token}/checkout`, paying))
        .statusCode,
    ).toBe(200);
    const res = await post('/api/profile/export', bearer(brand.token));
    const data = res.json() as PersonalDataExport;
    const request = data.paymentRequests.find(
      (r) => r.title === 'Request to Lotte',
    )!;
    expect(request.role).toBe('brand');
    expect(JSON.stringify(request)).not.toMatch(idLike);
    expect(data.agreements).toContainEqual(
      expect.objectContaining({ kind: 'payment_request_accepted' }),
    );
  });
});

describe('a creator exports through their claimed deal link', () => {
  it('given the browser that accepted, then the deal and the link’s claim are exported without payment ids', async () => {
    const res = await post(`/api/deals/link/${link}/export`, claimHeader(link));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json() as PersonalDataExport;
    expect(data.subject).toEqual({ kind: 'deal-link', id: String(dealId) });
    expect(data.profile).toBeNull();
    expect(data.deals[0]!.role).toBe('creator');
    const types = data.deals[0]!.events.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'DealCreated',
        'PaymentSucceeded',
        'CreatorAccepted',
      ]),
    );
    expect(
      data.deals[0]!.events.find((e) => e.type === 'CreatorAccepted')!.actor,
    ).toBe('you');
    expect(res.body).not.toMatch(idLike);
    expect(res.body).not.toContain(brand.email);
    const recorded = await privacyEvents(`deal-link-${dealId}`);
    expect(recorded.at(-1)!.metadata).toMatchObject({
      actor: { kind: 'creator-link', id: `deal-${dealId}` },
    });
  });

  it('refuses another browser (403), an unaccepted link (403) and an unknown link (404)', async () => {
    const elsewhere = await post(`/api/deals/link/${link}/export`);
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([
      403,
      'deal_claimed_elsewhere',
    ]);
    const fresh = await createDeal(t.app, brand.token);
    const gen = await post(
      `/api/deals/${fresh.id}/generate-token`,
      bearer(brand.token),
    );
    const open = await post(
      `/api/deals/link/${gen.json().token as string}/export`,
    );
    expect([open.statusCode, open.json().code]).toEqual([
      403,
      'link_export_unclaimed',
    ]);
    const unknown = await post('/api/deals/link/NoSuchLinkToken1234567/export');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('an admin exports a user’s data on request', () => {
  it('by username or e-mail, recorded with the admin as actor; the same content through the admin rule', async () => {
    for (const user of ['lotte_brand', brand.email.toUpperCase()]) {
      const res = await post('/api/admin/users/export', admin, { user });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        requestedBy: 'admin',
        subject: { id: brand.userId },
        profile: { email: brand.email },
      });
      expect(res.body).not.toMatch(idLike);
      expect(res.body).not.toContain(other.email);
    }
    const last = (await privacyEvents(`user-${brand.userId}`)).at(-1)!;
    expect(last.metadata).toMatchObject({ actor: { kind: 'admin' } });
    expect(last.data).toMatchObject({ requestedBy: 'admin' });
  });

  it('refuses auditors (403), a user’s token (401) and an unknown user (404)', async () => {
    const byAuditor = await post('/api/admin/users/export', auditor, {
      user: 'lotte_brand',
    });
    expect([byAuditor.statusCode, byAuditor.json().code]).toEqual([
      403,
      'auditor_read_only',
    ]);
    const byUser = await post('/api/admin/users/export', bearer(brand.token), {
      user: 'lotte_brand',
    });
    expect(byUser.statusCode).toBe(401);
    const unknown = await post('/api/admin/users/export', admin, {
      user: 'nobody_here',
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([
      404,
      'user_not_found',
    ]);
  });
});

describe('exports are limited per person', () => {
  it(`given ${EXPORTS_PER_HOUR} exports of one person in an hour, then the next is 429 with a code, in the caller's language`, async () => {
    const busy = await registerUser(t.app);
    for (let i = 0; i < EXPORTS_PER_HOUR; i++)
      expect(
        (await post('/api/profile/export', bearer(busy.token))).statusCode,
      ).toBe(200);
    const refused = await post('/api/profile/export', {
      ...bearer(busy.token),
      'accept-language': 'nl',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_exports' });
    expect(refused.json().message).toContain('gegevensexports');
    expect(refused.headers['retry-after']).toBeDefined();
    // Another person's exports are not held up.
    expect(
      (await post('/api/profile/export', bearer(other.token))).statusCode,
    ).toBe(200);
  });
});

describe('the ledger after exports', () => {
  it('replays clean and every hash chain holds (the privacy streams have no statechart)', async () => {
    expect(
      (await privacyEvents(`user-${brand.userId}`)).length,
    ).toBeGreaterThan(0);
    expect((await replayCheck(t.ctx.store)).problems).toEqual([]);
    expect((await verifyStore(t.ctx.storedEvents)).breaks).toEqual([]);
  });
});
