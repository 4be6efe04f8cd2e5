import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyDocumentDto } from '@machines/contract/money-api';
import { layoutMoneyDocument } from '@machines/documents/document-layout';
import { pdfPages } from '@tests/support/pdf-text';
import {
  acceptAndConnect,
  claimHeader,
  createPaidRequest,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  losePartOfCharge,
  paymentPageTool,
  registerUser,
  threeMilestonePlan,
  type TestApp,
} from '@tests/support/test-app';

/*
 * The receipt and the statement of a deal or request a card chargeback was lost on, provoked on
 * the simulated gateway's test-mode page: they say what the card issuer took back, so their
 * amounts add up, and never call a charged-back milestone refunded (no refund was made).
 */
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'idempotency-key': `${url}-${Math.random()}` },
  });

async function json(url: string, headers: Record<string, string>) {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MoneyDocumentDto;
}

/** A document's amounts and milestones as the reader reads them, one `label: value` a line (plain spaces). */
const linesOf = (doc: MoneyDocumentDto, lang: 'en' | 'nl') =>
  layoutMoneyDocument(doc, lang)
    .sections.flatMap((s) => s.lines)
    .map((l) => `${l.label}: ${l.value}`.replace(/\s/g, ' '));

async function pdfText(url: string, headers: Record<string, string>) {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (await pdfPages(new Uint8Array(res.rawPayload))).join('\n');
}

describe('documents after a lost chargeback', () => {
  it('a plan paid out in part, then charged back in full and lost: the milestones it took read charged back, not refunded, in the JSON and the PDF', async () => {
    const { id } = await createDeal(t.app, brand.token, {
      amount: '250',
      milestones: threeMilestonePlan,
    });
    await payDeal(t.app, t.ctx, brand.token, id);
    const link = await acceptAndConnect(t.app, t.ctx, brand.token, id);
    await post(`/api/deals/deliver/${link}/milestones/1`, claimHeader(link));
    expect(
      (await post(`/api/deals/${id}/milestones/1/release`, bearer(brand.token)))
        .statusCode,
    ).toBe(200);
    const sessionId = t.ctx.queries.deals.byId(id)!.context.checkoutSessionId!;
    await paymentPageTool(t, sessionId, 'chargeback');
    await paymentPageTool(t, sessionId, 'lost');
    expect(t.ctx.queries.deals.byId(id)!.status).toBe('completed');

    const receipt = await json(`/api/deals/${id}/receipt`, bearer(brand.token));
    expect(receipt.chargedBackCents).toBe(27_050);
    expect(linesOf(receipt, 'en')).toEqual(
      expect.arrayContaining([
        'Charged back to the brand’s card (chargeback lost): €270.50',
        '1. Story: €100.00 · paid out 2 March 2026',
        '2. TikTok: €80.00 · charged back to the brand’s card',
        '3. Post: €70.00 · charged back to the brand’s card',
      ]),
    );
    const statement = await json(
      `/api/deals/link/${link}/statement`,
      claimHeader(link),
    );
    expect(linesOf(statement, 'nl')).toEqual(
      expect.arrayContaining([
        'Uitbetaald aan de creator: € 100,00',
        '2. TikTok: € 80,00 · teruggeboekt naar de kaart van het merk',
      ]),
    );
    for (const text of [
      await pdfText(
        `/api/deals/${id}/receipt/pdf?lang=nl`,
        bearer(brand.token),
      ),
      await pdfText(
        `/api/deals/link/${link}/statement/pdf?lang=nl`,
        claimHeader(link),
      ),
    ]) {
      expect(text).toContain('teruggeboekt naar de kaart van het merk');
      expect(text).not.toContain('terugbetaald aan het merk');
    }
  });

  it('a chargeback of part of a deal lost, then the rest released: the statement says why the creator got less than the amount', async () => {
    const { id } = await createDeal(t.app, brand.token, { amount: '100' });
    await payDeal(t.app, t.ctx, brand.token, id);
    const link = await acceptAndConnect(t.app, t.ctx, brand.token, id);
    await post(`/api/deals/deliver/${link}`, claimHeader(link));
    const c = t.ctx.queries.deals.byId(id)!.context;
    await losePartOfCharge(t, c, 4000);
    const admin = await createRootAdmin(t);
    expect(
      (await post(`/api/admin/deals/${id}/resume`, bearer(admin))).statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/deals/${id}/release`, bearer(brand.token))).statusCode,
    ).toBe(200);
    await t.ctx.quiesce();

    const statement = await json(
      `/api/deals/link/${link}/statement`,
      claimHeader(link),
    );
    expect(linesOf(statement, 'en')).toEqual(
      expect.arrayContaining([
        'Amount for the creator: €100.00',
        'Total charged to the brand: €108.20',
        'Charged back to the brand’s card (chargeback lost): €40.00',
        'Paid out to the creator: €68.20',
      ]),
    );
    const receipt = await json(`/api/deals/${id}/receipt`, bearer(brand.token));
    expect(linesOf(receipt, 'nl')).toContain(
      'Teruggeboekt naar de kaart van het merk (chargeback verloren): € 40,00',
    );
  });

  it('a payment request charged back in full and lost: the brand’s receipt says so', async () => {
    const creator = await registerUser(t.app);
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    const sessionId =
      t.ctx.queries.requests.byId(id)!.context.checkoutSessionId!;
    await paymentPageTool(t, sessionId, 'chargeback');
    await paymentPageTool(t, sessionId, 'lost');
    const receipt = await json(
      `/api/payment-requests/link/${token}/receipt`,
      claimHeader(token),
    );
    expect(linesOf(receipt, 'en')).toEqual(
      expect.arrayContaining([
        'Total charged to the brand: €420.00',
        'Charged back to the brand’s card (chargeback lost): €420.00',
      ]),
    );
    expect(
      await pdfText(
        `/api/payment-requests/link/${token}/receipt/pdf?lang=nl`,
        claimHeader(token),
      ),
    ).toContain(
      'Teruggeboekt naar de kaart van het merk (chargeback verloren)',
    );
  });

  it('a deal never charged back has no chargeback line', async () => {
    const { id } = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, id);
    const receipt = await json(`/api/deals/${id}/receipt`, bearer(brand.token));
    expect(receipt).not.toHaveProperty('chargedBackCents');
    expect(linesOf(receipt, 'en').join('\n')).not.toMatch(/charged back/i);
  });
});
