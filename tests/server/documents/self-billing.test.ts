import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptLink,
  claimHeader,
  deliverPaidDeal,
  payDeal,
} from '@tests/support/flow-helpers';
import { isSimulated } from '@server/money/gateway/create-gateway';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import { pdfPages } from '@tests/support/pdf-text';
import { billingAddress, brandWith as brandWithDetails } from './billing-brand';
import { invoiceSellerEnv } from '@tests/support/invoice-seller';
import { testPayoutIdentity } from '@tests/support/payout-identity';

/** Self-billed creator invoices: agreed at bank setup through the deal's link, issued at payout. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(invoiceSellerEnv);
});
afterAll(() => t.close());

const creatorTerms = {
  company: 'Sam Creates',
  addressLines: ['Oudegracht 10'],
  postcode: '3511 AP',
  city: 'Utrecht',
  country: 'NL',
};

const brandWith = (details: Record<string, unknown> | null) =>
  brandWithDetails(t, details);
const address = billingAddress;

/** A delivered deal whose creator (through the link) agreed to these self-billing terms, or none. */
async function deliveredDeal(
  brandToken: string,
  terms: Record<string, unknown> | null,
) {
  const { id } = await createDeal(t.app, brandToken, { title: 'Spring reel' });
  const link = await deliverPaidDeal(t.app, t.ctx, brandToken, id);
  if (terms) {
    const agreed = await agree(link, terms);
    expect(agreed.statusCode, agreed.body).toBe(200);
  }
  return { id, link };
}

