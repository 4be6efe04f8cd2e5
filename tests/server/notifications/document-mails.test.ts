import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimHeader,
  claimSecrets,
  createPaidRequest,
  deliverPaidDeal,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import {
  billingAddress,
  brandWith,
} from '@tests/server/documents/billing-brand';
import { invoiceSellerEnv } from '@tests/support/invoice-seller';
import { pdfPages } from '@tests/support/pdf-text';
import { reactorMails } from '@tests/server/notifications/reactor-mails';

/*
 * Documents by e-mail: the notifications reactor, fed the recorded events, mails each issued
 * document to its reader with the PDF attached (the test-mode mail folder holds the very MIME
 * message nodemailer built), in the reader's language, once.
 */
let t: TestApp;
const { react, mailsTo } = reactorMails(() => t);

beforeAll(async () => {
  t = await createTestApp(invoiceSellerEnv);
});
afterAll(() => t.close());

async function setLanguage(token: string, language: 'en' | 'nl', email = true) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/user/notification-preferences',
    headers: bearer(token),
    payload: { push: true, email, language },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function paidDealOf(
  token: string,
): Promise<{ id: number; number: string }> {
  const { id } = await createDeal(t.app, token, { title: 'Spring reel' });
  await payDeal(t.app, t.ctx, token, id);
  await t.ctx.quiesce();
  const invoice = await t.ctx.invoices.findForDeal(
    id,
    '2026-03-02T09:00:00.000Z',
  );
  expect(invoice).not.toBeNull();
  return { id, number: invoice!.number };
}

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload ? { payload } : {}),
  });

