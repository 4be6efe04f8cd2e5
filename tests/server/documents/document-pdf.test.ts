import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '@tests/support/pdf-text';
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

/** The server's PDFs: the same document as the JSON, on one A4 page, in the reader's language. */
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
});
afterAll(() => t.close());

async function pdf(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return { pages: await pdfPages(new Uint8Array(res.rawPayload)), res };
}

describe('document PDFs', () => {
  it("the brand's deal receipt in Dutch and English, one page each", async () => {
    const { id } = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, id);

    const nl = await pdf(
      `/api/deals/${id}/receipt/pdf?lang=nl`,
      bearer(brand.token),
    );
    expect(nl.pages).toHaveLength(1);
    expect(nl.res.headers['content-disposition']).toBe(
      `attachment; filename="receipt-R-D${id}.pdf"`,
    );
    const [nlText] = nl.pages;
    for (const words of [
      'Betalingsbewijs',
      `R-D${id}`,
      '2 maart 2026',
      'Acme BV',
      '@sanne.creates',
      'Platformkosten',
      '€ 20,50',
      'Totaal betaald door het merk',
      '€ 270,50',
      'Kaart',
    ])
      expect(nlText).toContain(words);
    expect(nlText).toMatch(/pi_sim_/);

    // Without ?lang the reader's browser language decides.
    const en = await pdf(`/api/deals/${id}/receipt/pdf`, {
      ...bearer(brand.token),
      'accept-language': 'en-GB,en;q=0.8',
    });
    expect(en.pages).toHaveLength(1);
    for (const words of [
      'Receipt',
      '2 March 2026',
      'Platform fee',
      '€270.50',
      'Card',
    ])
      expect(en.pages[0]).toContain(words);
  }, 60_000);

  it('is refused as the JSON is: another brand gets 404, a bad language 400', async () => {
    const other = await registerUser(t.app, { companyName: 'Other BV' });
    const { id } = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, id);
    const url = `/api/deals/${id}/receipt/pdf`;
    expect(
      (await t.app.inject({ url, headers: bearer(other.token) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const bad = await t.app.inject({
      url: `${url}?lang=de`,
      headers: bearer(brand.token),
    });
    expect(bad.statusCode).toBe(400);
  }, 60_000);

  it("a request's receipt through its link shows no payment id", async () => {
    const creator = await registerUser(t.app, { companyName: 'Sanne Creates' });
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    const { pages } = await pdf(
      `/api/payment-requests/link/${token}/receipt/pdf?lang=en`,
      claimHeader(token),
    );
    expect(pages[0]).toContain(`R-P${id}`);
    expect(pages[0]).toContain('€420.00');
    expect(pages[0]).not.toMatch(/pi_sim_|ch_sim_/);
    expect(pages[0]).not.toContain('Reference');
  }, 60_000);
});