const agree = (link: string, terms: Record<string, unknown>, lang = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/deals/link/${link}/self-billing`,
    headers: { ...claimHeader(link), 'accept-language': lang },
    payload: { ...creatorTerms, ...terms },
  });

async function release(brandToken: string, id: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/deals/${id}/release`,
    headers: bearer(brandToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.ctx.quiesce();
}

const selfBilled = (id: number, headers: Record<string, string>, suffix = '') =>
  t.app.inject({
    url: `/api/deals/${id}/self-billed-invoice${suffix}`,
    headers,
  });

async function pdfText(url: string, headers: Record<string, string>) {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const [text, ...more] = await pdfPages(new Uint8Array(res.rawPayload));
  expect(more).toHaveLength(0);
  return {
    text: text!,
    disposition: String(res.headers['content-disposition']),
  };
}

describe('the self-billing agreement', () => {
  it('given an accepted deal, when its creator agrees through the link, then SelfBillingAgreed is recorded with the link as actor, and a revocation with SelfBillingRevoked', async () => {
    const brand = await brandWith(null);
    const { id, link } = await deliveredDeal(brand.token, {
      vatScheme: 'vat',
      vatId: 'nl 1234.56789.b01',
    });
    const read = await t.app.inject({
      url: `/api/deals/link/${link}/self-billing`,
      headers: claimHeader(link),
    });
    expect(read.json()).toMatchObject({
      selfBilling: {
        company: 'Sam Creates',
        vatScheme: 'vat',
        vatId: 'NL123456789B01',
      },
    });
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/deals/link/${link}/self-billing`,
      headers: claimHeader(link),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const events = await t.ctx.store.readStream(`self-billing-deal-${id}`);
    expect(events.map((e) => e.type)).toEqual([
      'SelfBillingAgreed',
      'SelfBillingRevoked',
    ]);
    expect(events[0]!.data).toMatchObject({
      creator: `deal-${id}`,
      vatId: 'NL123456789B01',
    });
    for (const event of events)
      expect((event.metadata as { actor: unknown }).actor).toEqual({
        kind: 'creator-link',
        id: `deal-${id}`,
      });
  });

  it('refuses a VAT id in the wrong format, the VAT scheme without one and a second withdrawal with codes in English and Dutch; another browser gets 403', async () => {
    const brand = await brandWith(null);
    const { link } = await deliveredDeal(brand.token, null);
    const wrong = await agree(link, { vatScheme: 'vat', vatId: 'NL12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'vat_id_invalid' });
    const wrongNl = await agree(
      link,
      { vatScheme: 'vat', vatId: 'BE0123456789' },
      'nl',
    );
    expect(wrongNl.json().message).toContain('btw-nummer');
    const missing = await agree(link, { vatScheme: 'vat', vatId: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'vat_id_required' });
    expect(
      (await agree(link, { vatScheme: 'vat', vatId: '' }, 'nl')).json().message,
    ).toContain('kleineondernemersregeling');
    const scheme = await agree(link, { vatScheme: 'none' });
    expect(scheme.statusCode).toBe(400);
    const withdraw = await t.app.inject({
      method: 'DELETE',
      url: `/api/deals/link/${link}/self-billing`,
      headers: { ...claimHeader(link), 'accept-language': 'nl' },
    });
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.json()).toMatchObject({ code: 'self_billing_not_agreed' });
    expect(withdraw.json().message).toContain('in te trekken');
    const elsewhere = await t.app.inject({
      method: 'PUT',
      url: `/api/deals/link/${link}/self-billing`,
      payload: { ...creatorTerms, vatScheme: 'small_business', vatId: null },
    });
    expect(elsewhere.statusCode).toBe(403);
  });
});

describe('the self-billed invoice', () => {
  it('a self-billing creator’s payout produces the self-billed invoice the brand downloads in English and Dutch; the creator reads it through its link; others get 404', async () => {
    const brand = await brandWith({
      company: 'Acme BV',
      country: 'NL',
      vatId: 'NL123456789B01',
    });
    const { id, link } = await deliveredDeal(brand.token, {
      vatScheme: 'small_business',
      vatId: 'NL999999999B99',
    });
    expect((await selfBilled(id, bearer(brand.token))).statusCode).toBe(409);
    await release(brand.token, id);
    const json = await selfBilled(id, bearer(brand.token));
    expect(json.statusCode, json.body).toBe(200);
    const invoice = json.json() as Record<string, unknown> & { number: string };
    expect(invoice).toMatchObject({
      key: `self:deal-${id}`,
      kind: 'self_billed',
      number: 'SB-2026-000001',
      seller: {
        name: 'Sam Creates',
        address: 'Oudegracht 10, 3511 AP Utrecht',
        vatId: null,
      },
      buyer: { name: 'Acme BV', vatId: 'NL123456789B01' },
      treatment: 'small_business',
      grossCents: 25_000,
      netCents: 25_000,
      vatCents: 0,
    });
    expect(
      await t.ctx.store.readStream(`self-billed-deal-${id}-2026`),
    ).toHaveLength(1);

    const en = await pdfText(
      `/api/deals/${id}/self-billed-invoice/pdf?lang=en`,
      bearer(brand.token),
    );
    expect(en.disposition).toContain('self-billed-invoice-SB-2026-000001.pdf');
    expect(en.text).toContain('Self-billed invoice');
    expect(en.text).toContain('Sam Creates');
    expect(en.text).toContain('small business scheme');
    expect(en.text).toContain('€250.00');
    const nl = await pdfText(
      `/api/deals/${id}/self-billed-invoice/pdf?lang=nl`,
      bearer(brand.token),
    );
    expect(nl.text).toContain('Factuur uitgereikt door afnemer');
    expect(nl.text).toContain('kleineondernemersregeling');
    expect(nl.text).toContain('€ 250,00');

    const creator = await t.app.inject({
      url: `/api/deals/link/${link}/self-billed-invoice`,
      headers: claimHeader(link),
    });
    expect(creator.statusCode, creator.body).toBe(200);
    expect(creator.json()).toMatchObject({ number: 'SB-2026-000001' });
    const creatorPdf = await pdfText(
      `/api/deals/link/${link}/self-billed-invoice/pdf?lang=nl`,
      claimHeader(link),
    );
    expect(creatorPdf.text).toContain('SB-2026-000001');
    expect(
      (
        await t.app.inject({
          url: `/api/deals/link/${link}/self-billed-invoice`,
        })
      ).statusCode,
    ).toBe(403);

    const other = await brandWith(null);
    expect((await selfBilled(id, bearer(other.token))).statusCode).toBe(404);
    expect((await selfBilled(id, bearer(other.token), '/pdf')).statusCode).toBe(
      404,
    );
    expect((await selfBilled(id, {})).statusCode).toBe(401);
    // The deal page links it by reference like its other papers: the brand reads the same
    // invoice there; another brand gets 404, JSON and PDF alike.
    const refs = (
      await t.app.inject({
        url: `/api/deals/${id}/documents`,
        headers: bearer(brand.token),
      })
    ).json() as Record<string, string>;
    const byRef = `/api/documents/${refs['self-billed-invoice']}`;
    const read = await t.app.inject({
      url: byRef,
      headers: bearer(brand.token),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(invoice);
    const refPdf = await pdfText(`${byRef}/pdf?lang=nl`, bearer(brand.token));
    expect(refPdf.text).toContain('Factuur uitgereikt door afnemer');
    for (const suffix of ['', '/pdf'])
      expect(
        (
          await t.app.inject({
            url: `${byRef}${suffix}`,
            headers: bearer(other.token),
          })
        ).statusCode,
      ).toBe(404);
    const admin = await createRootAdmin(t);
    const adminRead = await t.app.inject({
      url: `/api/admin/self-billed-invoices/deal/${id}`,
      headers: bearer(admin),
    });
    expect(adminRead.statusCode, adminRead.body).toBe(200);
    expect(adminRead.json()).toMatchObject({ number: 'SB-2026-000001' });
  });

  it('VAT per the creator’s status: a Dutch VAT id to a Dutch brand includes 21 %, to a Belgian business it is reverse-charged', async () => {
    const dutch = await brandWith({
      company: 'Acme BV',
      country: 'NL',
      vatId: null,
    });
    const a = await deliveredDeal(dutch.token, {
      vatScheme: 'vat',
      vatId: 'NL123456789B01',
    });
    await release(dutch.token, a.id);
    expect((await selfBilled(a.id, bearer(dutch.token))).json()).toMatchObject({
      seller: { vatId: 'NL123456789B01', country: 'NL' },
      treatment: 'domestic',
      grossCents: 25_000,
      netCents: 20_661,
      vatCents: 4_339,
      vatRateBps: 2_100,
    });
    const en = await pdfText(
      `/api/deals/${a.id}/self-billed-invoice/pdf?lang=en`,
      bearer(dutch.token),
    );
    expect(en.text).toContain('VAT 21%');
    expect(en.text).toContain('€43.39');

    const belgian = await brandWith({
      company: 'Gent Media BV',
      country: 'BE',
      vatId: 'BE0123456789',
    });
    const b = await deliveredDeal(belgian.token, {
      vatScheme: 'vat',
      vatId: 'NL123456789B01',
    });
    await release(belgian.token, b.id);
    expect(
      (await selfBilled(b.id, bearer(belgian.token))).json(),
    ).toMatchObject({
      treatment: 'reverse_charge',
      netCents: 25_000,
      vatCents: 0,
    });
    const nl = await pdfText(
      `/api/deals/${b.id}/self-billed-invoice/pdf?lang=nl`,
      bearer(belgian.token),
    );
    expect(nl.text).toContain('Btw verlegd');
  });

  it('a creator without the agreement, or who withdrew it before the payout, gets the statement only', async () => {
    const brand = await brandWith({
      company: 'Acme BV',
      country: 'NL',
      vatId: null,
    });
    const none = await deliveredDeal(brand.token, null);
    await release(brand.token, none.id);
    const refused = await selfBilled(none.id, {
      ...bearer(brand.token),
      'accept-language': 'nl',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'deal_self_billed_invoice_not_yet',
    });
    expect(refused.json().message).toContain('uitgereikt door afnemer');
    const statement = await t.app.inject({
      url: `/api/deals/link/${none.link}/statement`,
      headers: claimHeader(none.link),
    });
    expect(statement.statusCode, statement.body).toBe(200);

    const withdrawn = await deliveredDeal(brand.token, {
      vatScheme: 'small_business',
      vatId: null,
    });
    t.clock.advance(1_000);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/deals/link/${withdrawn.link}/self-billing`,
      headers: claimHeader(withdrawn.link),
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    t.clock.advance(1_000);
    await release(brand.token, withdrawn.id);
    expect(
      (await selfBilled(withdrawn.id, bearer(brand.token))).statusCode,
    ).toBe(409);
  });

  it('without the brand’s billing details the self-billed invoice waits and is issued when they are given', async () => {
    const brand = await brandWith(null);
    const { id } = await deliveredDeal(brand.token, {
      vatScheme: 'small_business',
      vatId: null,
    });
    await release(brand.token, id);
    expect((await selfBilled(id, bearer(brand.token))).statusCode).toBe(409);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/billing-details',
      headers: bearer(brand.token),
      payload: { ...address, company: 'Late BV', country: 'NL', vatId: null },
    });
    expect(saved.statusCode).toBe(200);
    await t.ctx.quiesce();
    expect((await selfBilled(id, bearer(brand.token))).json()).toMatchObject({
      buyer: { name: 'Late BV' },
      seller: { name: 'Sam Creates' },
    });
  });

  it('a split after a dispute issues the self-billed invoice for the creator’s share', async () => {
    const brand = await brandWith({
      company: 'Acme BV',
      country: 'NL',
      vatId: null,
    });
    const { id } = await deliveredDeal(brand.token, {
      vatScheme: 'small_business',
      vatId: null,
    });
    const dispute = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${id}/dispute`,
      headers: bearer(brand.token),
      payload: { reason: 'Late' },
    });
    expect(dispute.statusCode, dispute.body).toBe(200);
    const admin = await createRootAdmin(
      t,
      'root-sb-split',
      'root-pass-sb-split',
    );
    const split = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${id}/split`,
      headers: bearer(admin),
      payload: { creatorCents: 15_000 },
    });
    expect(split.statusCode, split.body).toBe(200);
    await t.ctx.quiesce();
    expect((await selfBilled(id, bearer(brand.token))).json()).toMatchObject({
      kind: 'self_billed',
      grossCents: 15_000,
      treatment: 'small_business',
    });
  });
});

