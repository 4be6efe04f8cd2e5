import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import { appendUserEvent } from './ops-helpers';
import { eventually } from '@tests/server/event-store/event-store-fixtures';

const TOKEN = 'metrics-token-0123456789';

async function ready(t: TestApp) {
  const res = await t.app.inject({ url: '/api/ready', headers: bearer(TOKEN) });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown>,
  };
}

async function metric(t: TestApp, line: string): Promise<number | undefined> {
  const body = (await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) }))
    .body;
  const found = body.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

/** Polls an async condition (the probes answer asynchronously). */
async function eventuallyAsync(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  let ok = false;
  const poll = async () => {
    ok = await check();
  };
  await poll();
  await eventually(
    () => {
      if (!ok) void poll();
      return ok;
    },
    timeoutMs,
    what,
  );
}

describe('the SQLite store goes away under a running app and comes back', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.close();
    t = undefined;
  });

  it('pauses the read models and reactors (logged, counted, not ready), then resumes them with nothing lost or doubled', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    const app = t;
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation(
      (message: unknown) => void warnings.push(String(message)),
    );
    const { userId } = await registerUser(app.app);
    expect((await ready(app)).status).toBe(200);
    expect(
      await metric(app, 'escrow_subscription_up{subscription="read-models"}'),
    ).toBe(1);
    const applied: { type: string; streamId: string; position: number }[] = [];
    app.ctx.runner.onApplied((batch) => void applied.push(...batch));

    // Another writer leaves a row no reader can parse: every read past it fails until it is repaired.
    const other = new Database(join(app.dataDir, 'events.db'));
    const { lastInsertRowid } = other
      .prepare(
        "INSERT INTO events (stream_id, revision, event_id, type, data, metadata, recorded_at) VALUES (?, 0, ?, 'Broken', '{oops', '{}', ?)",
      )
      .run(`outage-${randomUUID()}`, randomUUID(), new Date().toISOString());
    await appendUserEvent(app, userId); // appends still work; the subscriptions cannot read past the row

    await eventually(
      () =>
        warnings.some((w) =>
          w.includes('Subscription read-models lost the event store'),
        ),
      10_000,
      'a warning',
    );
    expect(
      warnings.some((w) =>
        w.includes('Subscription reactor:payments lost the event store'),
      ),
    ).toBe(true);
    const down = await ready(app);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      ready: false,
      reason: 'store_unreachable',
    });
    expect(
      await metric(app, 'escrow_subscription_up{subscription="read-models"}'),
    ).toBe(0);
    expect(
      await metric(
        app,
        'escrow_subscription_retries_total{subscription="read-models"}',
      ),
    ).toBeGreaterThan(0);
    expect(await metric(app, 'escrow_store_up')).toBe(0);

    // The store comes back: the row is taken out again (it never was an event of the app).
    other.prepare('DELETE FROM events WHERE position = ?').run(lastInsertRowid);
    other.close();
    const head = await app.ctx.store.headPosition();
    await eventually(
      () => app.ctx.runner.position === head,
      15_000,
      'the read models to catch up',
    );
    expect(
      warnings.some((w) =>
        w.includes('Subscription read-models: following the store again'),
      ),
    ).toBe(true);
    expect((await ready(app)).status).toBe(200);
    expect(
      await metric(app, 'escrow_subscription_up{subscription="read-models"}'),
    ).toBe(1);
    expect(await metric(app, 'escrow_store_up')).toBe(1);
    // The event appended during the outage reached the read models, and nothing was applied twice.
    expect(
      applied.filter(
        (e) =>
          e.type === 'PushSubscriptionAdded' && e.streamId.endsWith(userId),
      ),
    ).toHaveLength(1);
    expect(new Set(applied.map((e) => e.position)).size).toBe(applied.length);
  });

  it('ends a subscription whose handler fails for good: logged as an error, counted, and the instance is not ready', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    const app = t;
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(
      (message: unknown) => void errors.push(String(message)),
    );
    await registerUser(app.app);
    expect((await ready(app)).status).toBe(200);
    const before = app.ctx.runner.position;

    // An event the read models cannot decode (its type is unknown to this version of the app).
    await app.ctx.store.append(
      `probe-${randomUUID()}`,
      [{ id: randomUUID(), type: 'FromTheFuture', data: {}, metadata: {} }],
      'no_stream',
    );

    await eventuallyAsync(
      async () => (await ready(app)).body.reason === 'subscription_failed',
      'readiness to name the failed subscription',
    );
    const failed = await ready(app);
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({
      ready: false,
      reason: 'subscription_failed',
      subscriptions: [
        {
          name: 'read-models',
          error: expect.stringContaining('unknown event type'),
          after: before,
        },
      ],
    });
    expect(
      errors.some((e) =>
        e.includes('Subscription read-models stopped for good after position'),
      ),
    ).toBe(true);
    expect(
      await metric(
        app,
        'escrow_subscription_failures_total{subscription="read-models"}',
      ),
    ).toBe(1);
    expect(
      await metric(app, 'escrow_subscription_up{subscription="read-models"}'),
    ).toBe(0);
  });
});
