import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendNotificationEvent } from '@server/notifications/notification-streams';
import {
  bearer,
  createAuditor,
  createRootAdmin,
  createTestApp,
  type TestApp,
} from '@tests/support/test-app';

/**
 * Admin alerts reach the admins by push and e-mail: an admin turns push alerts on for a device in
 * the admin area; a stalled money intent then goes by e-mail to the alert address and by push to
 * that device, whether or not the alert address is also a user account.
 */
let t: TestApp;
let admin: string;
const device = (name: string) => ({
  endpoint: `https://push.example/${name}`,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});
const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

beforeAll(async () => {
  t = await createTestApp({
    PUSH_SERVICE_HOSTS: 'push.example',
    ADMIN_ALERT_EMAILS: 'ops@escrow.test',
  });
  admin = await createRootAdmin(t);
});
afterAll(() => t.close());

let episode = 0;
/** A stalled-intents alert as the intent watch records it, handed to the notifications reactor. */
async function stalledAlert(): Promise<void> {
  const streamId = `payment-intents-stalled-test-${(episode += 1)}`;
  await appendNotificationEvent(
    t.ctx,
    streamId,
    {
      type: 'PaymentIntentsStalled',
      data: {
        unanswered: 2,
        oldestAt: '2026-03-02T08:40:00.000Z',
        oldestStreamId: 'deal-42',
        oldestType: 'FundsReleaseRequested',
        ageMinutes: 20,
        limitMinutes: 15,
      },
    },
    'no_stream',
    { actor: { kind: 'system', id: 'payments-watch' } },
  );
  const [alert] = await t.ctx.store.readStream(streamId);
  await t.ctx.notifications.reactor.handle(alert!);
}
const pushedTo = (name: string) =>
  t.pushed.filter(
    (p) => p.subscription.endpoint === `https://push.example/${name}`,
  );

describe('admin alerts by push', () => {
  it('an admin turns push alerts on for a device; auditors, strangers and unknown push hosts are refused', async () => {
    const on = await post('/api/admin/push/subscribe', {
      subscription: device('desk'),
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ subscribed: true });
    const state = await t.app.inject({
      url: `/api/admin/push?endpoint=${encodeURIComponent(device('desk').endpoint)}`,
      headers: bearer(admin),
    });
    expect(state.json()).toEqual({ subscribed: true });

    const auditor = await createAuditor(t, admin);
    expect(
      (
        await post(
          '/api/admin/push/subscribe',
          { subscription: device('a') },
          auditor,
        )
      ).statusCode,
    ).toBe(403);
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/admin/push/subscribe',
      payload: { subscription: device('b') },
    });
    expect(stranger.statusCode).toBe(401);
    const elsewhere = await post('/api/admin/push/subscribe', {
      subscription: { ...device('x'), endpoint: 'https://evil.example/x' },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe('push_endpoint_not_allowed');
  });

  it('a stalled money intent reaches the admin device by push and the alert address by e-mail', async () => {
    await stalledAlert();
    const [pushed] = pushedTo('desk');
    expect(JSON.parse(pushed!.payload)).toMatchObject({
      title: 'Payments are waiting for the provider',
      url: '/admin?tab=money',
    });
    const mailDir = join(t.dataDir, 'mail');
    const mails = readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(join(mailDir, f), 'utf8'));
    const alert = mails.filter((m) =>
      m.includes('Payments are waiting for the provider'),
    );
    expect(alert).toHaveLength(1);
    expect(alert[0]).toContain('ops@escrow.test');
  });

  it('a device the push service calls gone leaves; a device turned off gets no more alerts', async () => {
    await post('/api/admin/push/subscribe', {
      subscription: device('gone-phone'),
    });
    await stalledAlert();
    await t.ctx.settle(await t.ctx.store.headPosition());
    const devices = t.ctx.queries.notifications.adminSubscriptions();
    expect(devices.map((d) => d.subscription.endpoint)).toEqual([
      device('desk').endpoint,
    ]);

    const off = await post('/api/admin/push/off', {
      endpoint: device('desk').endpoint,
    });
    expect(off.json()).toEqual({ subscribed: false });
    const before = pushedTo('desk').length;
    await stalledAlert();
    expect(pushedTo('desk')).toHaveLength(before);
    const history = await t.ctx.store.readStream(
      `alert-push-admin-${devices[0]!.adminId}`,
    );
    expect(
      history.map((e) => [e.type, (e.data as { reason?: string }).reason]),
    ).toEqual([
      ['AdminPushSubscribed', undefined],
      ['AdminPushSubscribed', undefined],
      ['AdminPushUnsubscribed', 'gone'],
      ['AdminPushUnsubscribed', 'turned_off'],
    ]);
  });
});
