import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dealPayload,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/** Per-IP limits on login/register, per-user limits on writes, tighter on costly calls. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_AUTH_PER_IP: '5',
    RATE_LIMIT_REGISTER_PER_IP: '3',
    RATE_LIMIT_WRITES_PER_USER: '6',
    RATE_LIMIT_COSTLY_PER_USER: '2',
  });
});
afterAll(() => t.close());

const expect429 = (res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => { error: string };
}) => {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json().error).toBe('too_many_requests');
};

describe('rate limits', () => {
  it('given a spray of random emails from one address, then the 6th login attempt in the window is 429; another address is not slowed', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.1',
        payload: { email: `spray${i}@example.com`, password: 'x' },
      });
      expect(res.statusCode).toBe(401);
    }
    expect429(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.1',
        payload: { email: 'spray9@example.com', password: 'x' },
      }),
    );
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.2',
      payload: { email: 'spray9@example.com', password: 'x' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('given registrations from one address, then the 4th in the window is 429 (probing which emails exist is throttled too)', async () => {
    const register = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '198.51.100.3',
        payload: {
          username: `probe${i}`,
          email: `probe${i}@example.com`,
          password: 'secret123',
        },
      });
    for (let i = 0; i < 3; i++)
      expect((await register(i)).statusCode).toBe(201);
    expect429(await register(3));
  });

  it('given one account writing fast, then its 7th write is 429 while another account still writes', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    for (let i = 0; i < 6; i++) {
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/deals',
            headers: bearer(a.token),
            payload: dealPayload(),
          })
        ).statusCode,
      ).toBe(201);
    }
    expect429(
      await t.app.inject({
        method: 'POST',
        url: '/api/deals',
        headers: bearer(a.token),
        payload: dealPayload(),
      }),
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/deals',
          headers: bearer(b.token),
          payload: dealPayload(),
        })
      ).statusCode,
    ).toBe(201);
    // Reads are not limited.
    expect(
      (await t.app.inject({ url: '/api/deals', headers: bearer(a.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('given gateway-backed and AI calls, then the tighter limit applies (3rd call is 429)', async () => {
    const u = await registerUser(t.app);
    const improve = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/ai-assist/improve-description',
        headers: bearer(u.token),
        payload: { description: 'one reel' },
      });
    for (let i = 0; i < 2; i++)
      expect((await improve()).statusCode).not.toBe(429);
    expect429(await improve());
  });
});
