import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAggregate } from '@server/commands/aggregate';
import { DomainError } from '@server/commands/domain-error';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import { appendUserEvent } from './ops-helpers';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    METRICS_TOKEN: TOKEN,
    PUSH_SERVICE_HOSTS: 'push.example',
  });
});
afterAll(() => t.close());

async function scrape(): Promise<string> {
  const res = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
}

/** The value of one series, 0 when absent. `labels` must match the whole label set in exposition order. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics', () => {
  it('needs the configured bearer token', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          url: '/metrics',
          headers: bearer('wrong-token-0123456789'),
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) }))
        .statusCode,
    ).toBe(200);
  });

  it('is off without METRICS_TOKEN', async () => {
    const other = await createTestApp();
    try {
      expect((await other.app.inject({ url: '/metrics' })).statusCode).toBe(
        404,
      );
    } finally {
      await other.close();
    }
  });

  it('counts accepted and refused commands, appends and gateway calls after a command', async () => {
    const before = await scrape();
    const accepted =
      'escrow_commands_total{aggregate="user",type="UserRegistered",outcome="accepted",code=""}';
    const appends = 'escrow_store_append_seconds_count{outcome="ok"}';
    const { token, userId } = await registerUser(t.app);
    const deal = await createDeal(t.app, token);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: bearer(token),
      payload: { dealId: deal.id },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    await expect(
      t.ctx.bus.execute(
        userAggregate,
        userAggregate.streamId(userId),
        () => {
          throw new DomainError('auditor_read_only');
        },
        { actor: { kind: 'system', id: 'test' } },
      ),
    ).rejects.toThrow('Auditors can view but not act');

    const after = await scrape();
    expect(value(after, accepted)).toBe(value(before, accepted) + 1);
    expect(
      value(
        after,
        'escrow_commands_total{aggregate="user",type="none",outcome="refused",code="forbidden"}',
      ),
    ).toBe(1);
    expect(value(after, appends)).toBeGreaterThan(value(before, appends));
    expect(
      value(
        after,
        'escrow_gateway_call_seconds_count{method="createCheckoutSession",outcome="ok"}',
      ),
    ).toBe(1);
  });

  it('reports projection lag, store head, due timers, SSE connections and notifications', async () => {
    await t.ctx.settle(await t.ctx.store.headPosition());
    const text = await scrape();
    const head = await t.ctx.store.headPosition();
    expect(value(text, 'escrow_store_up')).toBe(1);
    expect(value(text, 'escrow_store_head_position')).toBe(head);
    expect(value(text, 'escrow_projection_position')).toBe(head);
    expect(value(text, 'escrow_projection_lag_events')).toBe(0);
    expect(value(text, 'escrow_projection_lag_seconds')).toBe(0);
    expect(text).toContain('escrow_timers_due{kind="review_period"} 0');
    expect(text).toContain('escrow_sse_connections 0');
    expect(text).toContain(
      'escrow_notifications_total{channel="email",outcome="sent"}',
    );
    expect(text).toContain('escrow_process_resident_memory_bytes');
  });

  it('counts push notifications sent and failed', async () => {
    const { token } = await registerUser(t.app);
    for (const endpoint of [
      'https://push.example/ok',
      'https://push.example/gone',
    ]) {
      const sub = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscribe',
        headers: bearer(token),
        payload: {
          subscription: { endpoint, keys: { p256dh: 'k', auth: 'a' } },
        },
      });
      expect(sub.statusCode, sub.body).toBe(200);
    }
    const before = await scrape();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/test',
      headers: bearer(token),
    });
    expect(res.json()).toMatchObject({ sent: 1, failed: 1 });
    const after = await scrape();
    for (const outcome of ['sent', 'failed']) {
      const series = `escrow_notifications_total{channel="push",outcome="${outcome}"}`;
      expect(value(after, series)).toBe(value(before, series) + 1);
    }
  });

  it('shows a stopped projection runner as lag in events and seconds', async () => {
    const { userId } = await registerUser(t.app);
    await t.ctx.runner.stop();
    try {
      await appendUserEvent(t, userId);
      const text = await scrape();
      expect(value(text, 'escrow_projection_lag_events')).toBeGreaterThan(0);
      expect(
        value(text, 'escrow_projection_lag_seconds'),
      ).toBeGreaterThanOrEqual(0);
      expect(value(text, 'escrow_store_head_position')).toBeGreaterThan(
        value(text, 'escrow_projection_position'),
      );
    } finally {
      t.ctx.runner.start();
    }
  });
});
