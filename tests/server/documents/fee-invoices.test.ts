import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverPaidDeal, payDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  type TestApp,
} from '@tests/support/test-app';
import { pdfPages } from '@tests/support/pdf-text';
import { billingAddress, brandWith as brandWithDetails } from './billing-brand';
import { invoiceSellerEnv } from '@tests/support/invoice-seller';

/** The platform's fee invoice to the brand of a paid deal: VAT per the buyer, waiting for billing details. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(invoiceSellerEnv);
});
afterAll(() => t.close());

const brandWith = (details: Record<string, unknown> | null) =>
  brandWithDetails(t, details);
const address = billingAddress;
async function paidDeal(token: string) {
  const { id } = await createDeal(t.app, token);
  await payDeal(t.app, t.ctx, token, id);
  await t.ctx.quiesce();
  return id;
}
const invoiceOf = (id: number) =>
  t.ctx.invoices.findForDeal(id, '2026-03-02T09:00:00.000Z');

describe('fee invoices', () => {
  it('a Dutch brand is invoiced the fee with 21 % VAT included, from the configured seller', async () => {
    const brand = await brandWith({
      company: 'Acme BV',
      country: 'NL',
      vatId: 'NL123456789B01',
    });
    const id = await paidDeal(brand.token);
    const invoice = await invoiceOf(id);
    expect(invoice).toMatchObject({
      key: `fee:deal-${id}`,
      kind: 'invoice',
      subject: { kind: 'deal', id },
      brandUserId: brand.userId,
      suppliedAt: '2026-03-02T09:00:00.000Z',
      seller: {
        name: 'Escrow Deals B.V.',
        kvk: '12345678',
        vatId: 'NL123456789B01',
      },
      buyer: {
        name: 'Acme BV',
        address: 'Damrak 1, 1012 LG Amsterdam',
        country: 'NL',
      },
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
    const us = await brandWith({
      company: 'Hollywood LLC',
      country: 'US',
      vatId: null,
    });
    expect(await invoiceOf(await paidDeal(us.token))).toMatchObject({
      treatment: 'outside_eu',
      vatCents: 0,
    });
    const person = await brandWith({
      company: 'Jan Peeters',
      country: 'BE',
      vatId: null,
    });
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
    expect(invoice).toMatchObject({
      buyer: { name: 'Late BV' },
      vatCents: 356,
    });
    // Changing the details later does not change or repeat an issued invoice.
    expect((await save('Renamed BV')).statusCode).toBe(200);
    await t.ctx.quiesce();
    expect(await invoiceOf(id)).toEqual(invoice);
    const year = await t.ctx.store.readStream('invoices-2026');
    expect(
      year.filter((e) => (e.data as { key: string }).key === `fee:deal-${id}`),
    ).toHaveLength(1);
  });
});

describe('the invoice as a document', () => {
  it('the brand reads its invoice as JSON and as a PDF in Dutch and English; another brand and strangers get 404', async () => {
    const brand = await brandWith({
      company: 'Acme BV',
      country: 'NL',
      vatId: 'NL123456789B01',
    });
    const other = await brandWith(null);
    const id = await paidDeal(brand.token);
    const json = await t.app.inject({
      url: `/api/deals/${id}/invoice`,
      headers: bearer(brand.token),
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({
      kind: 'invoice',
      vatCents: 356,
      treatment: 'domestic',
    });
    const number = (json.json() as { number: string }).number;

    const nl = await t.app.inject({
      url: `/api/deals/${id}/invoice/pdf?lang=nl`,
      headers: bearer(brand.token),
    });
    expect(nl.statusCode).toBe(200);
    expect(nl.headers['content-type']).toBe('application/pdf');
    expect(nl.headers['content-disposition']).toContain(
      `invoice-${number}.pdf`,
    );
    const [nlText, ...more] = await pdfPages(new Uint8Array(nl.rawPayload));
    expect(more).toHaveLength(0);
    expect(nlText).toContain('Factuur');
    expect(nlText).toContain(number);
    expect(nlText).toContain('Btw 21%');
    expect(nlText).toContain('€ 3,56');
    expect(nlText).toContain('Acme BV');
    expect(nlText).toContain('KvK-nummer');
    const [enText] = await pdfPages(
      new Uint8Array(
        (
          await t.app.inject({
            url: `/api/deals/${id}/invoice/pdf?lang=en`,
            headers: bearer(brand.token),
          })
        ).rawPayload,
      ),
    );
    expect(enText).toContain('Invoice');
    expect(enText).toContain('VAT 21%');
    expect(enText).toContain('€3.56');

    for (const headers of [bearer(other.token)]) {
      expect(
        (await t.app.inject({ url: `/api/deals/${id}/invoice`, headers }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ url: `/api/deals/${id}/invoice/pdf`, headers }))
          .statusCode,
      ).toBe(404);
    }
    expect(
      (await t.app.inject({ url: `/api/deals/${id}/invoice` })).statusCode,
    ).toBe(401);
  });

  it('a Belgian business brand’s PDF says VAT reverse-charged with both VAT ids; admins read it too', async () => {
    const brand = await brandWith({
      company: 'Gent Media BV',
      country: 'BE',
      vatId: 'BE0123456789',
    });
    const id = await paidDeal(brand.token);
    const [text] = await pdfPages(
      new Uint8Array(
        (
          await t.app.inject({
            url: `/api/deals/${id}/invoice/pdf?lang=nl`,
            headers: bearer(brand.token),
          })
        ).rawPayload,
      ),
    );
    expect(text).toContain('Btw verlegd');
    expect(text).toContain('BE0123456789');
    expect(text).toContain('NL123456789B01');
    const admin = await createRootAdmin(t);
    const read = await t.app.inject({
      url: `/api/admin/invoices/deal/${id}`,
      headers: bearer(admin),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ treatment: 'reverse_charge' });
    expect(
      (
        await t.app.inject({
          url: `/api/admin/invoices/deal/${id}`,
          headers: bearer(brand.token),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('409 with its code before payment and while the invoice waits for billing details', async () => {
    const brand = await brandWith(null);
    const { id } = await createDeal(t.app, brand.token);
    const unpaid = await t.app.inject({
      url: `/api/deals/${id}/invoice`,
      headers: bearer(brand.token),
    });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({ code: 'deal_invoice_not_yet' });
    await payDeal(t.app, t.ctx, brand.token, id);
    const waiting = await t.app.inject({
      url: `/api/deals/${id}/invoice`,
      headers: { ...bearer(brand.token), 'accept-language': 'nl' },
    });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toContain('factuurgegevens');
    const noCredit = await t.app.inject({
      url: `/api/deals/${id}/credit-note`,
      headers: bearer(brand.token),
    });
    expect(noCredit.json()).toMatchObject({ code: 'deal_credit_note_not_yet' });
  });
});

describe('credit notes', () => {
  it('a split after a dispute issues a credit note for the returned fee share, naming the invoice, next in the series', async () => {
    const brand = await brandWith({
      company: 'Acme BV',
      country: 'NL',
      vatId: null,
    });
    const { id } = await createDeal(t.app, brand.token);
    await deliverPaidDeal(t.app, t.ctx, brand.token, id);
    await t.ctx.quiesce();
    const invoice = (await invoiceOf(id))!;
    expect(invoice.grossCents).toBe(2_050);
    const dispute = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${id}/dispute`,
      headers: bearer(brand.token),
      payload: { reason: 'Late' },
    });
    expect(dispute.statusCode, dispute.body).toBe(200);
    const admin = await createRootAdmin(t, 'root-credit', 'root-pass-credit');
    const split = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${id}/split`,
      headers: bearer(admin),
      payload: { creatorCents: 15_000 },
    });
    expect(split.statusCode, split.body).toBe(200);
    await t.ctx.quiesce();

    // The platform keeps 1,230 of the 2,050 fee: 820 goes back, 21 % VAT included.
    const credit = await t.ctx.invoices.findCreditForDeal(
      id,
      '2026-03-02T09:00:00.000Z',
    );
    expect(credit).toMatchObject({
      key: `credit:deal-${id}`,
      kind: 'credit_note',
      corrects: invoice.number,
      buyer: invoice.buyer,
      treatment: 'domestic',
      grossCents: 820,
      netCents: 678,
      vatCents: 142,
      vatRateBps: 2_100,
    });
    expect(credit!.number).not.toBe(invoice.number);
    const numbers = (await t.ctx.store.readStream('invoices-2026')).map(
      (e) => (e.data as { number: string }).number,
    );
    // Numbers follow each other without a gap.
    expect(numbers).toEqual(
      numbers.map((_, i) => `2026-${String(i + 1).padStart(6, '0')}`),
    );
    expect(numbers).toContain(credit!.number);

    const read = await t.app.inject({
      url: `/api/deals/${id}/credit-note`,
      headers: bearer(brand.token),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      kind: 'credit_note',
      corrects: invoice.number,
    });
    const [text] = await pdfPages(
      new Uint8Array(
        (
          await t.app.inject({
            url: `/api/deals/${id}/credit-note/pdf?lang=nl`,
            headers: bearer(brand.token),
          })
        ).rawPayload,
      ),
    );
    expect(text).toContain('Creditnota');
    expect(text).toContain(invoice.number);
    expect(text).toContain('€ -8,20');
    const other = await brandWith(null);
    expect(
      (
        await t.app.inject({
          url: `/api/deals/${id}/credit-note`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});
