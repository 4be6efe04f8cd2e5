import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptAndConnect,
  claimHeader,
  connectPayouts,
  createPaidRequest,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import { invoiceSellerEnv } from '@tests/support/invoice-seller';
import { pdfPages } from '@tests/support/pdf-text';
import { reactorMails } from '@tests/server/notifications/reactor-mails';

/*
 * A creator with an account hears of its money and gets the statement of it by e-mail, from the
 * same event (a release, a request's split): through the real routes and the notifications reactor
 * fed the recorded events, with the PDF attached, in the language it chose, once.
 */
let t: TestApp;
let adminToken = '';
const { react, mailsTo } = reactorMails(() => t);

beforeAll(async () => {
  t = await createTestApp(invoiceSellerEnv);
  adminToken = await createRootAdmin(t);
});
afterAll(() => t.close());

async function creatorIn(language: 'en' | 'nl') {
  const creator = await registerUser(t.app);
  const prefs = await t.app.inject({
    method: 'PUT',
    url: '/api/user/notification-preferences',
    headers: bearer(creator.token),
    payload: { push: false, email: true, language },
  });
  expect(prefs.statusCode, prefs.body).toBe(200);
  return creator;
}

/** A creator's €400 request, paid, completed, disputed by the brand and split 200 / rest by an admin. */
async function splitRequest(language: 'en' | 'nl') {
  const creator = await creatorIn(language);
  await connectPayouts(t.app, t.ctx, creator.token);
  const { id, token } = await createPaidRequest(
    t.app,
    t.ctx,
    creator.token,
    'Split reel',
  );
  const done = await t.app.inject({
    method: 'POST',
    url: `/api/payment-requests/${id}/complete`,
    headers: bearer(creator.token),
    payload: {},
  });
  expect(done.statusCode, done.body).toBe(200);
  const disputed = await t.app.inject({
    method: 'POST',
    url: `/api/payment-requests/dispute/${token}`,
    headers: claimHeader(token),
    payload: { reason: 'Not as agreed' },
  });
  expect(disputed.statusCode, disputed.body).toBe(200);
  const split = await t.app.inject({
    method: 'POST',
    url: `/api/admin/payment-requests/${id}/split`,
    headers: bearer(adminToken),
    payload: { creatorCents: 20_000 },
  });
  expect(split.statusCode, split.body).toBe(200);
  await react();
  return { creator, id };
}

describe("a payment request's split by e-mail", () => {
  it.each([
    ['en', 'Statement of your payout', '€200.00'],
    ['nl', 'Overzicht van je uitbetaling', '€ 200,00'],
  ] as const)(
    'the creator gets the statement of its part with the PDF attached, in its language (%s), once',
    async (language, subject, part) => {
      const { creator, id } = await splitRequest(language);
      const statements = (await mailsTo(creator.email)).filter(
        (m) => m.subject === subject,
      );
      expect(statements).toHaveLength(1);
      const [mail] = statements;
      // Intl writes a no-break space between € and the amount in Dutch.
      expect(mail!.text!.replace(/\u00a0/g, ' ')).toContain(part);
      const [pdf] = mail!.attachments;
      expect(pdf!.contentType).toBe('application/pdf');
      const [text, ...more] = await pdfPages(new Uint8Array(pdf!.content));
      expect(more).toHaveLength(0);
      expect(text!.replace(/\u00a0/g, ' ')).toContain(part);
      expect(text).toContain('Split reel');
      expect(`${mail!.text}${mail!.html}${text}`).not.toMatch(
        /\b(pi|ch|tr|re)_[A-Za-z0-9_]{10,}/,
      );

      // A repeat delivery of the request's events mails nothing again.
      for (const event of await t.ctx.store.readStream(`payment-request-${id}`))
        await t.ctx.notifications.reactor.handle(event);
      expect(
        (await mailsTo(creator.email)).filter((m) => m.subject === subject),
      ).toHaveLength(1);
    },
  );

  it('a deal released to a creator who accepted signed in: the release mail and the statement both arrive', async () => {
    const creator = await creatorIn('en');
    const brand = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token, {
      title: 'Account reel',
    });
    await payDeal(t.app, t.ctx, brand.token, id);
    const link = await acceptAndConnect(t.app, t.ctx, brand.token, id, {
      email: creator.email,
      headers: bearer(creator.token),
    });
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/api/deals/deliver/${link}`,
      headers: { ...claimHeader(link), ...bearer(creator.token) },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const released = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${id}/release`,
      headers: bearer(brand.token),
    });
    expect(released.statusCode, released.body).toBe(200);
    await react();
    const subjects = (await mailsTo(creator.email)).map((m) => m.subject);
    expect(
      subjects.filter((s) => s === 'Statement of your payout'),
    ).toHaveLength(1);
    expect(subjects.length).toBeGreaterThan(1);
    const [statement] = (await mailsTo(creator.email)).filter(
      (m) => m.subject === 'Statement of your payout',
    );
    const [text] = await pdfPages(
      new Uint8Array(statement!.attachments[0]!.content),
    );
    expect(text).toContain(`S-D${id}`);
  });
});
