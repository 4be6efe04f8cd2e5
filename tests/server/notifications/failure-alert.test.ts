import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@server/event-store/event-store';
import { createNotificationFailureAlert } from '@server/notifications/failure-alert';
import { planNotifications } from '@server/notifications/notification-plan';
import { deliverPush } from '@server/notifications/push-sender';
import { catalogs } from '@server/notifications/texts';
import { watchNotificationOutcomes } from '@server/shared/process-metrics';
import { createTestApp, type TestApp } from '@tests/support/test-app';

/*
 * When the share of failed notifications of a channel passes
 * NOTIFY_FAILURE_ALERT_RATE in a window, the admins are alerted once for that window (an event,
 * then an e-mail to ADMIN_ALERT_EMAILS), not on every failure.
 */

const WINDOW_MS = 10 * 60_000;
let t: TestApp;
let unwatch: () => void;

/** A local port nothing listens on: SMTP sends to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
    ADMIN_ALERT_EMAILS: 'ops@escrow.test',
    NOTIFY_FAILURE_ALERT_RATE: '0.5',
    NOTIFY_FAILURE_ALERT_WINDOW_MS: String(WINDOW_MS),
    NOTIFY_FAILURE_ALERT_MIN_SENDS: '5',
  });
  // What the notifications' start() does in a running app.
  unwatch = watchNotificationOutcomes(t.ctx.notifications.failureAlert.record);
});
afterAll(async () => {
  unwatch();
  await t.close();
});

const alerts = async (): Promise<RecordedEvent[]> => {
  await t.ctx.notifications.failureAlert.settled();
  return (await t.ctx.store.readAll()).filter(
    (e) => e.type === 'NotificationFailureRateExceeded',
  );
};
const failMails = async (n: number) => {
  for (let i = 0; i < n; i++)
    await expect(
      t.ctx.notifications.mail.send({
        to: `user${i}@escrow.test`,
        subject: 's',
        text: 't',
        html: 'h',
      }),
    ).rejects.toThrow();
};

describe('notification failure alert', () => {
  it('given failing SMTP sends, when a window passes the rate after its minimum of sends, then one alert is recorded for that window; a new window may alert again', async () => {
    await failMails(4);
    expect(await alerts()).toHaveLength(0);
    await failMails(1);
    const [first] = await alerts();
    expect(first).toBeDefined();
    expect(first!.data).toEqual({
      channel: 'email',
      windowStart: '2026-03-02T09:00:00.000Z',
      windowEnd: '2026-03-02T09:10:00.000Z',
      attempts: 5,
      failed: 5,
      limitRate: 0.5,
    });
    expect((first!.metadata as { actor: unknown }).actor).toEqual({
      kind: 'system',
      id: 'notification-failure-alert',
    });
    // Not on every failure: the same window stays at one alert.
    await failMails(6);
    expect(await alerts()).toHaveLength(1);

    t.clock.advance(WINDOW_MS);
    await failMails(5);
    const both = await alerts();
    expect(both).toHaveLength(2);
    expect(both[1]!.data).toMatchObject({
      windowStart: '2026-03-02T09:10:00.000Z',
      failed: 5,
    });
  });

  it('counts each channel on its own and alerts only past the rate', async () => {
    t.clock.advance(WINDOW_MS);
    const before = (await alerts()).length;
    let fail = false;
    const sender = async () => {
      if (fail)
        throw Object.assign(new Error('push service down'), {
          statusCode: 503,
        });
      return { statusCode: 201 };
    };
    const subs = [1, 2, 3].map((i) => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/${i}`,
      keys: { p256dh: 'p', auth: 'a' },
    }));
    const message = { title: 'x', body: 'y' };
    const gone = async () => undefined;
    await deliverPush(sender, subs, message, gone);
    await deliverPush(sender, subs, message, gone);
    fail = true;
    await deliverPush(sender, subs, message, gone);
    // 3 of 9 failed: under half.
    expect(await alerts()).toHaveLength(before);
    await deliverPush(sender, subs, message, gone);
    const pushAlerts = (await alerts()).slice(before);
    expect(pushAlerts).toHaveLength(1);
    expect(pushAlerts[0]!.data).toMatchObject({
      channel: 'push',
      attempts: 12,
      failed: 6,
    });
  });

  it('alerts the admins by e-mail in their texts (EN and NL), claimed once like every notification', async () => {
    const [alert] = await alerts();
    const [planned] = planNotifications(alert!, t.ctx.notifications.facts);
    expect(planned).toMatchObject({
      kind: 'admin_notification_failures',
      recipient: { kind: 'address', email: 'ops@escrow.test' },
      channels: ['email'],
      title: 'Notifications by e-mail are failing',
    });
    expect(planned!.body).toContain('5 of 5 e-mails failed since');
    const nl = catalogs.nl.messages.admin_notification_failures(
      { channel: 'email', count: 5, total: 5, at: '2026-03-02T09:00:00.000Z' },
      { money: String, dateTime: String, date: String },
    );
    expect(nl.title).toBe('Meldingen via e-mail mislukken');
    expect(nl.body).toContain('5 van de 5 e-mails zijn sinds');

    await t.ctx.notifications.reactor.handle(alert!);
    await t.ctx.notifications.reactor.handle(alert!);
    const claims = (await t.ctx.store.readAll()).filter(
      (e) =>
        e.type === 'NotificationSent' &&
        (e.data as { kind: string }).kind === 'admin_notification_failures',
    );
    expect(claims).toHaveLength(1);
    expect(claims[0]!.data).toMatchObject({
      recipient: 'email:ops@escrow.test',
      channel: 'email',
    });
  });

  it('is off with NOTIFY_FAILURE_ALERT_RATE=0', async () => {
    const off = createNotificationFailureAlert({
      store: t.ctx.store,
      clock: t.clock,
      settings: { rate: 0, windowMs: WINDOW_MS, minSends: 1 },
    });
    const before = (await alerts()).length;
    for (let i = 0; i < 20; i++) off.record('email', 'failed');
    await off.settled();
    expect(await alerts()).toHaveLength(before);
  });
});

describe('in a running app', () => {
  it('given the notifications started, when sends fail past the rate, then the alert is recorded and the admins notified; after stop nothing more is counted', async () => {
    const running = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
      ADMIN_ALERT_EMAILS: 'ops@escrow.test',
      NOTIFY_FAILURE_ALERT_RATE: '0.5',
      NOTIFY_FAILURE_ALERT_MIN_SENDS: '3',
    });
    try {
      const { notifications, store } = running.ctx;
      await notifications.start();
      for (let i = 0; i < 3; i++)
        await expect(
          notifications.mail.send({
            to: 'a@escrow.test',
            subject: 's',
            text: 't',
            html: 'h',
          }),
        ).rejects.toThrow();
      await notifications.failureAlert.settled();
      const recorded = async (type: string) =>
        (await store.readAll()).filter((e) => e.type === type).length;
      expect(await recorded('NotificationFailureRateExceeded')).toBe(1);
      // The reactor picks the alert up and claims the admins' e-mail.
      await expect
        .poll(async () =>
          (await store.readAll()).some(
            (e) =>
              e.type === 'NotificationSent' &&
              (e.data as { kind: string }).kind ===
                'admin_notification_failures',
          ),
        )
        .toBe(true);
      await notifications.stop();
      running.clock.advance(60 * 60_000);
      for (let i = 0; i < 3; i++)
        await expect(
          notifications.mail.send({
            to: 'b@escrow.test',
            subject: 's',
            text: 't',
            html: 'h',
          }),
        ).rejects.toThrow();
      await notifications.failureAlert.settled();
      expect(await recorded('NotificationFailureRateExceeded')).toBe(1);
    } finally {
      await running.close();
    }
  }, 30_000);
});
