import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createRootAdmin,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/*
 * Sign-in throttles (docs/adr/0021-sign-in-throttles-not-lock-outs.md): a guessing source is
 * refused, an account under attack is slowed down but never locked, its owner is told by e-mail,
 * and re-authentication counts as a sign-in.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_MAX_FAILURES: '5',
    LOGIN_MAX_ACCOUNT_FAILURES: '20',
    LOGIN_DELAY_BASE_MS: '40',
    LOGIN_DELAY_MAX_MS: '160',
    ADMIN_ALERT_EMAILS: 'ops@example.com',
  });
  await createRootAdmin(t, 'admin', 'admin-pass-1');
});
afterAll(() => t.close());

const login = (payload: object, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload,
  });
const adminLogin = (payload: object, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/admin-login',
    remoteAddress,
    payload,
  });

/** Five wrong passwords from each of four addresses: the account's budget of 20 is spent. */
async function spendAccountBudget(
  send: (address: string) => Promise<{ statusCode: number }>,
) {
  for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'])
    for (let i = 0; i < 5; i++)
      expect((await send(address)).statusCode).toBe(401);
}

describe('an account under attack is slowed down, never locked', () => {
  it('given 20 failures from 4 addresses, when the owner signs in from a fifth, then 200 (after a short wait)', async () => {
    const u = await registerUser(t.app);
    await spendAccountBudget((a) =>
      login({ email: u.email, password: 'wrong-guess' }, a),
    );
    const started = Date.now();
    const right = await login(
      { email: ` ${u.email.toUpperCase()} `, password: 'secret123' },
      '127.0.0.9',
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('given the same against the admin account (also spelt " ADMIN "), then the admin still signs in', async () => {
    await spendAccountBudget((a) =>
      adminLogin(
        {
          username: a.endsWith('3') ? ' ADMIN ' : 'admin',
          password: 'nope-nope',
        },
        a,
      ),
    );
    const right = await adminLogin(
      { username: 'admin', password: 'admin-pass-1' },
      '127.0.0.9',
    );
    expect(right.statusCode, right.body).toBe(200);
  });

  it('given a source that failed 5 times, then that source is refused for that account (429), other accounts and sources are not', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    for (let i = 0; i < 5; i++)
      expect(
        (await login({ email: u.email, password: 'bad' }, '127.0.1.1'))
          .statusCode,
      ).toBe(401);
    const refused = await login(
      { email: u.email, password: 'secret123' },
      '127.0.1.1',
    );
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await login({ email: other.email, password: 'secret123' }, '127.0.1.1'))
        .statusCode,
    ).toBe(200);
    expect(
      (await login({ email: u.email, password: 'secret123' }, '127.0.1.2'))
        .statusCode,
    ).toBe(200);
  });

  it('given more failures past the budget, then each attempt waits longer, up to the cap', async () => {
    const u = await registerUser(t.app);
    await spendAccountBudget((a) =>
      login({ email: u.email, password: 'wrong-guess' }, a),
    );
    const timed = async (address: string) => {
      const started = Date.now();
      await login({ email: u.email, password: 'wrong-again' }, address);
      return Date.now() - started;
    };
    const first = await timed('127.0.2.1');
    const second = await timed('127.0.2.2');
    const third = await timed('127.0.2.3');
    expect(first).toBeGreaterThanOrEqual(35);
    expect(second).toBeGreaterThanOrEqual(75);
    expect(third).toBeGreaterThanOrEqual(155);
    expect(await timed('127.0.2.4')).toBeLessThan(1_000);
  });

  it('given the budget is spent, then the owner gets one e-mail about it; admin accounts are reported to the admin addresses', async () => {
    const u = await registerUser(t.app);
    await spendAccountBudget((a) =>
      login({ email: u.email, password: 'wrong-guess' }, a),
    );
    await login({ email: u.email, password: 'wrong-guess' }, '127.0.3.1');
    await new Promise((r) => setTimeout(r, 100));
    const mails = t.ctx.notifications.mail.list();
    expect(mails.filter((m) => m.to === u.email)).toEqual([
      expect.objectContaining({
        subject: 'Someone is trying to sign in to your account',
      }),
    ]);
    expect(mails.some((m) => m.to === 'ops@example.com')).toBe(true);
  });
});

describe('re-authentication and account writes are throttled', () => {
  it('given wrong current passwords on change-password, then the sixth is 429, and they count against sign-in from that address', async () => {
    const u = await registerUser(t.app);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        remoteAddress: '127.0.4.1',
        headers: bearer(u.token),
        payload: { currentPassword, newPassword: 'another-secret' },
      });
    for (let i = 0; i < 5; i++)
      expect((await change(`guess-${i}`)).statusCode).toBe(403);
    expect((await change('secret123')).statusCode).toBe(429);
    expect(
      (await login({ email: u.email, password: 'secret123' }, '127.0.4.1'))
        .statusCode,
    ).toBe(429);
  });

  it('given the same onboarding details sent again and again, then only the first is recorded', async () => {
    const u = await registerUser(t.app);
    const details = {
      companyName: 'Same BV',
      country: 'NL',
      phoneNumber: '+31 6 1234 5678',
    };
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/complete-onboarding',
        headers: bearer(u.token),
        payload: details,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const events = (await t.ctx.store.readAll()).filter(
      (e) => e.streamId === `user-${u.userId}`,
    );
    expect(
      events.filter(
        (e) => e.type === 'OnboardingCompleted' || e.type === 'ProfileUpdated',
      ),
    ).toHaveLength(1);
  });
});

describe('the per-user write limit covers /api/auth', () => {
  it('given a user past RATE_LIMIT_WRITES_PER_USER, when completing onboarding again, then 429', async () => {
    const limited = await createTestApp({ RATE_LIMIT_WRITES_PER_USER: '5' });
    try {
      const u = await registerUser(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 7; i++)
        codes.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/api/auth/complete-onboarding',
              headers: bearer(u.token),
              payload: {
                companyName: `Name ${i}`,
                country: null,
                phoneNumber: null,
              },
            })
          ).statusCode,
        );
      expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(codes.slice(5)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});
