import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payDeal } from '../api/flow-helpers';
import { bearer, createDeal, createTestApp, registerUser, type TestApp } from '../api/test-app';
import { invoiceSellerEnv } from '../../support/invoice-seller';

/** The platform's fee invoice to the brand of a paid deal: VAT per the buyer, waiting for billing details. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(invoiceSellerEnv);
});
afterAll(() => t.close());

const address = { addressLines: ['Damrak 1'], postcode: '1012 LG', city: 'Amsterdam' };
async function brandWith(details: Record<string, unknown> | null) {
  const brand = await registerUser(t.app);
  if (details) {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/billing-details',
      headers: bearer(brand.token),
      payload: { ...address, ...details },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return brand;
}
async function paidDeal(token: string) {
  const { id } = await createDeal(t.app, token);
  await payDeal(t.app, t.ctx, token, id);
  await t.ctx.quiesce();
  return id;
}
const invoiceOf = (id: number) => t.ctx.invoices.findForDeal(id, '2026-03-02T09:00:00.000Z');

describe('fee invoices', () => {
  it('a Dutch brand is invoiced the fee with 21 % VAT included, from the configured seller', async () => {
    const brand = await brandWith({ company: 'Acme BV', country: 'NL', vatId: 'NL123456789B01' });
    const id = await paidDeal(brand.token);
    const invoice = await invoiceOf(id);
    expect(invoice).toMatchObject({
      key: `fee:deal-${id}`,
      kind: 'invoice',
      subject: { kind: 'deal', id },
      brandUserId: brand.userId,
      suppliedAt: '2026-03-02T09:00:00.000Z',
      seller: { name: 'Escrow Deals B.V.', kvk: '12345678', vatId: 'NL123456789B01' },
      buyer: { name: 'Acme BV', address: 'Damrak 1, 1012 LG Amsterdam', country: 'NL' },
      treatment: 'domestic',
      grossCents: 2_050,
      netCents: 1_694,
      vatCents: 356,
      vatRateBps: 2_100,
    });
    expect(invoice!.number).toMatch(/^2026-\d{6}$/);
  });

  it('a Belgian business brand is invoiced the whole fee net, VAT reverse-charged, with both VAT ids', async () => {
    const brand = await brandWith({
      company: 'Gent Media BV',
      country: 'BE',
      vatId: 'BE0123456789',
    });
    const id = await paidDeal(brand.token);
    expect(await invoiceOf(id)).toMatchObject({
      seller: { vatId: 'NL123456789B01' },
      buyer: { name: 'Gent Media BV', country: 'BE', vatId: 'BE0123456789' },
      treatment: 'reverse_charge',
      grossCents: 2_050,
      netCents: 2_050,
      vatCents: 0,
      vatRateBps: 0,
    });
  });

  it('outside the EU no VAT; a Belgian buyer without a VAT id pays Dutch VAT', async () => {
    const us = await brandWith({ company: 'Hollywood LLC', country: 'US', vatId: null });
    expect(await invoiceOf(await paidDeal(us.token))).toMatchObject({
      treatment: 'outside_eu',
      vatCents: 0,
    });
    const person = await brandWith({ company: 'Jan Peeters', country: 'BE', vatId: null });
    expect(await invoiceOf(await paidDeal(person.token))).toMatchObject({
      treatment: 'domestic',
      vatCents: 356,
    });
  });

  it('without billing details the invoice waits and is issued, once, when they are given', async () => {
    const brand = await brandWith(null);
    const id = await paidDeal(brand.token);
    expect(await invoiceOf(id)).toBeNull();
    const save = (company: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/billing-details',
        headers: bearer(brand.token),
        payload: { ...address, company, country: 'NL', vatId: null },
      });
    expect((await save('Late BV')).statusCode).toBe(200);
    await t.ctx.quiesce();
    const invoice = await invoiceOf(id);
    expect(invoice).toMatchObject({ buyer: { name: 'Late BV' }, vatCents: 356 });
    // Changing the details later does not change or repeat an issued invoice.
    expect((await save('Renamed BV')).statusCode).toBe(200);
    await t.ctx.quiesce();
    expect(await invoiceOf(id)).toEqual(invoice);
    const year = await t.ctx.store.readStream('invoices-2026');
    expect(year.filter((e) => (e.data as { key: string }).key === `fee:deal-${id}`)).toHaveLength(
      1,
    );
  });
});
