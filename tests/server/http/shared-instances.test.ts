import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isSimulated } from '@server/money/gateway/create-gateway';
import {
  pgTestUrl,
  useTestDatabase,
  withDatabase,
} from '@tests/support/postgres';
import { deliverPaidDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

const redisTestUrl = process.env.REDIS_TEST_URL?.trim() || undefined;

/** Two app instances in one process, sharing what instances must share; each keeps its own read models. */
async function twoInstances(
  env: Record<string, string>,
): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> }> {
  const shared = mkdtempSync(join(tmpdir(), 'shared-instances-'));
  const common = {
    LOGIN_MAX_FAILURES: '5',
    SIMULATED_GATEWAY_FILE: join(shared, 'simulated-gateway.sqlite'),
    ...env,
  };
  const a = await createTestApp(common);
  const b = await createTestApp(common);
  return {
    a,
    b,
    async close() {
      await Promise.all([a.close(), b.close()]);
      rmSync(shared, { recursive: true, force: true });
    },
  };
}

const login = (t: TestApp, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: '203.0.113.9',
    payload: { email, password },
  });

/** Failures on both instances count against one budget: 3 here and 2 there spend the 5 allowed. */
async function expectThrottleAcross(
  a: TestApp,
  b: TestApp,
  email: string,
  password: string,
): Promise<void> {
  for (const t of [a, b, a, b, a])
    expect((await login(t, email, 'wrong-password')).statusCode).toBe(401);
  const refused = await login(b, email, password);
  expect(refused.statusCode).toBe(429);
  expect(refused.json().error).toBe('too_many_requests');
}

describe.runIf(pgTestUrl)('two instances on one PostgreSQL', () => {
  const database = useTestDatabase();
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    pair = await twoInstances({ DATABASE_URL: database().url });
  });
  afterAll(() => pair?.close());

  it('given login failures spread over both instances, then the throttle counts them together', async () => {
    const { a, b } = pair;
    const user = await registerUser(a.app);
    await b.ctx.settle(await b.ctx.store.headPosition());
    await expectThrottleAcross(a, b, user.email, 'secret123');
    // The shared counters are keyed by a digest of the identity: no address in the table.
    const keys = await withDatabase(database().url, (client) =>
      client.query<{ key: string }>('SELECT key FROM http_rate_limits'),
    );
    expect(
      keys.rows.filter((r) => r.key.startsWith('login-fail')).length,
    ).toBeGreaterThan(0);
    expect(
      keys.rows.filter((r) =>
        r.key.toLowerCase().includes(user.email.toLowerCase()),
      ),
    ).toEqual([]);
  });

  it('given one Idempotency-Key sent to both instances at once, then one intent, one transfer and the same answer from both', async () => {
    const { a, b } = pair;
    const brand = await registerUser(a.app);
    const deal = await createDeal(a.app, brand.token);
    await deliverPaidDeal(a.app, a.ctx, brand.token, deal.id);
    await b.ctx.settle(await b.ctx.store.headPosition());

    const headers = {
      ...bearer(brand.token),
      'idempotency-key': `release-${deal.id}`,
    };
    const [first, second] = await Promise.all(
      [a, b].map((t) =>
        t.app.inject({
          method: 'POST',
          url: `/api/deals/${deal.id}/release`,
          headers,
        }),
      ),
    );
    expect(first!.statusCode, first!.body).toBe(200);
    expect(second!.statusCode, second!.body).toBe(200);
    expect(second!.json()).toEqual(first!.json());
    expect(
      [first, second].filter(
        (r) => r!.headers['idempotent-replayed'] === 'true',
      ),
    ).toHaveLength(1);

    await Promise.all([a.ctx.quiesce(), b.ctx.quiesce()]);
    const stream = await a.ctx.store.readStream(`deal-${deal.id}`);
    expect(
      stream.filter((e) => e.type === 'FundsReleaseRequested'),
    ).toHaveLength(1);
    expect(stream.filter((e) => e.type === 'FundsReleased')).toHaveLength(1);
    const gateway = a.ctx.payments.gateway;
    if (!isSimulated(gateway))
      throw new Error('tests run on the simulated gateway');
    expect(
      gateway.ledger.transfers.filter(
        (t) => t.transferGroup === `deal-${deal.id}`,
      ),
    ).toHaveLength(1);
    // B's read model shows the outcome A's request caused.
    await b.ctx.settle(await b.ctx.store.headPosition());
    expect(b.ctx.queries.deals.byId(deal.id)!.status).toBe('completed');
  });
});

describe.runIf(redisTestUrl)('two instances sharing Redis (REDIS_URL)', () => {
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    pair = await twoInstances({ REDIS_URL: redisTestUrl! });
  });
  afterAll(() => pair?.close());

  it('given login failures spread over both instances, then the throttle counts them together', async () => {
    await expectThrottleAcross(
      pair.a,
      pair.b,
      `nobody-${Date.now()}@example.com`,
      'secret123',
    );
  });
});
