import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealDto } from '@machines/contract/api';
import { REDACTED } from '@machines/contract/money-api';
import {
  claimHeader,
  createPaidRequest,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import { invoiceSellerEnv } from '@tests/support/invoice-seller';
import { pdfPages } from '@tests/support/pdf-text';

/** Documents by unguessable reference: only their party reads them; nothing in the URL counts up. */
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;
let dealId = 0;

beforeAll(async () => {
  t = await createTestApp(invoiceSellerEnv);
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
  other = await registerUser(t.app, { companyName: 'Other BV' });
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/user/billing-details',
    headers: bearer(brand.token),
    payload: {
      company: 'Acme BV',
      addressLines: ['Damrak 1'],
      postcode: '1012 LG',
      city: 'Amsterdam',
      country: 'NL',
      vatId: null,
    },
  });
  expect(saved.statusCode).toBe(200);
  dealId = (await createDeal(t.app, brand.token)).id;
  await payDeal(t.app, t.ctx, brand.token, dealId);
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? bearer(token) : {} });

describe('document references', () => {
  it("the brand reads its deal's receipt and invoice by reference, JSON and PDF; others get 404", async () => {
    const listed = await get(`/api/deals/${dealId}/documents`, brand.token);
    expect(listed.statusCode, listed.body).toBe(200);
    const refs = listed.json() as Record<string, string>;
    expect(Object.keys(refs).sort()).toEqual([
      'credit-note',
      'invoice',
      'receipt',
      'self-billed-invoice',
    ]);
    for (const ref of Object.values(refs))
      expect(ref).toMatch(/^[0-9a-f]{32}$/);
    // The next deal's references share nothing with these: no counting up from a known one.
    const next = (await createDeal(t.app, brand.token)).id;
    const nextRefs = (
      await get(`/api/deals/${next}/documents`, brand.token)
    ).json() as Record<string, string>;
    expect(nextRefs.receipt!.slice(0, 8)).not.toBe(refs.receipt!.slice(0, 8));
    const receipt = await get(`/api/documents/${refs.receipt}`, brand.token);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({
      kind: 'receipt',
      id: dealId,
      brand: 'Acme BV',
    });
    const invoice = await get(`/api/documents/${refs.invoice}`, brand.token);
    expect(invoice.json()).toMatchObject({
      kind: 'invoice',
      treatment: 'domestic',
    });
    // No fee money went back: the credit note is not there yet, as by its id route.
    const credit = await get(
      `/api/documents/${refs['credit-note']}`,
      brand.token,
    );
    expect(credit.statusCode).toBe(409);
    expect(credit.json()).toMatchObject({ code: 'deal_credit_note_not_yet' });
    // Nothing paid out under a self-billing agreement: no self-billed invoice either.
    const selfBilled = await get(
      `/api/documents/${refs['self-billed-invoice']}`,
      brand.token,
    );
    expect(selfBilled.statusCode).toBe(409);
    expect(selfBilled.json()).toMatchObject({
      code: 'deal_self_billed_invoice_not_yet',
    });

    for (const lang of ['en', 'nl'] as const) {
      const pdf = await get(
        `/api/documents/${refs.invoice}/pdf?lang=${lang}`,
        brand.token,
      );
      expect(pdf.statusCode).toBe(200);
      const [text] = await pdfPages(new Uint8Array(pdf.rawPayload));
      expect(text).toContain(lang === 'en' ? 'Invoice' : 'Factuur');
    }

    // Another brand, a stranger and a made-up reference: 404 or 401, never the document.
    expect(
      (await get(`/api/documents/${refs.receipt}`, other.token)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/documents/${refs.receipt}/pdf`, other.token)).statusCode,
    ).toBe(404);
    expect((await get(`/api/documents/${refs.receipt}`)).statusCode).toBe(401);
    const madeUp = await get(`/api/documents/${'0'.repeat(32)}`, brand.token);
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.json()).toMatchObject({ code: 'document_not_found' });
    expect(
      (await get(`/api/deals/${dealId}/documents`, other.token)).statusCode,
    ).toBe(404);
    // The id route, which checks its reader, keeps working for old links.
    expect(
      (await get(`/api/deals/${dealId}/receipt`, brand.token)).statusCode,
    ).toBe(200);
    expect(
      (await get(`/api/deals/${dealId}/receipt`, other.token)).statusCode,
    ).toBe(404);
  });

  it("the brand's deal answers carry its receipt's reference (the card links it); nobody else's do", async () => {
    const refs = (
      await get(`/api/deals/${dealId}/documents`, brand.token)
    ).json() as {
      receipt: string;
    };
    const deal = (
      await get(`/api/deals/${dealId}`, brand.token)
    ).json() as DealDto;
    expect(deal.receiptRef).toBe(refs.receipt);
    const listed = (await get('/api/deals', brand.token)).json() as DealDto[];
    expect(listed.find((d) => d.id === dealId)?.receiptRef).toBe(refs.receipt);
    // Not paid yet: no receipt, so no reference.
    const unpaid = (await createDeal(t.app, brand.token)).id;
    expect(listed.find((d) => d.id === unpaid)).toBeUndefined();
    const fresh = (await get('/api/deals', brand.token)).json() as DealDto[];
    expect(fresh.find((d) => d.id === unpaid)?.receiptRef).toBeNull();
    // The creator's link answer names no reference of the brand's documents.
    const shared = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/generate-token`,
      headers: bearer(brand.token),
    });
    const token =
      deal.shareableToken ?? (shared.json() as { token: string }).token;
    const link = await get(`/api/deals/token/${token}`);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).not.toHaveProperty('receiptRef');
  });

  it("the creator's request statement by reference; the brand's link receipt shows no payment ids", async () => {
    const creator = await registerUser(t.app, { companyName: 'Sanne Creates' });
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    const refs = (
      await get(`/api/payment-requests/${id}/documents`, creator.token)
    ).json() as {
      statement: string;
    };
    expect(refs.statement).toMatch(/^[0-9a-f]{32}$/);
    // Not paid out yet: the statement route's own refusal.
    expect(
      (await get(`/api/documents/${refs.statement}`, creator.token)).statusCode,
    ).toBe(409);
    expect(
      (await get(`/api/documents/${refs.statement}`, brand.token)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/payment-requests/${id}/documents`, brand.token))
        .statusCode,
    ).toBe(404);
    const link = await t.app.inject({
      url: `/api/payment-requests/link/${token}/receipt`,
      headers: claimHeader(token),
    });
    expect(link.json()).toMatchObject({ reference: REDACTED, method: null });
  });
});
