import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@server/event-store/sqlite-event-store';
import { createReadiness } from '@server/ops/readiness';
import { createTestApp, registerUser } from '@tests/support/test-app';
import { appendUserEvent } from './ops-helpers';

const dir = mkdtempSync(join(tmpdir(), 'readiness-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The figures are for monitoring (the metrics token) and admins; strangers learn up or down only. */
const METRICS_TOKEN = 'readiness-metrics-token-0123';
const probe = {
  url: '/api/ready',
  headers: { authorization: `Bearer ${METRICS_TOKEN}` },
};

const event = (n: number) => ({
  id: `e-${n}`,
  type: 'Probed',
  data: { n },
  metadata: {},
});

describe('createReadiness', () => {
  it('waits for the first catch-up, tolerates a small lag after it, and starts waiting again when the read models are reset', async () => {
    const store = createSqliteEventStore({ path: join(dir, 'unit.db') });
    for (let i = 0; i < 5; i++)
      await store.append(`probe-${i}`, [event(i)], 'no_stream');
    const runner = { position: 0 };
    const check = createReadiness({ store, runner, maxLagEvents: 2 });

    expect(await check()).toMatchObject({
      ready: false,
      reason: 'catching_up',
      position: 0,
      head: 5,
    });
    runner.position = 4; // one event short: still not caught up, though within the tolerated lag
    expect(await check()).toMatchObject({
      ready: false,
      reason: 'catching_up',
    });
    runner.position = 5;
    expect(await check()).toEqual({
      ready: true,
      position: 5,
      head: 5,
      lagEvents: 0,
    });

    for (let i = 5; i < 7; i++)
      await store.append(`probe-${i}`, [event(i)], 'no_stream');
    expect(await check()).toMatchObject({ ready: true, lagEvents: 2 });
    await store.append('probe-7', [event(7)], 'no_stream');
    expect(await check()).toMatchObject({
      ready: false,
      reason: 'lagging',
      lagEvents: 3,
    });

    runner.position = 0; // a rebuild restarted the read models
    expect(await check()).toMatchObject({
      ready: false,
      reason: 'catching_up',
    });
    runner.position = 8;
    expect(await check()).toMatchObject({ ready: true });

    await store.close();
    expect(await check()).toEqual({
      ready: false,
      reason: 'store_unreachable',
      position: 8,
    });
  });

  it('counts a store that does not answer in time as unreachable', async () => {
    const store = createSqliteEventStore({ path: join(dir, 'slow.db') });
    const hanging = {
      ...store,
      headPosition: () => new Promise<number>(() => undefined),
    };
    const check = createReadiness({
      store: hanging,
      runner: { position: 0 },
      maxLagEvents: 0,
      timeoutMs: 50,
    });
    expect(await check()).toMatchObject({
      ready: false,
      reason: 'store_unreachable',
    });
    await store.close();
  });
});

describe('GET /api/ready', () => {
  it('answers 503 while the read models are behind and 200 once a rebuild caught up', async () => {
    const t = await createTestApp({ READY_MAX_LAG_EVENTS: '1', METRICS_TOKEN });
    try {
      const { userId } = await registerUser(t.app);
      const ready = await t.app.inject(probe);
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toMatchObject({ ready: true, lagEvents: 0 });

      await t.ctx.runner.stop();
      await appendUserEvent(t, userId);
      await appendUserEvent(t, userId);
      const behind = await t.app.inject(probe);
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({
        ready: false,
        reason: 'lagging',
        lagEvents: 2,
      });

      await t.ctx.runner.rebuild();
      const rebuilt = await t.app.inject(probe);
      expect(rebuilt.statusCode, rebuilt.body).toBe(200);
      expect(rebuilt.json()).toMatchObject({
        ready: true,
        position: await t.ctx.store.headPosition(),
      });
      // /api/health stays the liveness probe: it answers whatever the read models do.
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers 503 while the event store is unreachable', async () => {
    const t = await createTestApp({ METRICS_TOKEN });
    try {
      expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      await t.ctx.runner.stop();
      await t.ctx.store.close();
      expect((await t.app.inject({ url: '/api/ready' })).json()).toEqual({
        ready: false,
      });
      const res = await t.app.inject(probe);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        ready: false,
        reason: 'store_unreachable',
      });
    } finally {
      await t.close();
    }
  });
});
