import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallBusinessSelfBilling } from '@tests/support/billing-details';
import {
  claimHeader,
  connectPayouts,
  createPaidRequest,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createAuditor,
  createRootAdmin,
  createTestApp,
  registerUser,
  signInAdmin,
  type TestApp,
} from '@tests/support/test-app';
import { pdfPages } from '@tests/support/pdf-text';
import { billingAddress } from '@tests/server/documents/billing-brand';
import { invoiceSellerEnv } from '@tests/support/invoice-seller';

/**
 * A payment request's papers: the paying brand (no account, through its link) gives billing
 * details at checkout or afterwards, and gets the platform's fee invoice, a credit note when fee
 * money goes back, and the creator's self-billed invoice when the creator agreed to self-billing.
 */
let t: TestApp;
let creator: Awaited<ReturnType<typeof registerUser>>;
let adminToken = '';

beforeAll(async () => {
  t = await createTestApp(invoiceSellerEnv);
  creator = await registerUser(t.app);
  await createAuditor(t, await createRootAdmin(t));
  await connectPayouts(t.app, t.ctx, creator.token);
});
afterAll(() => t.close());

/** The brand's browser: its claim secret goes along. */
const asBrand = (
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: claimHeader(token),
    ...(payload ? { payload } : {}),
  });

const billing = (token: string, details: Record<string, unknown>) =>
  asBrand(token, 'PUT', `/api/payment-requests/link/${token}/billing-details`, {
    ...billingAddress,
    ...details,
  });

const invoiceOf = (token: string, kind = 'invoice') =>
  asBrand(token, 'GET', `/api/payment-requests/link/${token}/${kind}`);

async function paidOut(token: string, id: number) {
  const done = await t.app.inject({
    method: 'POST',
    url: `/api/payment-requests/${id}/complete`,
    headers: bearer(creator.token),
    payload: {},
  });
  expect(done.statusCode, done.body).toBe(200);
  const approved = await asBrand(
    token,
    'POST',
    `/api/payment-requests/approve/${token}`,
  );
  expect(approved.statusCode, approved.body).toBe(200);
  await t.ctx.quiesce();
}

describe("a payment request's fee invoice", () => {
  it('given billing details at checkout, when paid, then the Dutch payer is invoiced the 5 % fee with 21 % VAT, numbered in the platform series, readable through the link in Dutch and English', async () => {
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    // Given before the payment had arrived: recorded, then issued with the payment.
    const given = await billing(token, {
      company: 'Acme BV',
      country: 'NL',
      vatId: null,
    });
    expect(given.statusCode, given.body).toBe(200);
    await t.ctx.quiesce();
    const res = await invoiceOf(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      key: `fee:payment-request-${id}`,
      kind: 'invoice',
      subject: { kind: 'payment_request', id },
      brandUserId: null,
      buyer: { name: 'Acme BV', country: 'NL' },
      treatment: 'domestic',
      grossCents: 2_000,
      netCents: 1_653,
      vatCents: 347,
    });
    expect(res.json().number).toMatch(/^2026-\d{6}$/);
    for (const [lang, word] of [
      ['nl', 'Factuur'],
      ['en', 'Invoice'],
    ] as const) {
      const pdf = await asBrand(
        token,
        'GET',
        `/api/payment-requests/link/${token}/invoice/pdf?lang=${lang}`,
      );
      expect(pdf.statusCode).toBe(200);
      const [text, ...more] = await pdfPages(new Uint8Array(pdf.rawPayload));
      expect(more).toHaveLength(0);
      expect(text).toContain(word);
      expect(text).toContain(res.json().number);
    }
    // Another browser with only the link, and a stranger's made-up token, read nothing.
    const stranger = await t.app.inject({
      url: `/api/payment-requests/link/${token}/invoice`,
    });
    expect(stranger.statusCode).toBe(403);
    expect((await invoiceOf('x'.repeat(22))).statusCode).toBe(404);
  });

  it('without billing details the invoice waits (409, EN and NL); a Belgian business given afterwards gets reverse charge, issued once', async () => {
    const { token } = await createPaidRequest(t.app, t.ctx, creator.token);
    const waiting = await invoiceOf(token);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({
      code: 'payment_request_invoice_not_yet',
    });
    const nl = await t.app.inject({
      url: `/api/payment-requests/link/${token}/invoice`,
      headers: { ...claimHeader(token), 'accept-language': 'nl' },
    });
    expect(nl.json().message).toContain('factuurgegevens');
    const wrong = await billing(token, {
      company: 'Gent Media BV',
      country: 'BE',
      vatId: 'NL12',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'vat_id_invalid' });
    const right = await billing(token, {
      company: 'Gent Media BV',
      country: 'BE',
      vatId: 'BE0123456789',
    });
    expect(right.statusCode, right.body).toBe(200);
    await t.ctx.quiesce();
    const invoice = (await invoiceOf(token)).json();
    expect(invoice).toMatchObject({
      treatment: 'reverse_charge',
      netCents: 2_000,
      vatCents: 0,
    });
    expect(
      (
        await asBrand(
          token,
          'GET',
          `/api/payment-requests/link/${token}/billing-details`,
        )
      ).json(),
    ).toMatchObject({
      billingDetails: { company: 'Gent Media BV', vatId: 'BE0123456789' },
    });
    // Changing the details later leaves the issued invoice as it was.
    await billing(token, {
      company: 'Renamed BV',
      country: 'BE',
      vatId: 'BE0123456789',
    });
    await t.ctx.quiesce();
    expect((await invoiceOf(token)).json()).toEqual(invoice);
  });
});