/** The link's holder confirms an address with the code mailed to it. */
async function confirmLinkEmail(link: string, secret: string, email: string) {
  const claim = { 'x-claim-secret': secret };
  const sent = await post(`/api/deals/link/${link}/email/code`, claim, {
    email,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const mail = t.ctx.notifications.mail;
  const codeMail = mail.list().find((m) => m.to === email)!;
  const code = /\b(\d{6})\b/.exec(mail.read(codeMail.name)!.text)![1];
  const confirmed = await post(`/api/deals/link/${link}/email/confirm`, claim, {
    code,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

describe('documents by e-mail', () => {
  it.each([
    ['en', 'Invoice', 'Our invoice'],
    ['nl', 'Factuur', 'Onze factuur'],
  ] as const)(
    'the brand gets its fee invoice with the PDF attached, in its language (%s)',
    async (language, title, body) => {
      const brand = await brandWith(t, {
        company: 'Acme BV',
        country: 'NL',
        vatId: null,
      });
      await setLanguage(brand.token, language);
      const { id, number } = await paidDealOf(brand.token);
      await react();
      const mails = (await mailsTo(brand.email)).filter(
        (m) => m.subject === `${title} ${number}`,
      );
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.text).toContain(body);
      // The mail links the invoice's page by its reference, never by the deal's id.
      const refs = await t.app.inject({
        url: `/api/deals/${id}/documents`,
        headers: bearer(brand.token),
      });
      expect(mail!.text).toContain(
        `http://app.test/documents/${refs.json().invoice}`,
      );
      expect(mail!.text).not.toContain(`/deals/${id}/`);
      const [pdf] = mail!.attachments;
      expect(pdf!.contentType).toBe('application/pdf');
      expect(pdf!.filename).toBe(`invoice-${number}.pdf`);
      const [text, ...more] = await pdfPages(new Uint8Array(pdf!.content));
      expect(more).toHaveLength(0);
      expect(text).toContain(number);
      expect(text).toContain(title);
      expect(text).toContain(language === 'nl' ? 'Btw 21%' : 'VAT 21%');
      expect(text).toContain('Acme BV');
    },
  );

  it('a repeat delivery of the invoice event sends nothing again', async () => {
    const brand = await brandWith(t, {
      company: 'Twice BV',
      country: 'NL',
      vatId: null,
    });
    await paidDealOf(brand.token);
    const events = await react();
    const issued = events.filter((e) => e.type === 'InvoiceIssued');
    expect(issued.length).toBeGreaterThan(0);
    const before = (await mailsTo(brand.email)).length;
    for (const event of issued) await t.ctx.notifications.reactor.handle(event);
    expect(await mailsTo(brand.email)).toHaveLength(before);
    const invoiceMails = (await mailsTo(brand.email)).filter((m) =>
      /^Invoice /.test(m.subject!),
    );
    expect(invoiceMails).toHaveLength(1);
  });

  it("which documents are e-mailed is the account's choice per kind: receipts off, the payment's mail comes without it; invoices off, no invoice mail", async () => {
    const brand = await brandWith(t, {
      company: 'Choosy BV',
      country: 'NL',
      vatId: null,
    });
    const withReceipt = await paidDealOf(brand.token);
    await react();
    const paymentMail = async () =>
      (await mailsTo(brand.email)).filter(
        (m) => m.subject === 'Payment received',
      );
    const [first] = await paymentMail();
    expect(first!.attachments.map((a) => a.filename)).toEqual([
      `receipt-R-D${withReceipt.id}.pdf`,
    ]);
    const [receiptText] = await pdfPages(
      new Uint8Array(first!.attachments[0]!.content),
    );
    expect(receiptText).toContain(`R-D${withReceipt.id}`);
    // The mail's own words say the receipt is attached (text and HTML).
    expect(first!.text).toContain('Your receipt is attached as a PDF.');
    expect(first!.html).toContain('Your receipt is attached as a PDF.');

    const prefs = await t.app.inject({
      method: 'PUT',
      url: '/api/user/notification-preferences',
      headers: bearer(brand.token),
      payload: { documents: { receipt: false, invoice: false } },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    expect(prefs.json().documents).toEqual({
      receipt: false,
      invoice: false,
      creditNote: true,
      statement: true,
      selfBilled: true,
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/user/notification-preferences',
      headers: bearer(brand.token),
      payload: { documents: { receipt: 'no' } },
    });
    expect(bad.statusCode).toBe(400);
    const without = await paidDealOf(brand.token);
    await react();
    const payments = await paymentMail();
    expect(payments).toHaveLength(2);
    const bare = payments.filter((m) => m.attachments.length === 0);
    expect(bare).toHaveLength(1);
    // Without the receipt the mail does not claim one.
    expect(bare[0]!.text).not.toContain('receipt');
    const invoices = (await mailsTo(brand.email)).filter((m) =>
      /^Invoice /.test(m.subject!),
    );
    expect(invoices.map((m) => m.subject)).toEqual([
      `Invoice ${withReceipt.number}`,
    ]);
    expect(invoices.map((m) => m.subject)).not.toContain(
      `Invoice ${without.number}`,
    );
  });

  it('a Dutch brand’s payment mail says in Dutch that the receipt is attached', async () => {
    const brand = await brandWith(t, {
      company: 'Bijlage BV',
      country: 'NL',
      vatId: null,
    });
    await setLanguage(brand.token, 'nl');
    const { id } = await paidDealOf(brand.token);
    await react();
    const [mail] = (await mailsTo(brand.email)).filter(
      (m) => m.subject === 'Betaling ontvangen',
    );
    expect(mail!.attachments.map((a) => a.filename)).toEqual([
      `receipt-R-D${id}.pdf`,
    ]);
    expect(mail!.text).toContain(
      'Je betalingsbewijs zit als pdf in de bijlage.',
    );
    expect(mail!.html).toContain(
      'Je betalingsbewijs zit als pdf in de bijlage.',
    );
  });

  it('a brand with e-mail off gets no document mail', async () => {
    const brand = await brandWith(t, {
      company: 'Quiet BV',
      country: 'NL',
      vatId: null,
    });
    await setLanguage(brand.token, 'en', false);
    await paidDealOf(brand.token);
    await react();
    expect(await mailsTo(brand.email)).toHaveLength(0);
  });

  it('the link creator gets the statement of its payout at the address it confirmed, in the language it accepted in, without the claim secret or a payment id', async () => {
    const brand = await brandWith(t, {
      company: 'Payout BV',
      country: 'NL',
      vatId: null,
    });
    const { id } = await createDeal(t.app, brand.token, {
      title: 'Summer reel',
    });
    const link = await deliverPaidDeal(t.app, t.ctx, brand.token, id);
    const secret = claimSecrets.get(link)!;
    const email = `creator-${id}@creator.example`;
    await confirmLinkEmail(link, secret, email);
    await react();
    const release = await post(`/api/deals/${id}/release`, bearer(brand.token));
    expect(release.statusCode, release.body).toBe(200);
    await react();
    const mails = (await mailsTo(email)).filter(
      (m) => m.attachments.length > 0,
    );
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Statement of your payout');
    expect(mail!.text).toContain(`http://app.test/accept/${link}/statement`);
    const raw = `${mail!.text}${mail!.html}`;
    expect(raw).not.toContain(secret);
    expect(raw).not.toMatch(/\b(pi|ch|tr)_[A-Za-z0-9_]{10,}/);
    const [text] = await pdfPages(
      new Uint8Array(mail!.attachments[0]!.content),
    );
    expect(text).toContain(`S-D${id}`);
    expect(text).not.toMatch(/\b(pi|ch|tr)_[A-Za-z0-9_]{10,}/);
    // A repeat of the release sends nothing again.
    const events = await t.ctx.store.readStream(`deal-${id}`);
    for (const event of events.filter((e) => e.type === 'FundsReleased'))
      await t.ctx.notifications.reactor.handle(event);
    expect(
      (await mailsTo(email)).filter((m) => m.attachments.length > 0),
    ).toHaveLength(1);
  });

  it("a payment request's payer, without an account, gets the fee invoice at the address the request went to, linking the request's document page", async () => {
    const creator = await registerUser(t.app);
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    const given = await t.app.inject({
      method: 'PUT',
      url: `/api/payment-requests/link/${token}/billing-details`,
      headers: claimHeader(token),
      payload: {
        ...billingAddress,
        company: 'Acme BV',
        country: 'NL',
        vatId: null,
      },
    });
    expect(given.statusCode, given.body).toBe(200);
    await react();
    const invoice = await t.ctx.invoices.findForRequest(
      id,
      '2026-03-02T09:00:00.000Z',
    );
    const mails = (await mailsTo('marketing@acme.example')).filter(
      (m) => m.subject === `Invoice ${invoice!.number}`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      `http://app.test/pay-request/${token}/invoice`,
    );
    const [text] = await pdfPages(
      new Uint8Array(mails[0]!.attachments[0]!.content),
    );
    expect(text).toContain(invoice!.number);
    expect(text).toContain('Acme BV');
  });
});
