import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import { payDeal } from '@tests/support/flow-helpers';
import {
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/* Without SMTP_URL the same messages are written to DATA_DIR/mail and listed for admins on a test-mode page. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUSH_SERVICE_HOSTS: 'push.example' });
});
afterAll(async () => t?.close());

async function adminToken(): Promise<string> {
  const admins = createAdminAccounts({
    run: t.ctx.run,
    unique: t.ctx.unique,
    accounts: t.ctx.queries.accounts,
  });
  await t.ctx.settle(
    (
      await admins.create('mailroot', 'mail-pass-1', 'admin', {
        actor: { kind: 'system', id: 'test' },
      })
    ).position,
  );
  return (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { username: 'mailroot', password: 'mail-pass-1' },
    })
  ).json().token;
}

async function react(): Promise<void> {
  await t.ctx.settle(await t.ctx.store.headPosition());
  for (const event of await t.ctx.store.readAll())
    await t.ctx.notifications.reactor.handle(event);
}

describe('mail folder (no SMTP_URL)', () => {
  it('writes each email as an .eml file with text and HTML parts, lists it on /sim/mail, and its unsubscribe link works', async () => {
    expect(t.ctx.notifications.mail.mode).toBe('files');
    const brand = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token, { title: 'Autumn' });
    await payDeal(t.app, t.ctx, brand.token, id);
    await react();

    const files = readdirSync(join(t.dataDir, 'mail')).filter((f) =>
      f.endsWith('.eml'),
    );
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(t.dataDir, 'mail', files[0]!), 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${brand.email}$`, 'm'));
    expect(raw).toMatch(/^Subject: Payment received$/m);
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/app\.test\/api\/notifications\/unsubscribe\?token=/m,
    );

    // Only an admin lists the kept mail; each message opens by its keyed URL.
    const url = t.ctx.notifications.mailAccess.urlFor(files[0]!);
    const list = await t.app.inject({
      url: '/sim/mail',
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Test mode');
    expect(list.body).toContain(`href="${url}"`);
    expect(list.body).toContain('Payment received');
    const one = await t.app.inject({ url });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(`Open in the app: http://app.test/deals/${id}`);
    expect(
      (await t.app.inject({ url: '/sim/mail/..%2Fjwt-secret' })).statusCode,
    ).toBe(404);

    const unsubscribe =
      /http:\/\/app\.test(\/api\/notifications\/unsubscribe\?[^\s<"]+)/
        .exec(one.body)![1]!
        .replace(/&amp;/g, '&');
    // RFC 8058 one-click: the mail client posts List-Unsubscribe=One-Click.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: unsubscribe,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        })
      ).statusCode,
    ).toBe(200);
    const prefs = await t.app.inject({
      url: '/api/user/notification-preferences',
      headers: { authorization: `Bearer ${brand.token}` },
    });
    expect(prefs.json()).toEqual({
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
  });

  it('two reactors handling the same events at once (two app instances) send each notification once', async () => {
    const brand = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: { authorization: `Bearer ${brand.token}` },
      payload: {
        subscription: {
          endpoint: 'https://push.example/twice',
          keys: { p256dh: 'p', auth: 'a' },
        },
      },
    });
    const from = await t.ctx.store.headPosition();
    const { id } = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, id);
    await t.ctx.settle(await t.ctx.store.headPosition());
    const mailsBefore = t.ctx.notifications.mail.list().length;
    const pushesBefore = t.pushed.length;

    const events = await t.ctx.store.readAll({ after: from });
    await Promise.all(
      [0, 1, 2].map(async () => {
        for (const event of events)
          await t.ctx.notifications.reactor.handle(event);
      }),
    );

    expect(
      t.pushed
        .slice(pushesBefore)
        .map((p) => (JSON.parse(p.payload) as { title: string }).title),
    ).toEqual(['Payment received']);
    expect(t.ctx.notifications.mail.list().length - mailsBefore).toBe(1);
  });

  it('rejects bad preference input with a clear 400', async () => {
    const brand = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/notification-preferences',
      headers: { authorization: `Bearer ${brand.token}` },
      payload: { language: 'fr' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: expect.any(String),
      message: expect.stringContaining('language'),
    });
    expect(
      (await t.app.inject({ url: '/api/user/notification-preferences' }))
        .statusCode,
    ).toBe(401);
  });
});
