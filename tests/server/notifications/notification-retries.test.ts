import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@server/event-store/event-store';
import {
  createMailSender,
  type MailSender,
} from '@server/notifications/mail-sender';
import { createNotificationRetriesReactor } from '@server/notifications/notification-retries.reactor';
import { payDeal } from '@tests/support/flow-helpers';
import {
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/*
 * A claimed notification whose claimer gave no outcome (its instance died or stalled mid-send), or
 * whose attempt failed, is sent again once the claim's lease ends: by exactly one instance, with
 * the same Message-ID, at most three attempts in all.
 */

const LEASE_MS = 60_000;

/** The real file sender behind a switch: `hang` stalls like a process that died mid-send. */
function switchedMail(dataDir: string) {
  const real = createMailSender({
    smtpUrl: undefined,
    from: 'Escrow <n@escrow.test>',
    dataDir,
  });
  const state = {
    mode: 'ok' as 'ok' | 'fail' | 'hang',
    stalled: [] as (() => void)[],
  };
  const sender: MailSender = {
    ...real,
    async send(message) {
      if (state.mode === 'fail')
        throw new Error('connect ECONNREFUSED 10.0.0.5:587');
      if (state.mode === 'hang')
        return new Promise<void>((resolve) =>
          state.stalled.push(() => void real.send(message).then(resolve)),
        );
      await real.send(message);
    },
  };
  return { sender, state };
}

let t: TestApp | undefined;
/** Where the mail sender writes (`<mailDir>/mail/*.eml`). */
let mailDir = '';
afterEach(async () => {
  await t?.close();
  t = undefined;
  rmSync(mailDir, { recursive: true, force: true });
});

async function setUp() {
  mailDir = mkdtempSync(join(tmpdir(), 'escrow-retry-mail-'));
  const mail = switchedMail(mailDir);
  t = await createTestApp(
    { NOTIFICATION_LEASE_SECONDS: String(LEASE_MS / 1000) },
    { mailSender: mail.sender },
  );
  const app = t;
  const brand = await registerUser(app.app);
  const { id } = await createDeal(app.app, brand.token, { title: 'Retry' });
  await payDeal(app.app, app.ctx, brand.token, id);
  await app.ctx.settle(await app.ctx.store.headPosition());
  return { app, mail };
}

/**
 * Hands the notifications reactor every event. An event whose mail hangs is left behind once its
 * send has started (its claim is recorded by then), so a slow machine cannot outrun the claim.
 */
async function claimAll(
  app: TestApp,
  mail: ReturnType<typeof switchedMail>,
): Promise<void> {
  for (const event of await app.ctx.store.readAll()) {
    const stalled = mail.state.stalled.length;
    let started: ReturnType<typeof setInterval> | undefined;
    await Promise.race([
      app.ctx.notifications.reactor.handle(event),
      new Promise<void>((resolve) => {
        started = setInterval(
          () => mail.state.stalled.length > stalled && resolve(),
          5,
        );
      }),
    ]);
    clearInterval(started);
  }
}

/** Hands the retries reactor the claim streams' events it has not seen yet. */
function feeder(app: TestApp, reactor = app.ctx.notifications.retries) {
  let after = 0;
  return async () => {
    for (const event of await app.ctx.store.readAll({ after })) {
      after = event.position;
      if (reactor.types?.has(event.type)) await reactor.handle(event);
    }
  };
}

const emailClaims = async (app: TestApp) => {
  const claims = (await app.ctx.store.readAll()).filter(
    (e) =>
      e.type === 'NotificationSent' &&
      (e.data as { channel: string }).channel === 'email',
  );
  return claims;
};
const streamOf = async (app: TestApp, claim: RecordedEvent) =>
  (await app.ctx.store.readStream(claim.streamId)).map((e) => [
    e.type,
    (e.data as { attempt?: number }).attempt ?? null,
  ]);
const mailFiles = () =>
  readdirSync(join(mailDir, 'mail')).filter((f) => f.endsWith('.eml'));

describe('notification retries', () => {
  it('given a claimer that stalled mid-send, when the lease ends, then another attempt sends it once, with the same Message-ID; the stalled copy changes nothing', async () => {
    const { app, mail } = await setUp();
    mail.state.mode = 'hang';
    await claimAll(app, mail);
    const [claim] = await emailClaims(app);
    expect(claim).toBeDefined();
    expect(mail.state.stalled.length).toBeGreaterThan(0);
    mail.state.mode = 'ok';
    const feed = feeder(app);
    await feed();

    // Not before the lease ends.
    expect(await app.ctx.notifications.retries.tick()).toBe(0);
    app.clock.advance(LEASE_MS + 1_000);
    expect(await app.ctx.notifications.retries.tick()).toBeGreaterThan(0);
    await feed();
    expect(await streamOf(app, claim!)).toEqual([
      ['NotificationSent', null],
      ['NotificationRetaken', 2],
      ['NotificationDelivered', 2],
    ]);
    const files = mailFiles();
    const mine = files.filter((f) => f.includes(claim!.streamId));
    expect(mine).toHaveLength(1);
    expect(readFileSync(join(mailDir, 'mail', mine[0]!), 'utf8')).toContain(
      `Message-ID: <${claim!.streamId}@escrow.test>`,
    );

    // The stalled instance wakes up: its copy lands on the same file and its outcome is refused.
    for (const resume of mail.state.stalled) resume();
    await new Promise((r) => setTimeout(r, 100));
    expect(mailFiles().filter((f) => f.includes(claim!.streamId))).toHaveLength(
      1,
    );
    expect(await streamOf(app, claim!)).toHaveLength(3);

    // Nothing is left to send.
    await feed();
    app.clock.advance(3 * LEASE_MS);
    expect(await app.ctx.notifications.retries.tick()).toBe(0);
  });

  it('given a mail server that refuses, then each attempt is recorded, two more follow a lease apart, and the last closes the claim', async () => {
    const { app, mail } = await setUp();
    mail.state.mode = 'fail';
    await claimAll(app, mail);
    const [claim] = await emailClaims(app);
    const feed = feeder(app);
    await feed();
    for (let i = 0; i < 4; i++) {
      app.clock.advance(LEASE_MS + 1_000);
      await app.ctx.notifications.retries.tick();
      await feed();
    }
    expect(await streamOf(app, claim!)).toEqual([
      ['NotificationSent', null],
      ['NotificationSendFailed', 1],
      ['NotificationRetaken', 2],
      ['NotificationSendFailed', 2],
      ['NotificationRetaken', 3],
      ['NotificationSendFailed', 3],
    ]);
    const last = (await app.ctx.store.readStream(claim!.streamId)).at(-1)!.data;
    expect(last).toMatchObject({
      final: true,
      reason: 'connect ECONNREFUSED 10.0.0.5:587',
    });
    app.clock.advance(10 * LEASE_MS);
    expect(await app.ctx.notifications.retries.tick()).toBe(0);
  });

  it('given two instances whose lease timers fire together, then one takes the claim over and one copy is sent', async () => {
    const { app, mail } = await setUp();
    mail.state.mode = 'hang';
    await claimAll(app, mail);
    mail.state.mode = 'ok';
    const claims = await emailClaims(app);
    const sentByOther: string[] = [];
    const other = createNotificationRetriesReactor({
      store: app.ctx.store,
      clock: app.clock,
      facts: app.ctx.notifications.facts,
      leaseMs: LEASE_MS,
      db: new Database(':memory:'),
      send: async (_n, _channel, claim) =>
        void sentByOther.push(claim.streamId),
    });
    const [feedOne, feedOther] = [feeder(app), feeder(app, other)];
    await Promise.all([feedOne(), feedOther()]);
    app.clock.advance(LEASE_MS + 1_000);
    await Promise.all([app.ctx.notifications.retries.tick(), other.tick()]);

    for (const claim of claims) {
      const stream = await streamOf(app, claim);
      expect(
        stream.filter(([type]) => type === 'NotificationRetaken'),
      ).toHaveLength(1);
      const copies =
        mailFiles().filter((f) => f.includes(claim.streamId)).length +
        sentByOther.filter((s) => s === claim.streamId).length;
      expect(copies).toBe(1);
    }
  });
});
