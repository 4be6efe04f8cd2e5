import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import {
  bearer,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
  const admins = createAdminAccounts({
    run: t.ctx.run,
    unique: t.ctx.unique,
    accounts: t.ctx.queries.accounts,
  });
  const { position } = await admins.create('ops', 'admin-pass-1', 'admin', {
    actor: { kind: 'system', id: 'test' },
  });
  await t.ctx.settle(position);
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload });

describe('accounts and auth', () => {
  it('given the §5 rules, when registering with bad fields, then 400 with the exact messages', async () => {
    const base = {
      username: 'validname',
      email: 'valid@example.com',
      password: 'secret123',
    };
    expect((await register({ ...base, username: 'ab' })).json().message).toBe(
      'Username must be at least 3 characters',
    );
    expect(
      (await register({ ...base, email: 'not-an-email' })).json().message,
    ).toBe('Invalid email address');
    expect(
      (await register({ ...base, password: '12345' })).json().message,
    ).toBe('Password must be at least 6 characters');
    expect(
      (await register({ ...base, username: 'x'.repeat(51) })).statusCode,
    ).toBe(400);
  });

  it('given a registered user, when registering the same email or username again, then 409', async () => {
    const u = await registerUser(t.app);
    const dupEmail = await register({
      username: 'another1',
      email: u.email.toUpperCase(),
      password: 'secret123',
    });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe(
      'Email is already registered, or one that looks the same',
    );
    expect(
      (
        await register({
          username: u.username,
          email: 'fresh@example.com',
          password: 'secret123',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('given a user, when logging in, then a token and user with isOnboardingComplete; me answers; no login event is stored (the address it signed in from is already known)', async () => {
    const u = await registerUser(t.app);
    const head = await t.ctx.store.headPosition();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: 'secret123' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: u.email,
      isOnboardingComplete: false,
    });
    expect(await t.ctx.store.headPosition()).toBe(head);
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: bearer(res.json().token),
    });
    expect(me.json()).toMatchObject({ id: u.userId, email: u.email });
    expect(me.body).not.toContain('passwordHash');
  });

  it('given login validation, then "Invalid email address" and "Password is required"', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'x', password: 'a' },
        })
      ).json().message,
    ).toBe('Invalid email address');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'a@b.co' },
        })
      ).json().message,
    ).toBe('Password is required');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/admin-login',
          payload: { password: 'x' },
        })
      ).json().message,
    ).toBe('Username is required');
  });

  it('given repeated failed logins, then 429; a correct password before that still works', async () => {
    const u = await registerUser(t.app);
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: u.email, password },
      });
    expect((await attempt('secret123')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await attempt('wrong-password')).statusCode).toBe(401);
    const blocked = await attempt('secret123');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('too_many_requests');
  });

  it('given bad tokens, then 401 with the right message', async () => {
    const noDots = await t.app.inject({
      url: '/api/auth/me',
      headers: bearer('abc'),
    });
    expect(noDots.json()).toEqual({
      error: 'unauthorized',
      code: 'token_format',
      params: {},
      message: 'Invalid authentication token format',
    });
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: bearer('a.b.c') }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('given a token, when the clock passes its expiry, then 401', async () => {
    const u = await registerUser(t.app);
    t.clock.advance(8 * 24 * 3_600_000);
    const res = await t.app.inject({
      url: '/api/auth/me',
      headers: bearer(u.token),
    });
    expect(res.statusCode).toBe(401);
    t.clock.advance(-8 * 24 * 3_600_000);
  });

  it('given onboarding and profile, when completed and updated, then me and both profile paths show it', async () => {
    const u = await registerUser(t.app);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-onboarding',
      headers: bearer(u.token),
      payload: { companyName: 'Acme', country: 'nl', phoneNumber: '' },
    });
    expect(done.json().user).toMatchObject({
      isOnboardingComplete: true,
      companyName: 'Acme',
      country: 'NL',
      phoneNumber: null,
    });
    const skip = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-onboarding',
      headers: bearer(u.token),
    });
    expect(skip.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(u.token),
      payload: { username: 'a', email: 'x@y.zz' },
    });
    expect(bad.json().message).toBe('Username must be at least 2 characters');
    const badEmail = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(u.token),
      payload: { username: 'ab', email: 'nope' },
    });
    expect(badEmail.json().message).toBe('Please enter a valid email address');
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(u.token),
      payload: {
        username: `${u.username}x`,
        email: `new.${u.email}`,
        companyName: 'Acme BV',
      },
    });
    expect(ok.json()).toMatchObject({
      username: `${u.username}x`,
      email: `new.${u.email}`,
      companyName: 'Acme BV',
    });
    expect(
      (
        await t.app.inject({
          url: '/api/user/profile',
          headers: bearer(u.token),
        })
      ).json().companyName,
    ).toBe('Acme BV');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `new.${u.email}`, password: 'secret123' },
    });
    expect(login.statusCode).toBe(200);
    const stats = await t.app.inject({
      url: '/api/user/stats',
      headers: bearer(u.token),
    });
    expect(stats.json()).toEqual({ totalDeals: 0, successfulDeals: 0 });
  });

  it('given an admin account, when logging in, then an admin token and an AdminLoggedIn event; wrong password is 401 Invalid credentials', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { username: 'ops', password: 'admin-pass-1' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().admin).toMatchObject({ username: 'ops', role: 'admin' });
    const me = await t.app.inject({
      url: '/api/admin/me',
      headers: bearer(ok.json().token),
    });
    expect(me.json().role).toBe('admin');
    const all = await t.ctx.store.readAll();
    expect(all.some((e) => e.type === 'AdminLoggedIn')).toBe(true);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { username: 'ops', password: 'nope' },
    });
    expect(bad.json()).toEqual({
      error: 'unauthorized',
      code: 'invalid_credentials',
      params: {},
      message: 'Invalid credentials',
    });
    // A user token is not an admin token (separate audience).
    const u = await registerUser(t.app);
    expect(
      (await t.app.inject({ url: '/api/admin/me', headers: bearer(u.token) }))
        .statusCode,
    ).toBe(401);
  });
});