describe('a creator who accepted signed in', () => {
  it('given an account agreement (the account as actor), when a deal it accepted signed in pays out, then the invoice is numbered in the account’s own series; withdrawn on the profile, the next payout gets none', async () => {
    const creator = await registerUser(t.app);
    const mine = bearer(creator.token);
    const agreed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/self-billing',
      headers: mine,
      payload: { ...creatorTerms, vatScheme: 'small_business', vatId: null },
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    const stream = await t.ctx.store.readStream(
      `self-billing-user-${creator.userId}`,
    );
    expect((stream[0]!.metadata as { actor: unknown }).actor).toEqual({
      kind: 'creator',
      id: creator.userId,
    });

    const brand = await brandWith({
      company: 'Acme BV',
      country: 'NL',
      vatId: null,
    });
    const first = await signedInDeal(brand.token, mine);
    await release(brand.token, first);
    expect((await selfBilled(first, bearer(brand.token))).json()).toMatchObject(
      {
        number: 'SB-2026-000001',
        seller: { name: 'Sam Creates' },
      },
    );
    expect(
      await t.ctx.store.readStream(`self-billed-user-${creator.userId}-2026`),
    ).toHaveLength(1);

    t.clock.advance(1_000);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/self-billing',
      headers: mine,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/self-billing',
      headers: { ...mine, 'accept-language': 'nl' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'self_billing_not_agreed' });
    t.clock.advance(1_000);
    const second = await signedInDeal(brand.token, mine);
    await release(brand.token, second);
    expect((await selfBilled(second, bearer(brand.token))).statusCode).toBe(
      409,
    );
    expect(
      (
        await t.app.inject({ url: '/api/user/self-billing', headers: mine })
      ).json(),
    ).toEqual({
      selfBilling: null,
    });
  });
});

