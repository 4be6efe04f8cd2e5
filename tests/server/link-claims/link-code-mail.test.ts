import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRequestLink, payDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * The code mail names the page its code is entered on: a deal's for the creator, a payment
 * request's for the brand, in the language of the browser that asked.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Asks a code for `email` on a link, in `lang`, and answers the text of the mail it sent. */
async function codeMail(
  kind: 'deals' | 'payment-requests',
  token: string,
  email: string,
  lang: 'en' | 'nl',
): Promise<string> {
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/${kind}/link/${token}/email/code`,
    headers: { 'accept-language': lang },
    payload: { email },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const mail = t.ctx.notifications.mail.list().find((m) => m.to === email)!;
  return t.ctx.notifications.mail.read(mail.name)!.text;
}

async function requestToken(): Promise<string> {
  const creator = await registerUser(t.app);
  return newRequestLink(t.app, creator.token, 'marketing@acme.example');
}

async function dealToken(): Promise<string> {
  const brand = await registerUser(t.app);
  const { id } = await createDeal(t.app, brand.token);
  await payDeal(t.app, t.ctx, brand.token, id);
  const made = await t.app.inject({
    method: 'POST',
    url: `/api/deals/${id}/generate-token`,
    headers: bearer(brand.token),
  });
  return (made.json() as { token: string }).token;
}

describe('the code mail', () => {
  it.each([
    ['nl', 'Vul deze code in op de pagina van het betaalverzoek'],
    ['en', "Enter this code on the payment request's page"],
  ] as const)(
    "for a payment request's brand (%s) names the request's page, not a deal's",
    async (lang, opening) => {
      const text = await codeMail(
        'payment-requests',
        await requestToken(),
        `brand-${lang}@acme.example`,
        lang,
      );
      expect(text).toMatch(new RegExp(`^${opening} `));
      expect(text).not.toMatch(/\bdeal\b/);
    },
  );

  it.each([
    ['nl', 'Vul deze code in op de pagina van de deal'],
    ['en', 'Enter this code on the deal page'],
  ] as const)(
    "for a deal's creator (%s) names the deal's page",
    async (lang, opening) => {
      const text = await codeMail(
        'deals',
        await dealToken(),
        `creator-${lang}@creator.example`,
        lang,
      );
      expect(text).toMatch(new RegExp(`^${opening} `));
    },
  );
});
