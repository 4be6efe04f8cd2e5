import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/*
 * A creator's payment request that can still be paid holds the erasure back: its brand could pay
 * it afterwards, and the money would be held for someone who can no longer sign in.
 */
let t: TestApp;
let creator: Awaited<ReturnType<typeof registerUser>>;
let token = '';
beforeAll(async () => {
  t = await createTestApp();
  creator = await registerUser(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payment-requests',
    headers: bearer(creator.token),
    payload: {
      title: 'Instagram reel',
      description: 'One reel',
      amount: '400',
      brandName: 'Acme',
      brandEmail: 'marketing@acme.example',
      deadline: '2026-03-20',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  token = (created.json() as { shareableToken: string }).shareableToken;
});
afterAll(() => t.close());

const erase = (lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/profile/erase',
    headers: { ...bearer(creator.token), 'accept-language': lang },
    payload: { password: 'secret123' },
  });

describe('erasure with a payment request still payable', () => {
  it('is refused with 409 erasure_requests_open in English and Dutch, and records nothing', async () => {
    const en = await erase();
    expect(en.statusCode, en.body).toBe(409);
    expect(en.json()).toMatchObject({
      code: 'erasure_requests_open',
      params: { count: 1 },
    });
    expect(en.json().message).toContain('can still be paid');
    expect((await erase('nl')).json().message).toContain(
      'kunnen nog worden betaald',
    );
    const events = await t.ctx.store.readAll();
    expect(events.some((e) => e.type === 'PersonalDataErasureRequested')).toBe(
      false,
    );
  });

  it('goes through once the brand declined it', async () => {
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/payment-requests/reject/${token}`,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    await t.ctx.quiesce();
    const erased = await erase();
    expect(erased.statusCode, erased.body).toBe(200);
  });
});