/** A paid deal the creator accepts while signed in, sets up the bank for and delivers. */
async function signedInDeal(
  brandToken: string,
  creatorHeaders: Record<string, string>,
) {
  const { id } = await createDeal(t.app, brandToken);
  await payDeal(t.app, t.ctx, brandToken, id);
  const gen = await t.app.inject({
    method: 'POST',
    url: `/api/deals/${id}/generate-token`,
    headers: bearer(brandToken),
  });
  const link = (gen.json() as { token: string }).token;
  const headers = creatorHeaders;
  const accepted = await acceptLink(
    t.app,
    t.ctx,
    { kind: 'deal', token: link },
    { headers },
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  const onboarding = await t.app.inject({
    method: 'POST',
    url: `/api/deals/start-onboarding/${link}`,
    headers: claimHeader(link),
    payload: { identity: testPayoutIdentity },
  });
  expect(onboarding.statusCode, onboarding.body).toBe(200);
  const gateway = t.ctx.payments.gateway;
  if (!isSimulated(gateway))
    throw new Error('tests run on the simulated gateway');
  await gateway.finishOnboarding(
    t.ctx.queries.deals.byId(id)!.context.onboardingAccountId!,
    true,
  );
  await t.ctx.quiesce();
  await t.app.inject({ url: `/api/deals/token/${link}` });
  const delivered = await t.app.inject({
    method: 'POST',
    url: `/api/deals/deliver/${link}`,
    headers: claimHeader(link),
  });
  expect(delivered.statusCode, delivered.body).toBe(200);
  return id;
}