describe('credit notes and self-billed invoices of a request', () => {
  it('given a disputed request, when an admin splits it, then a credit note returns the fee share not kept, referencing the invoice', async () => {
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    await billing(token, { company: 'Acme BV', country: 'NL', vatId: null });
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/payment-requests/${id}/complete`,
      headers: bearer(creator.token),
      payload: {},
    });
    expect(done.statusCode).toBe(200);
    const opened = await asBrand(
      token,
      'POST',
      `/api/payment-requests/dispute/${token}`,
      {
        reason: 'Not as agreed',
      },
    );
    expect(opened.statusCode, opened.body).toBe(200);
    adminToken = await signInAdmin(t.app);
    const split = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payment-requests/${id}/split`,
      headers: bearer(adminToken),
      payload: { creatorCents: 20_000 },
    });
    expect(split.statusCode, split.body).toBe(200);
    await t.ctx.quiesce();
    const invoice = (await invoiceOf(token)).json();
    const credit = await invoiceOf(token, 'credit-note');
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json()).toMatchObject({
      kind: 'credit_note',
      corrects: invoice.number,
      grossCents: 1_000,
      subject: { kind: 'payment_request', id },
    });
    // Admins and auditors read it too.
    const admin = await t.app.inject({
      url: `/api/admin/credit-notes/payment-request/${id}`,
      headers: bearer(adminToken),
    });
    expect(admin.statusCode, admin.body).toBe(200);
  });

  it('given a creator who agreed to self-billing, when the request pays out, then the brand and the creator read the self-billed invoice; without the agreement there is none', async () => {
    const before = await createPaidRequest(t.app, t.ctx, creator.token);
    await billing(before.token, {
      company: 'Acme BV',
      country: 'NL',
      vatId: null,
    });
    await paidOut(before.token, before.id);
    const none = await invoiceOf(before.token, 'self-billed-invoice');
    expect(none.json()).toMatchObject({
      code: 'payment_request_self_billed_invoice_not_yet',
    });

    const agreed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/self-billing',
      headers: bearer(creator.token),
      payload: smallBusinessSelfBilling,
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    await billing(token, { company: 'Acme BV', country: 'NL', vatId: null });
    await paidOut(token, id);
    const brandCopy = await invoiceOf(token, 'self-billed-invoice');
    expect(brandCopy.statusCode, brandCopy.body).toBe(200);
    expect(brandCopy.json()).toMatchObject({
      kind: 'self_billed',
      seller: { name: 'Sam Creates' },
      buyer: { name: 'Acme BV' },
      treatment: 'small_business',
      grossCents: 40_000,
      vatCents: 0,
    });
    expect(brandCopy.json().number).toMatch(/^SB-2026-\d{6}$/);
    const creatorCopy = await t.app.inject({
      url: `/api/payment-requests/${id}/self-billed-invoice`,
      headers: bearer(creator.token),
    });
    expect(creatorCopy.json()).toEqual(brandCopy.json());
    const other = await registerUser(t.app);
    const refused = await t.app.inject({
      url: `/api/payment-requests/${id}/self-billed-invoice`,
      headers: bearer(other.token),
    });
    expect(refused.statusCode).toBe(404);

    // The creator's pages link it by reference: the same invoice, JSON and PDF, for the creator only.
    const refsOf = (requestId: number, token: string) =>
      t.app.inject({
        url: `/api/payment-requests/${requestId}/documents`,
        headers: bearer(token),
      });
    const refs = (await refsOf(id, creator.token)).json() as Record<
      string,
      string
    >;
    expect(Object.keys(refs).sort()).toEqual([
      'self-billed-invoice',
      'statement',
    ]);
    const byRef = (ref: string, token: string, pdf = '') =>
      t.app.inject({
        url: `/api/documents/${ref}${pdf}`,
        headers: bearer(token),
      });
    const selfBilledRef = refs['self-billed-invoice']!;
    expect(selfBilledRef).toMatch(/^[0-9a-f]{32}$/);
    expect((await byRef(selfBilledRef, creator.token)).json()).toEqual(
      brandCopy.json(),
    );
    expect((await byRef(selfBilledRef, creator.token, '/pdf')).statusCode).toBe(
      200,
    );
    expect((await byRef(refs.statement!, creator.token)).json()).toMatchObject({
      kind: 'statement',
      id,
    });
    for (const ref of Object.values(refs)) {
      const stranger = await byRef(ref, other.token);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toMatchObject({ code: 'document_not_found' });
      expect((await byRef(ref, other.token, '/pdf')).statusCode).toBe(404);
    }
    expect((await refsOf(id, other.token)).statusCode).toBe(404);
    // Without the agreement at its payout, the earlier request's reference answers as its id route.
    const earlier = (await refsOf(before.id, creator.token)).json() as Record<
      string,
      string
    >;
    const notYet = await byRef(earlier['self-billed-invoice']!, creator.token);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({
      code: 'payment_request_self_billed_invoice_not_yet',
    });
  });
});
