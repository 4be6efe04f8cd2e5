import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import {
  bearer,
  createDeal,
  createTestApp,
  dealPayload,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * Every route × brand A, brand B, creator link token (A's deal), another link token (B's deal),
 * admin, auditor and anonymous. "ok" means authorised (2xx, or a 409 from the machine); a number
 * is the exact refusal status.
 */
type Who =
  | 'brandA'
  | 'brandB'
  | 'creatorLink'
  | 'otherLink'
  | 'admin'
  | 'auditor'
  | 'anonymous';
const everyone: Who[] = [
  'brandA',
  'brandB',
  'creatorLink',
  'otherLink',
  'admin',
  'auditor',
  'anonymous',
];

let t: TestApp;
const tokens: Partial<Record<Who, string>> = {};
let dealA = 0;
let linkA = '';
let linkB = '';
let requestA = 0;
let requestTokenA = '';

beforeAll(async () => {
  t = await createTestApp();
  const a = await registerUser(t.app);
  const b = await registerUser(t.app);
  tokens.brandA = a.token;
  tokens.brandB = b.token;
  dealA = (await createDeal(t.app, a.token)).id;
  const dealB = (await createDeal(t.app, b.token)).id;
  linkA = (
    await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealA}/generate-token`,
      headers: bearer(a.token),
    })
  ).json().token;
  linkB = (
    await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealB}/generate-token`,
      headers: bearer(b.token),
    })
  ).json().token;
  const req = await t.app.inject({
    method: 'POST',
    url: '/api/payment-requests',
    headers: bearer(a.token),
    payload: {
      title: 'Reel',
      description: 'One reel',
      amount: '100',
      brandName: 'Acme',
      brandEmail: 'acme@example.com',
      deadline: '2026-03-20',
    },
  });
  requestA = req.json().id;
  requestTokenA = req.json().shareableToken;
  const admins = createAdminAccounts({
    run: t.ctx.run,
    unique: t.ctx.unique,
    accounts: t.ctx.queries.accounts,
  });
  for (const [name, role] of [
    ['boss', 'admin'],
    ['reader', 'auditor'],
  ] as const) {
    const { position } = await admins.create(name, 'admin-pass-1', role, {
      actor: { kind: 'system', id: 'test' },
    });
    await t.ctx.settle(position);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { username: name, password: 'admin-pass-1' },
    });
    tokens[role] = login.json().token;
  }
});
afterAll(() => t.close());

interface Row {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  body?: () => unknown;
  expect: Partial<Record<Who, 'ok' | number>>;
  /** Status for everyone not listed. */
  otherwise: number;
}

