import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { createAppContext, type AppContext } from '@server/app-context';
import type { loadConfig } from '@server/config';
import { formatterFor } from '@server/notifications/texts';
import { isSimulated } from '@server/money/gateway/create-gateway';
import { webPushSender } from '@server/notifications/push.service';
import { createTestClock, HOUR_MS } from '@server/shared/clock';
import {
  browser,
  decryptPushMessage,
  localTls,
  pushTestConfig,
  startPushEndpoint,
  type Browser,
} from '@tests/support/push-endpoint';
import {
  acceptAndConnect,
  claimHeader,
  createPaidRequest,
  payDeal,
  readCodesFrom,
} from '@tests/support/flow-helpers';
import { bearer, createDeal, registerUser } from '@tests/support/test-app';

/*
 * The notifications reactor end to end: real API flows record the events, the reactor is fed
 * them, push goes through the production web-push sender to a local HTTPS push endpoint (decrypted
 * per RFC 8291 with the browser's keys) and email through nodemailer to a local SMTP server.
 */

const ADMIN_EMAIL = 'ops@escrow.test';
const nl = formatterFor('nl-NL');
const en = formatterFor('en-GB');

let tempDir: string;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
let agent: Agent;
let smtp: SMTPServer;
const mailbox: ParsedMail[] = [];
const clock = createTestClock('2026-03-02T09:00:00.000Z');
let config: ReturnType<typeof loadConfig>;
let vapid: { publicKey: string; privateKey: string };
let ctx: AppContext;
let app: FastifyInstance;
let fed = 0;

async function open(): Promise<void> {
  ctx = await createAppContext(config, {
    clock,
    startReactors: false,
    pushSender: webPushSender(vapid, 'mailto:ops@escrow.test', { agent }),
  });
  app = await buildApp(ctx);
  await app.ready();
}

/** Feeds the reactor every event recorded since the last call (or since `from`), in global order. */
async function react(from = fed): Promise<void> {
  await ctx.settle(await ctx.store.headPosition());
  for (const event of await ctx.store.readAll({ after: from })) {
    await ctx.notifications.reactor.handle(event);
    fed = Math.max(fed, event.position);
  }
}

const pushesTo = (b: Browser, path: string) =>
  endpoint.received
    .filter((r) => r.path === path)
    .map(
      (r) =>
        JSON.parse(decryptPushMessage(r.body, b)) as {
          title: string;
          body: string;
          url: string;
          tag: string;
        },
    );
const mailsTo = (address: string) =>
  mailbox.filter((m) =>
    (Array.isArray(m.to) ? m.to : [m.to]).some((a) =>
      a?.text.includes(address),
    ),
  );
const unsubscribeUrlOf = (mail: ParsedMail) =>
  /(http:\/\/app\.test\/api\/notifications\/unsubscribe\?[^\s]+)/.exec(
    mail.text ?? '',
  )![1]!;

