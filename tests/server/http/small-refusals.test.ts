import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import {
  acceptLink,
  anyEmailCode,
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

const METRICS_TOKEN = 'metrics-token-0123456789';
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;
let adminToken = '';

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
  brand = await registerUser(t.app);
  const admins = createAdminAccounts({
    run: t.ctx.run,
    unique: t.ctx.unique,
    accounts: t.ctx.queries.accounts,
  });
  await admins.bootstrap('root', 'root-pass-1');
  await t.ctx.settle(await t.ctx.store.headPosition());
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/admin-login',
    payload: { username: 'root', password: 'root-pass-1' },
  });
  adminToken = res.json().token as string;
});
afterAll(() => t.close());

describe('deal deadlines', () => {
  const postDeal = (overrides: Record<string, unknown>, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: { ...bearer(brand.token), 'accept-language': language },
      payload: dealPayload(overrides),
    });

  it('given a deadline in the past, when a brand creates or edits a deal, then 400 says it must be today or later (in the caller language)', async () => {
    // The test clock reads 2026-03-02T09:00Z.
    for (const deadline of [
      '1900-01-01',
      '2026-03-01',
      '2026-03-01T23:59:59Z',
    ]) {
      const res = await postDeal({ deadline });
      expect(res.statusCode, `${deadline}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe('Deadline must be today or later');
    }
    expect(
      (await postDeal({ deadline: '1900-01-01' }, 'nl')).json().message,
    ).toBe('De deadline moet vandaag of later zijn.');
    const publication = await postDeal({ publicationDeadline: '2000-05-05' });
    expect(publication.statusCode).toBe(400);
    expect(publication.json().message).toBe(
      'Publication deadline must be today or later',
    );

    expect((await postDeal({ deadline: '2026-03-02' })).statusCode).toBe(201);
    const deal = await createDeal(t.app, brand.token);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/deals/${deal.id}`,
      headers: bearer(brand.token),
      payload: dealPayload({ deadline: '2025-12-31' }),
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('Deadline must be today or later');
  });
});

describe('health and readiness', () => {
  it('given a stranger, then /api/health and /api/ready say only up or down; an admin or the metrics token sees the figures', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true });
    // A user session or a wrong token is still a stranger here.
    expect(
      (
        await t.app.inject({ url: '/api/health', headers: bearer(brand.token) })
      ).json(),
    ).toEqual({ ok: true });
    expect(
      (
        await t.app.inject({
          url: '/api/ready',
          headers: bearer('metrics-token-wrong-12345'),
        })
      ).json(),
    ).toEqual({ ready: true });

    for (const headers of [bearer(METRICS_TOKEN), bearer(adminToken)]) {
      expect(
        (await t.app.inject({ url: '/api/health', headers })).json(),
      ).toEqual({
        ok: true,
        position: expect.any(Number),
      });
      expect(
        (await t.app.inject({ url: '/api/ready', headers })).json(),
      ).toMatchObject({
        ready: true,
        position: expect.any(Number),
        lagEvents: 0,
      });
    }
  });
});

describe('accepting a deal link', () => {
  it('given the brand signed in on its own link, then accepting answers 409 with a clear message and the deal stays open to the creator', async () => {
    const deal = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, deal.id);
    const link = (
      await t.app.inject({
        method: 'POST',
        url: `/api/deals/${deal.id}/generate-token`,
        headers: bearer(brand.token),
      })
    ).json().token as string;
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/deals/accept/${link}`,
      headers: bearer(brand.token),
      payload: anyEmailCode,
    });
    expect(own.statusCode, own.body).toBe(409);
    expect(own.json().message).toBe(
      'You created this deal: only the creator you invited can accept it',
    );
    const nl = await t.app.inject({
      method: 'POST',
      url: `/api/deals/accept/${link}`,
      headers: { ...bearer(brand.token), 'accept-language': 'nl' },
      payload: anyEmailCode,
    });
    expect(nl.json().message).toBe(
      'Je hebt deze deal zelf gemaakt: alleen de creator die je uitnodigt kan hem accepteren.',
    );
    expect(
      (await t.ctx.store.readStream(`deal-${deal.id}`)).map((e) => e.type),
    ).not.toContain('CreatorAccepted');

    const creator = await registerUser(t.app);
    const accepted = await acceptLink(
      t.app,
      t.ctx,
      { kind: 'deal', token: link },
      {
        headers: bearer(creator.token),
      },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    // A second accept is refused, as docs/api.md says.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/deals/accept/${link}`,
      headers: claimHeader(link),
      payload: anyEmailCode,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The deal has already been accepted');
  });
});

describe('admin deactivation', () => {
  it('given an account already deactivated, when an admin deactivates it again, then 409 reads correctly in English and Dutch', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      headers: bearer(adminToken),
      payload: { username: 'leaver', password: 'leaver-pass', role: 'auditor' },
    });
    const id = created.json().id as string;
    const deactivate = (language = 'en') =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/accounts/${id}/deactivate`,
        headers: { ...bearer(adminToken), 'accept-language': language },
      });
    expect((await deactivate()).statusCode).toBe(200);
    const again = await deactivate();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'The admin account is already deactivated',
    );
    expect((await deactivate('nl')).json().message).toBe(
      'Het beheerdersaccount is al gedeactiveerd.',
    );
  });
});