const brandOwn = { brandA: 'ok' as const, brandB: 404 };
const users = { brandA: 'ok' as const, brandB: 'ok' as const };
const rows: Row[] = [
  {
    route: 'list deals',
    method: 'GET',
    url: () => '/api/deals',
    expect: users,
    otherwise: 401,
  },
  {
    route: 'get deal',
    method: 'GET',
    url: () => `/api/deals/${dealA}`,
    expect: brandOwn,
    otherwise: 401,
  },
  {
    route: 'update deal',
    method: 'PUT',
    url: () => `/api/deals/${dealA}`,
    body: () => dealPayload(),
    expect: brandOwn,
    otherwise: 401,
  },
  {
    route: 'generate token',
    method: 'POST',
    url: () => `/api/deals/${dealA}/generate-token`,
    expect: brandOwn,
    otherwise: 401,
  },
  {
    route: 'payment status',
    method: 'GET',
    url: () => `/api/deals/${dealA}/payment-status`,
    expect: brandOwn,
    otherwise: 401,
  },
  {
    route: 'release',
    method: 'POST',
    url: () => `/api/deals/${dealA}/release`,
    expect: brandOwn,
    otherwise: 401,
  },
  {
    route: 'dispute',
    method: 'POST',
    url: () => `/api/deals/${dealA}/dispute`,
    expect: brandOwn,
    otherwise: 401,
  },
  {
    route: 'manual complete',
    method: 'POST',
    url: () => `/api/deals/${dealA}/manual-complete`,
    expect: brandOwn,
    otherwise: 401,
  },
  {
    route: 'checkout',
    method: 'POST',
    url: () => '/api/create-checkout-session',
    body: () => ({ dealId: dealA }),
    expect: brandOwn,
    otherwise: 401,
  },
  {
    route: 'dashboard stats',
    method: 'GET',
    url: () => '/api/dashboard/stats',
    expect: users,
    otherwise: 401,
  },
  {
    route: 'user stats',
    method: 'GET',
    url: () => '/api/user/stats',
    expect: users,
    otherwise: 401,
  },
  {
    route: 'profile',
    method: 'GET',
    url: () => '/api/profile',
    expect: users,
    otherwise: 401,
  },
  {
    route: 'me',
    method: 'GET',
    url: () => '/api/auth/me',
    expect: users,
    otherwise: 401,
  },
  {
    route: 'bank status',
    method: 'GET',
    url: () => '/api/stripe/account-status',
    expect: users,
    otherwise: 401,
  },
  {
    route: 'ai improve',
    method: 'POST',
    url: () => '/api/ai-assist/improve-description',
    body: () => ({ description: 'a reel', platforms: [], deliverables: [] }),
    expect: users,
    otherwise: 401,
  },
  {
    route: 'push public key',
    method: 'GET',
    url: () => '/api/push/public-key',
    expect: Object.fromEntries(everyone.map((w) => [w, 'ok'])),
    otherwise: 200,
  },
  {
    route: 'push test',
    method: 'POST',
    url: () => '/api/push/test',
    expect: users,
    otherwise: 401,
  },
  {
    route: 'my requests',
    method: 'GET',
    url: () => '/api/payment-requests',
    expect: users,
    otherwise: 401,
  },
  {
    route: 'complete request',
    method: 'POST',
    url: () => `/api/payment-requests/${requestA}/complete`,
    expect: brandOwn,
    otherwise: 401,
  },
  {
    route: 'request by token',
    method: 'GET',
    url: () => `/api/payment-requests/token/${requestTokenA}`,
    expect: Object.fromEntries(everyone.map((w) => [w, 'ok'])),
    otherwise: 200,
  },
  {
    route: 'admin deals',
    method: 'GET',
    url: () => '/api/admin/deals',
    expect: { admin: 'ok', auditor: 'ok' },
    otherwise: 401,
  },
  {
    route: 'admin counts',
    method: 'GET',
    url: () => '/api/admin/deals/counts',
    expect: { admin: 'ok', auditor: 'ok' },
    otherwise: 401,
  },
  {
    route: 'admin events',
    method: 'GET',
    url: () => `/api/admin/deals/${dealA}/events`,
    expect: { admin: 'ok', auditor: 'ok' },
    otherwise: 401,
  },
  {
    route: 'admin timeline',
    method: 'GET',
    url: () => `/api/admin/disputes/${dealA}/timeline`,
    expect: { admin: 'ok', auditor: 'ok' },
    otherwise: 401,
  },
  {
    route: 'admin release',
    method: 'POST',
    url: () => `/api/admin/deals/${dealA}/release`,
    expect: { admin: 'ok', auditor: 403 },
    otherwise: 401,
  },
  {
    route: 'admin hold',
    method: 'POST',
    url: () => `/api/admin/deals/${dealA}/hold`,
    expect: { admin: 'ok', auditor: 403 },
    otherwise: 401,
  },
  {
    route: 'admin resume',
    method: 'POST',
    url: () => `/api/admin/deals/${dealA}/resume`,
    expect: { admin: 'ok', auditor: 403 },
    otherwise: 401,
  },
  {
    route: 'admin refund',
    method: 'POST',
    url: () => `/api/admin/deals/${dealA}/refund`,
    expect: { admin: 'ok', auditor: 403 },
    otherwise: 401,
  },
  {
    route: 'admin reconciliation',
    method: 'GET',
    url: () => '/api/admin/reconciliation',
    expect: { admin: 'ok', auditor: 'ok' },
    otherwise: 401,
  },
  {
    route: 'admin payment requests',
    method: 'GET',
    url: () => '/api/admin/payment-requests',
    expect: { admin: 'ok', auditor: 'ok' },
    otherwise: 401,
  },
  {
    route: 'admin payment request',
    method: 'GET',
    url: () => `/api/admin/payment-requests/${requestA}`,
    expect: { admin: 'ok', auditor: 'ok' },
    otherwise: 401,
  },
  // The auditor's reads (each read route an auditor may open, and nothing it may not).
  {
    route: 'admin me',
    method: 'GET',
    url: () => '/api/admin/me',
    expect: { admin: 'ok', auditor: 'ok' },
    otherwise: 401,
  },
  {
    route: 'admin deal',
    method: 'GET',
    url: () => `/api/admin/deals/${dealA}`,
    expect: { admin: 'ok', auditor: 'ok' },
    otherwise: 401,
  },
  {
    route: 'public settings',
    method: 'GET',
    url: () => '/api/settings',
    expect: Object.fromEntries(everyone.map((w) => [w, 'ok'])),
    otherwise: 200,
  },
  {
    route: 'push subscribe',
    method: 'POST',
    url: () => '/api/push/subscribe',
    body: () => ({
      subscription: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/m',
        keys: { p256dh: 'BNc', auth: 'xyz' },
      },
    }),
    expect: users,
    otherwise: 401,
  },
  {
    route: 'push unsubscribe',
    method: 'POST',
    url: () => '/api/push/unsubscribe',
    expect: users,
    otherwise: 401,
  },
  {
    route: 'user profile (alias)',
    method: 'GET',
    url: () => '/api/user/profile',
    expect: users,
    otherwise: 401,
  },
  {
    route: 'admin release request hold',
    method: 'POST',
    url: () => `/api/admin/payment-requests/${requestA}/release-hold`,
    expect: { admin: 'ok', auditor: 403 },
    otherwise: 401,
  },
  {
    route: 'admin integrity',
    method: 'GET',
    url: () => `/api/admin/deals/${dealA}/integrity`,
    expect: { admin: 'ok', auditor: 'ok' },
    otherwise: 401,
  },
  {
    route: 'admin hold ageing',
    method: 'GET',
    url: () => '/api/admin/deals/hold-ageing',
    expect: { admin: 'ok', auditor: 'ok' },
    otherwise: 401,
  },
  {
    route: 'admin disputes',
    method: 'GET',
    url: () => '/api/admin/disputes',
    expect: { admin: 'ok', auditor: 'ok' },
    otherwise: 401,
  },
  {
    route: 'admin disputes export',
    method: 'GET',
    url: () => '/api/admin/disputes/export?format=csv',
    expect: { admin: 'ok', auditor: 'ok' },
    otherwise: 401,
  },
  {
    route: 'admin dispute page (never disputed)',
    method: 'GET',
    url: () => `/api/admin/disputes/${dealA}`,
    expect: { admin: 404, auditor: 404 },
    otherwise: 401,
  },
  {
    route: 'admin note',
    method: 'POST',
    url: () => `/api/admin/deals/${dealA}/notes`,
    body: () => ({ note: 'Checked' }),
    expect: { admin: 'ok', auditor: 403 },
    otherwise: 401,
  },
  {
    route: 'admin accounts',
    method: 'GET',
    url: () => '/api/admin/accounts',
    expect: { admin: 'ok', auditor: 'ok' },
    otherwise: 401,
  },
  {
    route: 'admin create account',
    method: 'POST',
    url: () => '/api/admin/accounts',
    body: () => ({
      username: 'matrix-made',
      password: 'matrix-pass-1',
      role: 'auditor',
    }),
    expect: { admin: 'ok', auditor: 403 },
    otherwise: 401,
  },
  {
    route: 'admin deactivate account',
    method: 'POST',
    url: () => '/api/admin/accounts/a_missing/deactivate',
    expect: { admin: 404, auditor: 403 },
    otherwise: 401,
  },
];

