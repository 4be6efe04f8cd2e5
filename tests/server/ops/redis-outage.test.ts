import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dealPayload,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/*
 * REDIS_URL holds the rate-limit counters and idempotency records. While Redis does not answer,
 * every request that needs it gets a quick 503 (shared_state_unavailable, Retry-After) and
 * readiness is 503; once Redis is back the same instance serves again without a restart.
 */
const redisTestUrl = process.env.REDIS_TEST_URL?.trim() || undefined;
const METRICS_TOKEN = 'metrics-token-0123456789';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const timed = async <T>(
  work: () => Promise<T>,
): Promise<{ value: T; ms: number }> => {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
};

const ready = async (app: TestApp['app']) =>
  app.inject({ url: '/api/ready', headers: bearer(METRICS_TOKEN) });

async function expectUnavailable(app: TestApp['app'], request: InjectOptions) {
  const { value: res, ms } = await timed(() => app.inject(request));
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toMatchObject({ code: 'shared_state_unavailable' });
  expect(ms).toBeLessThan(1_500);
}

describe('Redis unreachable', () => {
  it('given REDIS_URL at a port nobody answers, then register, login and writes are 503 within a second and readiness is 503', async () => {
    t = await createTestApp({
      REDIS_URL: 'redis://127.0.0.1:6391',
      METRICS_TOKEN,
    });
    await expectUnavailable(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: 'outage1',
        email: 'outage1@example.com',
        password: 'secret123',
        companyName: 'Outage BV',
      },
    });
    await expectUnavailable(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'outage1@example.com', password: 'secret123' },
    });
    await expectUnavailable(t.app, {
      method: 'POST',
      url: '/api/deals',
      payload: dealPayload(),
    });
    const probe = await ready(t.app);
    expect(probe.statusCode).toBe(503);
    expect(probe.json()).toMatchObject({
      ready: false,
      reason: 'shared_state_unreachable',
    });
  });
});

/** A TCP relay to the real Redis that can be cut and restored on the same port (an outage). */
async function redisRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    url: () => `redis://127.0.0.1:${port}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: start,
    close() {
      for (const s of sockets) s.destroy();
      server?.close();
    },
  };
}

describe.runIf(redisTestUrl)('Redis goes away and comes back', () => {
  it('given a running instance, when Redis is cut, then 503 and readiness 503; when it is back, the same instance serves again', async () => {
    const relay = await redisRelay(new URL(redisTestUrl!));
    try {
      t = await createTestApp({ REDIS_URL: relay.url(), METRICS_TOKEN });
      const brand = await registerUser(t.app);
      expect((await ready(t.app)).statusCode).toBe(200);

      await relay.cut();
      await expectUnavailable(t.app, {
        method: 'POST',
        url: '/api/deals',
        headers: bearer(brand.token),
        payload: dealPayload(),
      });
      expect((await ready(t.app)).statusCode).toBe(503);

      await relay.restore();
      const giveUp = Date.now() + 10_000;
      let created = 0;
      while (Date.now() < giveUp) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/deals',
          headers: bearer(brand.token),
          payload: dealPayload(),
        });
        created = res.statusCode;
        if (created === 201) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(created).toBe(201);
      expect((await ready(t.app)).statusCode).toBe(200);
    } finally {
      relay.close();
    }
  }, 30_000);
});