async function subscribeUser(token: string, b: Browser, path: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/push/subscribe',
    headers: bearer(token),
    payload: { subscription: b.subscription(`${endpoint.origin}${path}`) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function setPreferences(token: string, body: Record<string, unknown>) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/user/notification-preferences',
    headers: bearer(token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    push: boolean;
    email: boolean;
    documents: unknown;
    language: string;
  };
}

/** A paid, accepted deal with a connected bank account, delivered now. */
async function deliveredDeal(token: string, influencer = '@sanne.creates') {
  const { id } = await createDeal(app, token, {
    influencer,
    title: `Launch ${influencer}`,
  });
  await payDeal(app, ctx, token, id);
  const link = await acceptAndConnect(app, ctx, token, id);
  const res = await app.inject({
    method: 'POST',
    url: `/api/deals/deliver/${link}`,
    headers: claimHeader(link),
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    id,
    link,
    endsAt: ctx.queries.deals.byId(id)!.context.reviewPeriodEndsAt!,
  };
}

beforeAll(async () => {
  tempDir = mkdtempSync(join(tmpdir(), 'escrow-notify-'));
  endpoint = await startPushEndpoint(localTls(tempDir));
  agent = new Agent({ rejectUnauthorized: false, keepAlive: false });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        mailbox.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  // Acceptance codes arrive at this SMTP server too: read from its mailbox, newest first.
  readCodesFrom((to) => {
    const mail = [...mailbox]
      .reverse()
      .find((m) => m.to && JSON.stringify(m.to).includes(to));
    return /: (\d{6})$/.exec(mail?.subject ?? '')?.[1];
  });
  const { port } = smtp.server.address() as AddressInfo;
  vapid = webPush.generateVAPIDKeys();
  config = pushTestConfig(join(tempDir, 'data'), vapid, {
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Escrow <notify@escrow.test>',
    ADMIN_ALERT_EMAILS: ADMIN_EMAIL,
  });
  await open();
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
  agent?.destroy();
  if (endpoint) {
    endpoint.server.closeAllConnections();
    await new Promise<void>((resolve) =>
      endpoint.server.close(() => resolve()),
    );
  }
  await new Promise<void>((resolve) =>
    smtp ? smtp.close(resolve) : resolve(),
  );
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

describe('notifications reactor', () => {
  it('tells a Dutch brand and the deal link creator about each deal event once, by push and email, with links to the right screen', async () => {
    const brand = await registerUser(app);
    expect(await setPreferences(brand.token, { language: 'nl' })).toEqual({
      push: true,
      email: true,
      documents: {
        receipt: true,
        invoice: true,
        creditNote: true,
        statement: true,
        selfBilled: true,
      },
      language: 'nl',
    });
    const brandBrowser = browser();
    await subscribeUser(brand.token, brandBrowser, '/push/brand-1');

    const { id } = await createDeal(app, brand.token, {
      title: 'Lente',
      influencer: '@sanne',
    });
    await payDeal(app, ctx, brand.token, id);
    const link = await acceptAndConnect(app, ctx, brand.token, id);
    const creator = browser();
    const gone = browser();
    for (const [b, path] of [
      [creator, '/push/creator-1'],
      [gone, '/push/v1/gone'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/deals/link/${link}/notifications`,
        headers: claimHeader(link),
        payload: {
          subscription: b.subscription(`${endpoint.origin}${path}`),
          language: 'en',
        },
      });
      expect(res.json()).toEqual({ subscribed: true });
    }
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/deals/deliver/${link}`,
          headers: claimHeader(link),
        })
      ).statusCode,
    ).toBe(200);
    const deal = ctx.queries.deals.byId(id)!.context;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/deals/${id}/release`,
          headers: bearer(brand.token),
        })
      ).statusCode,
    ).toBe(200);

    await react();

    const total = deal.terms!.totalCents;
    const amount = deal.terms!.amountCents;
    const expected = [
      {
        title: 'Betaling ontvangen',
        body: `${nl.money(total)} voor “Lente” staat in escrow. Deel de link met @sanne.`,
      },
      {
        title: 'Deal geaccepteerd',
        body: '@sanne heeft “Lente” geaccepteerd.',
      },
      {
        title: 'Content geleverd',
        body: `@sanne heeft “Lente” geleverd. Beoordeel het vóór ${nl.dateTime(deal.reviewPeriodEndsAt!)}; daarna wordt het geld automatisch vrijgegeven.`,
      },
      {
        title: 'Geld vrijgegeven',
        body: `${nl.money(amount)} voor “Lente” is uitbetaald aan @sanne.`,
      },
    ];
    const pushed = pushesTo(brandBrowser, '/push/brand-1');
    expect(pushed.map(({ title, body }) => ({ title, body }))).toEqual(
      expected,
    );
    expect(pushed.every((p) => p.url === `/deals/${id}`)).toBe(true);

    const mails = mailsTo(brand.email);
    expect(mails.map((m) => m.subject)).toEqual(expected.map((e) => e.title));
    for (const [i, mail] of mails.entries()) {
      expect(mail.from?.value).toEqual([
        { name: 'Escrow', address: 'notify@escrow.test' },
      ]);
      expect(mail.text).toContain(expected[i]!.body);
      expect(mail.text).toContain(
        `Openen in de app: http://app.test/deals/${id}`,
      );
      expect(mail.html).toContain(`href="http://app.test/deals/${id}"`);
      expect(
        mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line,
      ).toContain('http://app.test/api/notifications/unsubscribe?token=');
      // The claim's key: a copy sent again after a lost answer has the same Message-ID.
      expect(mail.messageId).toMatch(
        /^<notification-[0-9a-f]{32}@escrow\.test>$/,
      );
    }
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(mails.length);
    // ...and a push the same topic, so the push service replaces a copy not yet fetched.
    const topics = endpoint.received
      .filter((r) => r.path === '/push/brand-1')
      .map((r) => r.headers.topic);
    expect(topics.every((topic) => /^[0-9a-f]{32}$/.test(String(topic)))).toBe(
      true,
    );
    expect(new Set(topics).size).toBe(topics.length);

    expect(pushesTo(creator, '/push/creator-1')).toEqual([
      {
        title: 'Payout sent',
        body: `${en.money(amount)} for “Lente” is on its way to your bank account.`,
        url: `/accept/${link}`,
        tag: 'link_payout_sent',
      },
    ]);
    // The push service answered 410 for the other browser: that subscription is gone.
    await ctx.settle(await ctx.store.headPosition());
    expect(
      ctx.queries.notifications.linkSubscriptions(id).map((s) => s.endpoint),
    ).toEqual([`${endpoint.origin}/push/creator-1`]);

    // Redelivering every event sends nothing again.
    const before = { pushes: endpoint.received.length, mails: mailbox.length };
    await react(0);
    expect({ pushes: endpoint.received.length, mails: mailbox.length }).toEqual(
      before,
    );
  });

  it('a restart in the middle of the stream sends every notification once', async () => {
    const brand = await registerUser(app);
    const b = browser();
    await subscribeUser(brand.token, b, '/push/restart');
    const start = await ctx.store.headPosition();
    const { id } = await deliveredDeal(brand.token, '@restart');
    const events = await ctx.store.readAll({ after: start });
    const half = events[Math.floor(events.length / 2)]!.position;

    // First run: half of the events, then the app goes down.
    for (const e of events.filter((x) => x.position <= half))
      await ctx.notifications.reactor.handle(e);
    const firstRun = pushesTo(b, '/push/restart').length;
    expect(firstRun).toBeGreaterThan(0);
    await app.close();
    await ctx.close();

    // After the restart the runner redelivers from before the crash: everything, from the start.
    await open();
    await react(start);

    const titles = pushesTo(b, '/push/restart').map((p) => p.title);
    expect(titles).toEqual([
      'Payment received',
      'Deal accepted',
      'Content delivered',
    ]);
    expect(mailsTo(brand.email).map((m) => m.subject)).toEqual([
      'Payment received',
      'Deal accepted',
      'Content delivered',
    ]);
    expect(ctx.queries.deals.byId(id)).not.toBeNull();
  });

  it('reminds the brand 12 hours before the automatic release, on the clock, once; not when the brand acted first', async () => {
    const brand = await registerUser(app);
    const b = browser();
    await subscribeUser(brand.token, b, '/push/reminder');
    const waiting = await deliveredDeal(brand.token, '@waiting');
    const acted = await deliveredDeal(brand.token, '@acted');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/deals/${acted.id}/release`,
          headers: bearer(brand.token),
        })
      ).statusCode,
    ).toBe(200);
    await react();
    const reminders = () =>
      pushesTo(b, '/push/reminder').filter((p) => p.tag === 'release_reminder');

    clock.set(new Date(Date.parse(waiting.endsAt) - 12 * HOUR_MS - 1_000));
    // What the reactor's scheduler sleeps until: the reminder's moment, not a polling interval.
    const { releaseReminderHours, holdAgeingHours } = ctx.config.notifications;
    expect(
      ctx.queries.notifications.nextDueMs(
        clock.now().getTime(),
        releaseReminderHours * HOUR_MS,
        holdAgeingHours * HOUR_MS,
      ),
    ).toBe(Date.parse(waiting.endsAt) - 12 * HOUR_MS);
    expect(await ctx.notifications.timers.tick()).toBe(0);
    await react();
    expect(reminders()).toEqual([]);

    clock.advance(1_000);
    // The earlier test's deal was delivered at the same moment, so its reminder is due too.
    expect(await ctx.notifications.timers.tick()).toBeGreaterThan(0);
    await react();
    expect(await ctx.notifications.timers.tick()).toBe(0);
    clock.advance(HOUR_MS);
    expect(await ctx.notifications.timers.tick()).toBe(0);
    await react();

    expect(reminders()).toEqual([
      {
        title: 'Funds release soon',
        body: `The funds for “Launch @waiting” are released automatically on ${en.dateTime(waiting.endsAt)}. Approve or open a dispute before then.`,
        url: `/deals/${waiting.id}`,
        tag: 'release_reminder',
      },
    ]);
    expect(
      mailsTo(brand.email).filter((m) => m.subject === 'Funds release soon'),
    ).toHaveLength(1);
  });

  it('sends nothing to a brand who turned both channels off; the unsubscribe link turns email off', async () => {
    const quiet = await registerUser(app);
    const qb = browser();
    await subscribeUser(quiet.token, qb, '/push/quiet');
    expect(
      await setPreferences(quiet.token, { push: false, email: false }),
    ).toEqual({
      push: false,
      email: false,
      documents: {
        receipt: true,
        invoice: true,
        creditNote: true,
        statement: true,
        selfBilled: true,
      },
      language: 'en',
    });
    const loud = await registerUser(app);
    const lb = browser();
    await subscribeUser(loud.token, lb, '/push/loud');

    const q = await createDeal(app, quiet.token);
    await payDeal(app, ctx, quiet.token, q.id);
    const l = await createDeal(app, loud.token);
    await payDeal(app, ctx, loud.token, l.id);
    await react();
    expect(pushesTo(qb, '/push/quiet')).toEqual([]);
    expect(mailsTo(quiet.email)).toEqual([]);
    // The test page goes through the same sender and preferences.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/push/test',
          headers: bearer(quiet.token),
        })
      ).json(),
    ).toEqual({ success: false, sent: 0, failed: 0 });

    const [mail] = mailsTo(loud.email);
    const url = unsubscribeUrlOf(mail!).replace('http://app.test', '');
    // Following the link only asks (a mail scanner changes nothing); the page's button posts the form.
    const page = await app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop notification emails to this address?');
    expect(
      (
        await app.inject({
          url: '/api/user/notification-preferences',
          headers: bearer(loud.token),
        })
      ).json(),
    ).toMatchObject({ email: true });
    const unsubscribe = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(unsubscribe.statusCode).toBe(200);
    expect(unsubscribe.body).toContain(
      'You will no longer receive notification emails.',
    );
    expect(
      (
        await app.inject({
          url: '/api/user/notification-preferences',
          headers: bearer(loud.token),
        })
      ).json(),
    ).toEqual({
      push: true,
      email: false,
      documents: {
        receipt: true,
        invoice: true,
        creditNote: true,
        statement: true,
        selfBilled: true,
      },
      language: 'en',
    });
    const forged = await app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe?token=dXNlcjp4.bad',
    });
    expect(forged.statusCode).toBe(400);

    await acceptAndConnect(app, ctx, loud.token, l.id);
    await react();
    expect(pushesTo(lb, '/push/loud').map((p) => p.title)).toEqual([
      'Payment received',
      'Deal accepted',
    ]);
    expect(mailsTo(loud.email).map((m) => m.subject)).toEqual([
      'Payment received',
    ]);
  });

  it("tells the creator and the brand (by email: in the language of the browser the brand accepted in, else the creator's) about a payment request; the brand's unsubscribe link holds", async () => {
    const creator = await registerUser(app);
    await setPreferences(creator.token, { language: 'nl' });
    const cb = browser();
    await subscribeUser(creator.token, cb, '/push/creator-account');
    const { id, token } = await createPaidRequest(
      app,
      ctx,
      creator.token,
      'Reel',
    );
    await react();

    const request = ctx.queries.requests.byId(id)!.context.request!;
    expect(pushesTo(cb, '/push/creator-account')).toEqual([
      {
        title: 'Verzoek geaccepteerd',
        body: 'Acme heeft je betaalverzoek “Reel” geaccepteerd.',
        url: '/payment-requests',
        tag: 'request_accepted',
      },
      {
        title: 'Verzoek betaald',
        body: `Acme heeft ${nl.money(request.amountCents)} betaald voor “Reel”. Markeer het als voltooid als het werk klaar is.`,
        url: '/payment-requests',
        tag: 'request_paid',
      },
    ]);
    const brandMails = mailsTo('marketing@acme.example');
    // The brand's browser accepted without naming Dutch (planned here after it did): English.
    expect(brandMails.map((m) => m.subject)).toEqual([
      'Payment request from a creator (not checked by us)',
      'Payment request paid',
    ]);
    expect(brandMails[0]!.text).toContain(
      `http://app.test/pay-request/${token}`,
    );

    expect(
      (
        await app.inject({
          method: 'POST',
          url: unsubscribeUrlOf(brandMails[0]!).replace('http://app.test', ''),
        })
      ).statusCode,
    ).toBe(200);
    await createPaidRequest(app, ctx, creator.token, 'Second reel');
    await react();
    expect(mailsTo('marketing@acme.example')).toHaveLength(2);
    expect(pushesTo(cb, '/push/creator-account')).toHaveLength(4);
  });

  it('alerts the admin addresses about a chargeback, a failed transfer and a hold that ages', async () => {
    const brand = await registerUser(app);
    const gateway = ctx.payments.gateway;
    if (!isSimulated(gateway))
      throw new Error('tests run on the simulated gateway');
    const failing = await deliveredDeal(brand.token, '@failing');
    gateway.failTransfersWith('funds_settling');
    await app.inject({
      method: 'POST',
      url: `/api/deals/${failing.id}/release`,
      headers: bearer(brand.token),
    });
    gateway.failTransfersWith(null);
    const held = await deliveredDeal(brand.token, '@held');
    await gateway.openChargeback(
      ctx.queries.deals.byId(held.id)!.context.chargeId!,
      'fraudulent',
    );
    await ctx.settle(await ctx.store.headPosition());
    const heldSince = ctx.queries.deals.byId(held.id)!.context.hold!.since;
    await react();

    clock.set(new Date(Date.parse(heldSince) + 72 * HOUR_MS - 1_000));
    await ctx.notifications.timers.tick();
    await react();
    expect(
      mailsTo(ADMIN_EMAIL).filter((m) => m.subject === 'Deal on hold too long'),
    ).toEqual([]);
    clock.advance(1_000);
    await ctx.notifications.timers.tick();
    await react();

    const subjects = mailsTo(ADMIN_EMAIL).map(
      (m) => `${m.subject}: ${m.text?.split('\n')[2] ?? ''}`,
    );
    expect(subjects).toEqual([
      `Transfer failed: The payout for deal #${failing.id} failed: funds_settling: ${ctx.queries.deals.byId(failing.id)!.context.lastTransferError!.message}`,
      expect.stringMatching(
        new RegExp(
          `^Chargeback opened: A chargeback of .+ \\(fraudulent\\) was opened on deal #${held.id}\\.$`,
        ),
      ),
      `Deal on hold too long: Deal #${held.id} has been on hold since ${en.dateTime(heldSince)}.`,
    ]);
    expect(
      mailsTo(ADMIN_EMAIL).every((m) =>
        m.text?.includes(`http://app.test/admin?deal=`),
      ),
    ).toBe(true);
  });
  it("reminds a Dutch creator 24 h before each milestone's due date, and the brand 12 h before each milestone's automatic release", async () => {
    const brand = await registerUser(app);
    const b = browser();
    await subscribeUser(brand.token, b, '/push/plan-brand');
    const plan = [
      {
        title: 'Story',
        deliverables: ['1 Story'],
        amount: '100',
        dueDate: '2026-03-10',
      },
      {
        title: 'TikTok',
        deliverables: ['1 TikTok'],
        amount: '80',
        dueDate: '2026-03-12',
      },
      {
        title: 'Post',
        deliverables: ['1 Post'],
        amount: '70',
        dueDate: '2026-03-12',
      },
    ];
    const { id } = await createDeal(app, brand.token, {
      title: 'Reeks',
      milestones: plan,
    });
    await payDeal(app, ctx, brand.token, id);
    const email = `plan-creator-${id}@link.example`;
    const link = await acceptAndConnect(app, ctx, brand.token, id, {
      email,
      headers: { 'accept-language': 'nl-NL' },
    });
    const deliver = (n: number) =>
      app.inject({
        method: 'POST',
        url: `/api/deals/deliver/${link}/milestones/${n}`,
        headers: claimHeader(link),
      });
    // Milestone 3 is delivered early: no due-date reminder for it; 1 and 2 are reviewed in turn.
    expect((await deliver(3)).statusCode).toBe(200);
    await react();
    const dueMails = () =>
      mailsTo(email).filter((m) => m.subject === 'Mijlpaal binnen 24 uur af');
    const reminders = () =>
      pushesTo(b, '/push/plan-brand').filter(
        (p) => p.tag === 'release_reminder',
      );
    const tickAndReact = async () => {
      await ctx.notifications.timers.tick();
      await react();
    };

    // 24 h before the due date ends in Amsterdam: 10 March 00:00 there (CET), 9 March 23:00 UTC.
    clock.set(new Date('2026-03-09T22:59:00.000Z'));
    await tickAndReact();
    expect(dueMails()).toEqual([]);
    clock.set(new Date('2026-03-09T23:00:00.000Z'));
    await tickAndReact();
    expect(dueMails()).toHaveLength(1);
    expect(dueMails()[0]!.text).toContain(
      `“Reeks · Story” moet uiterlijk ${nl.date('2026-03-10')} geleverd zijn. Lever via je link zodra het klaar is.`,
    );
    expect((await deliver(1)).statusCode).toBe(200);
    const ends1 =
      ctx.queries.deals.byId(id)!.context.milestones![0]!.reviewPeriodEndsAt!;
    clock.set(new Date('2026-03-10T22:59:00.000Z'));
    await tickAndReact();
    expect(dueMails()).toHaveLength(1);
    clock.set(new Date('2026-03-11T23:00:00.000Z'));
    await tickAndReact();
    // Milestone 2 (due the 12th) is reminded once; milestone 3, delivered, is not.
    expect(dueMails()).toHaveLength(2);
    expect(dueMails()[1]!.text).toContain('“Reeks · TikTok”');
    // Milestone 3's review (started first) and milestone 1's each reminded the brand 12 h ahead.
    const ends3 =
      ctx.queries.deals.byId(id)!.context.milestones![2]!.reviewPeriodEndsAt!;
    expect(reminders().map((r) => r.body)).toEqual([
      `The funds for “Reeks · Post” are released automatically on ${en.dateTime(ends3)}. Approve or open a dispute before then.`,
      `The funds for “Reeks · Story” are released automatically on ${en.dateTime(ends1)}. Approve or open a dispute before then.`,
    ]);
    await tickAndReact();
    expect(dueMails()).toHaveLength(2);
    expect(reminders()).toHaveLength(2);
  });
});
