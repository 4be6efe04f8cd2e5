import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pgTestUrl, useTestDatabase } from '@tests/support/postgres';
import {
  bearer,
  createRootAdmin,
  createTestApp,
  dealPayload,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/*
 * Every creating POST honours Idempotency-Key as the money routes do: the same key and body get
 * the first answer again with no second effect, another body with the key is 422, and a retry
 * that reaches another instance is answered the same.
 */
const requestPayload = (o: Record<string, unknown> = {}) => ({
  creatorName: 'Creator',
  creatorEmail: '',
  title: 'Instagram reel',
  description: 'One reel',
  amount: '400',
  brandName: 'Acme',
  brandEmail: 'marketing@acme.example',
  brandHandle: '@acme',
  deadline: '2026-03-20',
  ...o,
});

let seq = 0;
const registerPayload = (o: Record<string, unknown> = {}) => {
  seq++;
  return {
    username: `idem${seq}_${Date.now() % 100000}`,
    email: `idem${seq}_${Date.now()}@example.com`,
    password: 'secret123',
    companyName: 'Idem BV',
    ...o,
  };
};

const post = (
  app: FastifyInstance,
  url: string,
  key: string,
  payload: object,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'idempotency-key': key },
    payload,
  });

async function countEvents(t: TestApp, type: string): Promise<number> {
  return (await t.ctx.store.readAll()).filter((e) => e.type === type).length;
}

describe('creating POSTs with an Idempotency-Key, one instance', () => {
  let t: TestApp;
  let brand: Awaited<ReturnType<typeof registerUser>>;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    brand = await registerUser(t.app);
    adminToken = await createRootAdmin(t);
  });
  afterAll(() => t.close());

  const cases = () => [
    {
      name: 'POST /api/deals',
      url: '/api/deals',
      event: 'DealCreated',
      body: dealPayload(),
      other: dealPayload({ title: 'Another title' }),
      headers: bearer(brand.token),
    },
    {
      name: 'POST /api/payment-requests',
      url: '/api/payment-requests',
      event: 'PaymentRequestCreated',
      body: requestPayload(),
      other: requestPayload({ amount: '401' }),
      headers: bearer(brand.token),
    },
    {
      name: 'POST /api/auth/register',
      url: '/api/auth/register',
      event: 'UserRegistered',
      body: registerPayload(),
      other: registerPayload(),
      headers: {},
    },
    {
      name: 'POST /api/admin/accounts',
      url: '/api/admin/accounts',
      event: 'AdminAccountCreated',
      body: {
        username: `ops${Date.now() % 10000}`,
        password: 'ops-pass-12',
        role: 'auditor',
      },
      other: {
        username: `ops${Date.now() % 10000}x`,
        password: 'ops-pass-12',
        role: 'auditor',
      },
      headers: bearer(adminToken),
    },
  ];

  it('given two identical requests with one key, then the same answer twice and one effect; another body with the key is 422', async () => {
    for (const c of cases()) {
      const key = `create-${c.url}-1`;
      const before = await countEvents(t, c.event);
      const first = await post(t.app, c.url, key, c.body, c.headers);
      expect(first.statusCode, `${c.name}: ${first.body}`).toBe(201);
      const again = await post(t.app, c.url, key, c.body, c.headers);
      expect(again.statusCode, c.name).toBe(201);
      expect(again.headers['idempotent-replayed'], c.name).toBe('true');
      expect(again.body, c.name).toBe(first.body);
      await t.ctx.settle(await t.ctx.store.headPosition());
      expect(await countEvents(t, c.event), c.name).toBe(before + 1);

      const changed = await post(t.app, c.url, key, c.other, c.headers);
      expect(changed.statusCode, c.name).toBe(422);
      expect(changed.json().code, c.name).toBe('idempotency_key_reused');
      expect(await countEvents(t, c.event), c.name).toBe(before + 1);
    }
  });

  it('given two identical requests sent at once, then one effect and the same answer', async () => {
    for (const c of cases()) {
      const key = `create-${c.url}-together`;
      const before = await countEvents(t, c.event);
      const [a, b] = await Promise.all([
        post(t.app, c.url, key, c.other, c.headers),
        post(t.app, c.url, key, c.other, c.headers),
      ]);
      expect([a.statusCode, b.statusCode], `${c.name}: ${a.body}`).toEqual([
        201, 201,
      ]);
      expect(a.body, c.name).toBe(b.body);
      await t.ctx.settle(await t.ctx.store.headPosition());
      expect(await countEvents(t, c.event), c.name).toBe(before + 1);
    }
  });

  it('given no key, then each request creates (the key is optional)', async () => {
    const before = await countEvents(t, 'DealCreated');
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/deals',
        headers: bearer(brand.token),
        payload: dealPayload(),
      });
      expect(res.statusCode).toBe(201);
    }
    expect(await countEvents(t, 'DealCreated')).toBe(before + 2);
  });
});

describe.runIf(pgTestUrl)(
  'creating POSTs with an Idempotency-Key, two instances on PostgreSQL',
  () => {
    const database = useTestDatabase();
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await createTestApp({ DATABASE_URL: database().url });
      b = await createTestApp({ DATABASE_URL: database().url });
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
    });

    it('given one key sent to both instances, then one deal (one id) and the same answer from both', async () => {
      const brand = await registerUser(a.app);
      await b.ctx.settle(await b.ctx.store.headPosition());
      const before = await countEvents(a, 'DealCreated');
      const [first, second] = await Promise.all(
        [a, b].map((t) =>
          post(
            t.app,
            '/api/deals',
            'deal-across',
            dealPayload(),
            bearer(brand.token),
          ),
        ),
      );
      expect([first!.statusCode, second!.statusCode], first!.body).toEqual([
        201, 201,
      ]);
      expect(first!.json().id).toBe(second!.json().id);
      const later = await post(
        b.app,
        '/api/deals',
        'deal-across',
        dealPayload(),
        bearer(brand.token),
      );
      expect(later.json().id).toBe(first!.json().id);
      await a.ctx.settle(await a.ctx.store.headPosition());
      expect(await countEvents(a, 'DealCreated')).toBe(before + 1);
    });

    it('given one registration retried on the other instance, then one account', async () => {
      const body = registerPayload();
      const first = await post(
        a.app,
        '/api/auth/register',
        'register-across',
        body,
      );
      const retried = await post(
        b.app,
        '/api/auth/register',
        'register-across',
        body,
      );
      expect(first.statusCode, first.body).toBe(201);
      expect(retried.statusCode, retried.body).toBe(201);
      expect(retried.json().user.id).toBe(first.json().user.id);
      expect(
        (await a.ctx.store.readAll()).filter(
          (e) =>
            e.type === 'UserRegistered' &&
            (e.data as { email?: string }).email === body.email,
        ),
      ).toHaveLength(1);
    });
  },
);
