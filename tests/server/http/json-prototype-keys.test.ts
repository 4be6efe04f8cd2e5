import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/test-app';

/*
 * The app's own JSON parser (it accepts an empty body) must keep Fastify's default refusal of keys
 * that reach an object's prototype.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: body,
  });

describe('prototype keys in JSON bodies', () => {
  it.each([
    '{"email":"a@example.com","password":"wrong-one","__proto__":{"x":1}}',
    '{"email":"a@example.com","password":"wrong-one","constructor":{"prototype":{"x":1}}}',
    '{"email":"a@example.com","password":"wrong-one","nested":{"__proto__":{"isAdmin":true}}}',
  ])('given %s, then 400 malformed_json', async (body) => {
    const res = await login(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'malformed_json' });
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('given an ordinary body or an empty one, then the parser still accepts it', async () => {
    expect(
      (await login('{"email":"a@example.com","password":"wrong-one"}'))
        .statusCode,
    ).toBe(401);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(401);
  });
});
