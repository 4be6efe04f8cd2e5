import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import { payDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/*
 * Production on test money (SIMULATED_PAYMENTS=true, no SMTP_URL): mail is kept on the server. Its
 * bodies carry link tokens and signed unsubscribe links, so a stranger must neither list nor read it.
 */
let t: TestApp;
let admin: Record<string, string>;
let auditor: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({
    NODE_ENV: 'production',
    SIMULATED_PAYMENTS: 'true',
    PUBLIC_URL: 'https://escrow.example',
  });
  const admins = createAdminAccounts({
    run: t.ctx.run,
    unique: t.ctx.unique,
    accounts: t.ctx.queries.accounts,
  });
  for (const [name, role] of [
    ['mailadmin', 'admin'],
    ['mailreader', 'auditor'],
  ] as const) {
    await t.ctx.settle(
      (
        await admins.create(name, 'mail-pass-1', role, {
          actor: { kind: 'system', id: 'test' },
        })
      ).position,
    );
  }
  const login = async (username: string) =>
    bearer(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/admin-login',
          payload: { username, password: 'mail-pass-1' },
        })
      ).json().token,
    );
  admin = await login('mailadmin');
  auditor = await login('mailreader');
  const brand = await registerUser(t.app);
  const { id } = await createDeal(t.app, brand.token, { title: 'Autumn' });
  await payDeal(t.app, t.ctx, brand.token, id);
  await t.ctx.settle(await t.ctx.store.headPosition());
  for (const event of await t.ctx.store.readAll())
    await t.ctx.notifications.reactor.handle(event);
});
afterAll(() => t?.close());

describe('test-mode mail in production', () => {
  it('given kept mail, when a stranger asks for the index or a message by name, then nothing is listed or shown', async () => {
    const [stored] = t.ctx.notifications.mail.list();
    expect(stored?.subject).toBe('Payment received');
    const index = await t.app.inject({ url: '/sim/mail' });
    expect(index.statusCode).toBe(401);
    expect(index.body).not.toContain('Payment received');
    expect(index.body).not.toContain(stored!.to);
    expect(
      (await t.app.inject({ url: `/sim/mail/${stored!.name}` })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/sim/mail/${stored!.name}?key=${'a'.repeat(32)}`,
        })
      ).statusCode,
    ).toBe(404);
    // A user's token or an auditor's is not an admin's.
    expect(
      (await t.app.inject({ url: '/sim/mail', headers: auditor })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/admin/test-mail', headers: auditor }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/admin/test-mail' })).statusCode,
    ).toBe(401);
  });

  it('given an admin, when listing, then each message comes with its keyed page, which opens without a login', async () => {
    const res = await t.app.inject({
      url: '/api/admin/test-mail',
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [first] = res.json().mails as {
      name: string;
      subject: string;
      url: string;
    }[];
    expect(first).toMatchObject({
      subject: 'Payment received',
      url: expect.stringMatching(/^\/sim\/mail\/[\w.-]+\.eml\?key=[\w-]{32}$/),
    });
    const page = await t.app.inject({ url: first!.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('only admins can read it');
    // The key opens only its own message.
    const other = first!.url.replace(first!.name, `x${first!.name}`);
    expect((await t.app.inject({ url: other })).statusCode).toBe(404);
    const index = await t.app.inject({ url: '/sim/mail', headers: admin });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain(`href="${first!.url}"`);
  });

  it('says where mail goes: the public settings tell the web banner that mail is kept for admins', async () => {
    expect((await t.app.inject({ url: '/api/settings' })).json()).toMatchObject(
      {
        testMode: true,
        mailKept: true,
      },
    );
  });
});