function headersFor(who: Who): Record<string, string> {
  const token = tokens[who];
  return token ? bearer(token) : {};
}

describe('authorization matrix', () => {
  for (const row of rows) {
    it(`given each principal, when calling ${row.route}, then only the allowed ones get through`, async () => {
      for (const who of everyone) {
        const res = await t.app.inject({
          method: row.method,
          url: row.url(),
          headers: headersFor(who),
          ...(row.body ? { payload: row.body() as object } : {}),
        });
        const expected = row.expect[who] ?? row.otherwise;
        if (expected === 'ok') {
          expect([200, 201, 409], `${who} ${row.route}: ${res.body}`).toContain(
            res.statusCode,
          );
        } else {
          expect(res.statusCode, `${who} ${row.route}: ${res.body}`).toBe(
            expected,
          );
        }
      }
    });
  }

  it('given logout and password change, then only a user token reaches them (admins, auditors, links and anonymous get 401)', async () => {
    for (const who of [
      'creatorLink',
      'otherLink',
      'admin',
      'auditor',
      'anonymous',
    ] as const) {
      for (const url of ['/api/auth/logout', '/api/auth/change-password']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: headersFor(who),
          payload: {
            currentPassword: 'secret123',
            newPassword: 'another-secret',
          },
        });
        expect(res.statusCode, `${who} ${url}`).toBe(401);
      }
    }
  });

  it('given an auditor, when acting on a creator link or a request link, then its token is no credential there', async () => {
    // Link routes take the token in the path only: an admin bearer adds nothing.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/deals/deliver/${'b'.repeat(22)}`,
      headers: headersFor('auditor'),
    });
    expect(res.statusCode).toBe(404);
  });

  it('given rotate-token (on a deal of its own, so the links above stay valid), then only the owning brand gets through', async () => {
    const own = (await createDeal(t.app, tokens.brandA!)).id;
    await t.app.inject({
      method: 'POST',
      url: `/api/deals/${own}/generate-token`,
      headers: headersFor('brandA'),
    });
    for (const who of everyone) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/deals/${own}/rotate-token`,
        headers: headersFor(who),
      });
      expect(res.statusCode, who).toBe(
        who === 'brandA' ? 200 : who === 'brandB' ? 404 : 401,
      );
    }
  });

  it('given link tokens, when reading by token, then each token opens only its own deal; a forged token is 404', async () => {
    const a = (await t.app.inject({ url: `/api/deals/token/${linkA}` })).json();
    const b = (await t.app.inject({ url: `/api/deals/token/${linkB}` })).json();
    expect(a.id).toBe(dealA);
    expect(b.id).not.toBe(dealA);
    expect(
      (await t.app.inject({ url: `/api/deals/token/${linkA.slice(0, -1)}x` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/deals/deliver/${linkA}x`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/deals/start-onboarding/${'a'.repeat(22)}`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("given brand B, when deleting brand A's deal, then 404; brand A deletes it", async () => {
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/deals/${dealA}`,
          headers: headersFor('brandB'),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/deals/${dealA}`,
          headers: headersFor('admin'),
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/deals/${dealA}` }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/deals/${dealA}`,
          headers: headersFor('brandA'),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/deals/token/${linkA}` })).statusCode,
    ).toBe(404);
  });
});
