import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import { loadConfig } from '@server/config';
import {
  bearer,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import { invoiceSellerEnv } from '@tests/support/invoice-seller';

/** Tokens and headers: each case failed before its fix. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_MAX_FAILURES: '3',
    LOGIN_MAX_ACCOUNT_FAILURES: '6',
  });
  const admins = createAdminAccounts({
    run: t.ctx.run,
    unique: t.ctx.unique,
    accounts: t.ctx.queries.accounts,
  });
  const { position } = await admins.create('keeper', 'admin-pass-1', 'admin', {
    actor: { kind: 'system', id: 'test' },
  });
  await t.ctx.settle(position);
});
afterAll(() => t.close());

const post = (
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('row 1: the admin lockout keys on the validated identity', () => {
  it('given a changing extra "email" field, when guessing wrong 3 times, then the right password is still refused with 429', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/auth/admin-login', {
        username: 'keeper',
        password: 'wrong',
        email: `x${i}@example.com`,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/admin-login', {
      username: 'keeper',
      password: 'admin-pass-1',
      email: 'y@example.com',
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
  // Failures from many addresses slow the account down instead: sign-in-throttles.test.ts.
});

describe('row 9: odd login bodies are 400, never 500', () => {
  it.each([
    { email: { toString: 'x' }, password: 'a' },
    { email: ['a@b.co'], password: 'a' },
    { email: 'a@b.co', password: { length: 3 } },
  ])('login %j → 400', async (payload) => {
    const res = await post('/api/auth/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
  it('admin login with an object username → 400', async () => {
    expect(
      (
        await post('/api/auth/admin-login', {
          username: { toString: 'x' },
          password: 'a',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('row 2: X-Forwarded-For is trusted only from configured proxies', () => {
  it('given the default (no TRUST_PROXY), when a client rotates X-Forwarded-For, then the throttle still sees its address', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 3; i++) {
      await post(
        '/api/auth/login',
        { email: u.email, password: 'bad-guess' },
        { 'x-forwarded-for': `203.0.113.${i}` },
      );
    }
    const res = await post(
      '/api/auth/login',
      { email: u.email, password: 'secret123' },
      { 'x-forwarded-for': '203.0.113.77' },
    );
    expect(res.statusCode).toBe(429);
  });
  it('TRUST_PROXY takes proxy addresses and ranges; it refuses "true", a hop count (which Fastify ignores) and anything else', () => {
    const base = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(
      loadConfig({ ...base, TRUST_PROXY: '10.0.0.1,10.0.0.2' }).trustProxy,
    ).toBe('10.0.0.1,10.0.0.2');
    expect(
      loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, ::1, loopback' })
        .trustProxy,
    ).toBe('10.0.0.0/8, ::1, loopback');
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY/,
    );
    expect(() => loadConfig({ ...base, TRUST_PROXY: '1' })).toThrow(
      /not a hop count/,
    );
    expect(() =>
      loadConfig({ ...base, TRUST_PROXY: 'proxy.internal' }),
    ).toThrow(/CIDR/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/999' })).toThrow(
      /CIDR/,
    );
  });
});

describe('row 14: tokens can be revoked; answers are not cached', () => {
  it('given a logged-in user on two devices, when logging out, then both tokens are refused', async () => {
    const u = await registerUser(t.app);
    const other = (
      await post('/api/auth/login', { email: u.email, password: 'secret123' })
    ).json().token as string;
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: bearer(other) }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: bearer(u.token),
        })
      ).statusCode,
    ).toBe(200);
    for (const token of [u.token, other]) {
      const res = await t.app.inject({
        url: '/api/auth/me',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Session ended; please log in again');
    }
    const again = await post('/api/auth/login', {
      email: u.email,
      password: 'secret123',
    });
    expect(
      (
        await t.app.inject({
          url: '/api/auth/me',
          headers: bearer(again.json().token),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('given a password change, then old tokens are refused, the new token works and only the new password logs in', async () => {
    const u = await registerUser(t.app);
    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'not-it', newPassword: 'another-secret' },
      bearer(u.token),
    );
    expect(wrong.statusCode).toBe(403);
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: 'secret123', newPassword: 'another-secret' },
      bearer(u.token),
    );
    expect(changed.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: bearer(u.token) }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          url: '/api/auth/me',
          headers: bearer(changed.json().token),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/login', { email: u.email, password: 'secret123' }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await post('/api/auth/login', {
          email: u.email,
          password: 'another-secret',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('given a logged-in read, then Cache-Control is no-store; over plain http there is no HSTS or upgrade-insecure-requests', async () => {
    const u = await registerUser(t.app);
    for (const url of ['/api/auth/me', '/api/deals', '/api/user/profile']) {
      const res = await t.app.inject({ url, headers: bearer(u.token) });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(String(res.headers['content-security-policy'])).not.toContain(
        'upgrade-insecure-requests',
      );
    }
  });
});

describe('row 14: production settings', () => {
  const prod = {
    NODE_ENV: 'production',
    JWT_SECRET: 'p'.repeat(40),
    STRIPE_SECRET_KEY: 'sk_test_x',
    PUBLIC_URL: 'https://escrow.example',
    ...invoiceSellerEnv,
  };
  it('PUBLIC_URL is required in production', () => {
    const { PUBLIC_URL: _omit, ...rest } = prod;
    expect(() => loadConfig(rest)).toThrow(/PUBLIC_URL is required/);
  });
  it('API docs are off in production unless API_DOCS=on', () => {
    expect(loadConfig(prod).apiDocs).toBe(false);
    expect(loadConfig({ ...prod, API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).apiDocs).toBe(true);
  });
  it('given an https PUBLIC_URL, then HSTS and upgrade-insecure-requests are sent', async () => {
    const s = await createTestApp({ PUBLIC_URL: 'https://escrow.example' });
    try {
      const res = await s.app.inject({ url: '/api/health' });
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(String(res.headers['content-security-policy'])).toContain(
        'upgrade-insecure-requests',
      );
    } finally {
      await s.close();
    }
  });
  it('data folder is 0700 and its files 0600', () => {
    expect(statSync(t.dataDir).mode & 0o777).toBe(0o700);
    const files = readdirSync(t.dataDir).filter((f) => f.endsWith('.db'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files)
      expect(statSync(join(t.dataDir, f)).mode & 0o777).toBe(0o600);
  });
  it('given API_DOCS=off, then /api/docs is 404', async () => {
    const s = await createTestApp({ API_DOCS: 'off' });
    try {
      expect((await s.app.inject({ url: '/api/docs' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(
        200,
      );
    } finally {
      await s.close();
    }
  });
});
