import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptLink, payDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * One language per person: saved at first contact (the browser's language at registration, or at
 * a link's acceptance) and used for every e-mail until the person chooses another.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Hands the notifications reactor what was appended since the last call; answers the new .eml files to `to`. */
let fed = 0;
async function mailsTo(to: string): Promise<string[]> {
  for (const event of await t.ctx.store.readAll({ after: fed })) {
    fed = event.position;
    await t.ctx.notifications.reactor.handle(event);
  }
  const folder = join(t.dataDir, 'mail');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(join(folder, name), 'utf8'))
    .filter((raw) => raw.includes(`To: ${to}`));
}

describe('a person’s language', () => {
  it('given a Dutch browser at registration and a switch never touched, then e-mails to the brand are Dutch', async () => {
    const brand = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8' },
      payload: {
        username: 'nederlands_merk',
        email: 'merk@voorbeeld.nl',
        password: 'secret123',
        companyName: 'Merk',
      },
    });
    expect(brand.statusCode, brand.body).toBe(201);
    const token = brand.json().token as string;
    expect(
      t.ctx.queries.accounts.userById(brand.json().user.id)!.language,
    ).toBe('nl');

    const { id } = await createDeal(t.app, token);
    await payDeal(t.app, t.ctx, token, id);
    const link = (
      await t.app.inject({
        method: 'POST',
        url: `/api/deals/${id}/generate-token`,
        headers: bearer(token),
      })
    ).json().token as string;
    // The creator's browser is English: that is the creator's language, not the brand's.
    const accepted = await acceptLink(
      t.app,
      t.ctx,
      { kind: 'deal', token: link },
      { headers: { 'accept-language': 'en-GB' } },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const mails = await Promise.all(
      (await mailsTo('merk@voorbeeld.nl')).map((raw) => simpleParser(raw)),
    );
    expect(mails.map((m) => m.subject)).toContain('Deal geaccepteerd');
    for (const mail of mails) {
      expect(mail.html).toContain('<html lang="nl">');
      expect(mail.text).toContain('Openen in de app');
    }
  });

  it('a saved language stays when the person signs in from a browser in another language', async () => {
    const user = await registerUser(t.app);
    const login = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'accept-language': language },
        payload: { email: user.email, password: 'secret123' },
      });
    // Registered by a caller that named no language (a script): nothing is fixed yet, so the first
    // sign-in from a browser saves its language, and a later browser in another language keeps it.
    expect(
      t.ctx.queries.accounts.userById(user.userId)!.language ?? null,
    ).toBeNull();
    expect((await login('nl')).statusCode).toBe(200);
    expect(t.ctx.queries.accounts.userById(user.userId)!.language).toBe('nl');
    expect((await login('en')).statusCode).toBe(200);
    expect(t.ctx.queries.accounts.userById(user.userId)!.language).toBe('nl');
  });
});
