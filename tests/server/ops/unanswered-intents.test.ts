import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dealGuard } from '@server/auth/ownership';
import { StreamNotFound } from '@server/event-store/event-store';
import { isSimulated } from '@server/money/gateway/create-gateway';
import {
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import { deliverPaidDeal } from '@tests/support/flow-helpers';

const METRICS_TOKEN = 'intents-metrics-token-0123456';
const auth = { authorization: `Bearer ${METRICS_TOKEN}` };
const admin = { actor: { kind: 'admin' as const, id: 'a_1' } };

/** A delivered deal whose release intent is recorded while the provider answers nothing. */
async function stuckRelease(t: TestApp, key: string) {
  const { token } = await registerUser(t.app);
  const { id: dealId } = await createDeal(t.app, token);
  await deliverPaidDeal(t.app, t.ctx, token, dealId);
  const gateway = t.ctx.payments.gateway;
  if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
  gateway.failTransfersWith('gateway_unavailable');
  await t.ctx.run.deal(
    dealId,
    { type: 'ReleaseFunds', trigger: 'admin', key },
    admin,
    dealGuard.admin,
  );
  await expect
    .poll(
      () => t.ctx.payments.reactors.unanswered('payments')[0]?.failures ?? 0,
    )
    .toBeGreaterThan(0);
  return { dealId, gateway };
}

const metric = (body: string, name: string) =>
  Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(body)?.[1]);

async function alertStreams(t: TestApp): Promise<string[]> {
  const all = await t.ctx.store.readAll({ after: 0, maxCount: 10_000 });
  return all
    .filter((e) => e.type === 'PaymentIntentsStalled')
    .map((e) => e.streamId);
}

describe('the age of the oldest unanswered money intent', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('is reported by /api/ready and /metrics, and alerts the admins once per episode past INTENT_ALERT_MINUTES', async () => {
    t = await createTestApp({
      METRICS_TOKEN,
      INTENT_ALERT_MINUTES: '15',
      ADMIN_ALERT_EMAILS: 'ops@escrow.test',
    });
    const { dealId, gateway } = await stuckRelease(t, 'stuck-release');

    const ready = await t.app.inject({ url: '/api/ready', headers: auth });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({
      unansweredIntents: 1,
      oldestUnansweredIntentSeconds: 0,
      intentAlertAfterSeconds: 900,
    });
    // Strangers learn up or down only.
    expect((await t.app.inject({ url: '/api/ready' })).json()).toEqual({
      ready: true,
    });
    expect(await t.ctx.payments.intents.tick()).toBe(false);

    t.clock.advance(16 * 60_000);
    const later = await t.app.inject({ url: '/api/ready', headers: auth });
    expect(later.json()).toMatchObject({
      unansweredIntents: 1,
      oldestUnansweredIntentSeconds: 960,
    });
    const metrics = (await t.app.inject({ url: '/metrics', headers: auth }))
      .body;
    expect(metric(metrics, 'escrow_payment_intents_unanswered')).toBe(1);
    expect(
      metric(metrics, 'escrow_payment_intent_oldest_unanswered_seconds'),
    ).toBe(960);

    expect(await t.ctx.payments.intents.tick()).toBe(true);
    t.clock.advance(30 * 60_000);
    expect(await t.ctx.payments.intents.tick()).toBe(false); // same episode: no second alert
    const streams = await alertStreams(t);
    expect(streams).toHaveLength(1);
    const [alert] = await t.ctx.store.readStream(streams[0]!);
    expect(alert!.data).toMatchObject({
      unanswered: 1,
      oldestStreamId: `deal-${dealId}`,
      oldestType: 'FundsReleaseRequested',
      ageMinutes: 16,
      limitMinutes: 15,
    });

    // The notifications reactor turns it into the admins' e-mail.
    await t.ctx.notifications.reactor.handle(alert!);
    const mailDir = join(t.dataDir, 'mail');
    const mails = readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
    const texts = mails.map((f) => readFileSync(join(mailDir, f), 'utf8'));
    expect(
      texts.filter((m) => m.includes('Payments are waiting for the provider')),
    ).toHaveLength(1);
    expect(texts.find((m) => m.includes('Payments are waiting'))).toContain(
      'ops@escrow.test',
    );

    // The provider returns: the intent completes once, and the episode ends.
    gateway.failTransfersWith(null);
    await expect
      .poll(() => t.ctx.payments.reactors.unanswered('payments').length, {
        timeout: 5_000,
      })
      .toBe(0);
    expect(
      gateway.ledger.moneyOfGroup(`deal-${dealId}`).transfers,
    ).toHaveLength(1);
    expect(await t.ctx.payments.intents.tick()).toBe(false);
    const after = await t.app.inject({ url: '/api/ready', headers: auth });
    expect(after.json()).toMatchObject({
      unansweredIntents: 0,
      oldestUnansweredIntentSeconds: 0,
    });
    const cleared = (await t.app.inject({ url: '/metrics', headers: auth }))
      .body;
    expect(
      metric(cleared, 'escrow_payment_intent_oldest_unanswered_seconds'),
    ).toBe(0);

    // A new outage is a new episode: a new alert.
    await stuckRelease(t, 'second-release');
    t.clock.advance(20 * 60_000);
    expect(await t.ctx.payments.intents.tick()).toBe(true);
    expect(await alertStreams(t)).toHaveLength(2);
    await expect(
      t.ctx.store.readStream('payment-intents-stalled-none'),
    ).rejects.toBeInstanceOf(StreamNotFound);
  });
});
