import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../../server/event-store/event-store';
import { payDeal } from '../api/flow-helpers';
import { bearer, createDeal, createTestApp, type TestApp } from '../api/test-app';
import { brandWith } from '../documents/billing-brand';
import { invoiceSellerEnv } from '../../support/invoice-seller';
import { pdfPages } from '../../support/pdf-text';

/*
 * Documents by e-mail: the notifications reactor, fed the recorded events, mails each issued
 * document to its reader with the PDF attached (the test-mode mail folder holds the very MIME
 * message nodemailer built), in the reader's language, once.
 */
let t: TestApp;
let fed = 0;

beforeAll(async () => {
  t = await createTestApp(invoiceSellerEnv);
});
afterAll(() => t.close());

/** Feeds the notifications reactor every event since the last call; returns those it was fed. */
async function react(): Promise<RecordedEvent[]> {
  await t.ctx.quiesce();
  const events = await t.ctx.store.readAll({ after: fed });
  for (const event of events) {
    await t.ctx.notifications.reactor.handle(event);
    fed = Math.max(fed, event.position);
  }
  return events;
}

const mailsTo = async (email: string): Promise<ParsedMail[]> => {
  const mail = t.ctx.notifications.mail;
  const stored = mail.list().filter((m) => m.to === email);
  return Promise.all(stored.map((m) => simpleParser(mail.read(m.name)!.raw)));
};

async function setLanguage(token: string, language: 'en' | 'nl', email = true) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/user/notification-preferences',
    headers: bearer(token),
    payload: { push: true, email, language },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function paidDealOf(token: string): Promise<{ id: number; number: string }> {
  const { id } = await createDeal(t.app, token, { title: 'Spring reel' });
  await payDeal(t.app, t.ctx, token, id);
  await t.ctx.quiesce();
  const invoice = await t.ctx.invoices.findForDeal(id, '2026-03-02T09:00:00.000Z');
  expect(invoice).not.toBeNull();
  return { id, number: invoice!.number };
}

describe('documents by e-mail', () => {
  it.each([
    ['en', 'Invoice', 'Our invoice'],
    ['nl', 'Factuur', 'Onze factuur'],
  ] as const)(
    'the brand gets its fee invoice with the PDF attached, in its language (%s)',
    async (language, title, body) => {
      const brand = await brandWith(t, { company: 'Acme BV', country: 'NL', vatId: null });
      await setLanguage(brand.token, language);
      const { id, number } = await paidDealOf(brand.token);
      await react();
      const mails = (await mailsTo(brand.email)).filter((m) => m.attachments.length > 0);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.subject).toBe(`${title} ${number}`);
      expect(mail!.text).toContain(body);
      expect(mail!.text).toContain(`http://app.test/deals/${id}/invoice`);
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
    const brand = await brandWith(t, { company: 'Twice BV', country: 'NL', vatId: null });
    await paidDealOf(brand.token);
    const events = await react();
    const issued = events.filter((e) => e.type === 'InvoiceIssued');
    expect(issued.length).toBeGreaterThan(0);
    const before = (await mailsTo(brand.email)).length;
    for (const event of issued) await t.ctx.notifications.reactor.handle(event);
    expect(await mailsTo(brand.email)).toHaveLength(before);
    expect((await mailsTo(brand.email)).filter((m) => m.attachments.length)).toHaveLength(1);
  });

  it('a brand with e-mail off gets no document mail', async () => {
    const brand = await brandWith(t, { company: 'Quiet BV', country: 'NL', vatId: null });
    await setLanguage(brand.token, 'en', false);
    await paidDealOf(brand.token);
    await react();
    expect(await mailsTo(brand.email)).toHaveLength(0);
  });
});
