import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { pdfPages } from '@tests/support/pdf-text';
import { acceptLink, anyEmailCode, payDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  dealPayload,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/** The sealed contract over HTTP: its terms at creation, bad input as codes, acceptance with its hash, the PDF for both parties. */
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
});
afterAll(() => t.close());

const contractTerms = {
  revisionRounds: 1,
  usageRights: { kind: 'paid_ads', days: 30 },
  exclusivity: { kind: 'category', days: 60, category: 'Sportswear' },
  brandTerms: 'Show the shoes in the first 3 seconds.',
};

async function post(
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers,
  });
}

async function paidDealWithLink(
  overrides: Record<string, unknown> = contractTerms,
) {
  const { id } = await createDeal(t.app, brand.token, overrides);
  await payDeal(t.app, t.ctx, brand.token, id);
  const gen = await post(
    `/api/deals/${id}/generate-token`,
    undefined,
    bearer(brand.token),
  );
  return { id, link: (gen.json() as { token: string }).token };
}

describe('a deal’s contract terms', () => {
  it('are stored at creation and answered; without them: 2 rounds, organic use, no exclusivity', async () => {
    const deal = await createDeal(t.app, brand.token, contractTerms);
    expect(deal).toMatchObject({
      revisionRounds: 1,
      usageRights: { kind: 'paid_ads', days: 30 },
      exclusivity: { kind: 'category', days: 60, category: 'Sportswear' },
      brandTerms: 'Show the shoes in the first 3 seconds.',
      contract: { acceptedHash: null, acceptedAt: null },
    });
    expect(
      (deal as unknown as { contract: { hash: string } }).contract.hash,
    ).toMatch(/^[0-9a-f]{64}$/);
    const plain = await createDeal(t.app, brand.token);
    expect(plain).toMatchObject({
      revisionRounds: 2,
      usageRights: { kind: 'organic' },
      exclusivity: { kind: 'none' },
      brandTerms: null,
    });
  });

  it.each([
    [{ revisionRounds: 6 }, 'revision_rounds_invalid'],
    [{ revisionRounds: -1 }, 'revision_rounds_invalid'],
    [{ revisionRounds: 1.5 }, 'revision_rounds_invalid'],
    [{ usageRights: { kind: 'paid_ads' } }, 'contract_days_invalid'],
    [{ usageRights: { kind: 'paid_ads', days: 0 } }, 'contract_days_invalid'],
    [
      { usageRights: { kind: 'paid_ads', days: 3651 } },
      'contract_days_invalid',
    ],
    [
      { exclusivity: { kind: 'category', days: 30 } },
      'exclusivity_category_required',
    ],
    [
      { exclusivity: { kind: 'category', days: 2.5, category: 'Food' } },
      'contract_days_invalid',
    ],
    [{ brandTerms: 'x'.repeat(5_001) }, 'brand_terms_too_long'],
    [{ usageRights: { kind: 'forever' } }, 'invalid_input'],
  ])('refuses %j with 400 %s', async (overrides, code) => {
    const res = await post(
      '/api/deals',
      { ...dealPayload(), ...overrides },
      bearer(brand.token),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code });
  });

  it('answers the refusal in Dutch too', async () => {
    const res = await post(
      '/api/deals',
      { ...dealPayload(), revisionRounds: 9 },
      { ...bearer(brand.token), 'accept-language': 'nl' },
    );
    expect(res.json()).toMatchObject({
      code: 'revision_rounds_invalid',
      message:
        'Het aantal revisierondes moet een heel getal van 0 tot en met 5 zijn.',
    });
  });
});

describe('accepting the contract', () => {
  it('refuses a contract other than the one that stands (409), then records the hash of the one read', async () => {
    const { id, link } = await paidDealWithLink();
    const shown = await t.app.inject({ url: `/api/deals/token/${link}` });
    const hash = (shown.json() as { contract: { hash: string } }).contract.hash;

    const wrong = await post(`/api/deals/accept/${link}`, {
      contractHash: 'f'.repeat(64),
      ...anyEmailCode,
    });
    expect(wrong.statusCode, wrong.body).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'contract_changed' });

    const accepted = await acceptLink(
      t.app,
      t.ctx,
      { kind: 'deal', token: link },
      { payload: { contractHash: hash } },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const deal = (
      accepted.json() as { deal: { contract: Record<string, unknown> } }
    ).deal;
    expect(deal.contract).toMatchObject({ hash, acceptedHash: hash });
    expect(deal.contract.acceptedAt).toEqual(expect.any(String));

    // The same hash for the brand, and the terms are sealed: an edit is refused.
    const own = await t.app.inject({
      url: `/api/deals/${id}`,
      headers: bearer(brand.token),
    });
    expect(
      (own.json() as { contract: { acceptedHash: string } }).contract
        .acceptedHash,
    ).toBe(hash);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/deals/${id}`,
      headers: bearer(brand.token),
      payload: { ...dealPayload(), revisionRounds: 5 },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'deal_not_in_state' });
  });

  it('refuses an acceptance without the e-mail code (400) and accepts nothing', async () => {
    const { id, link } = await paidDealWithLink();
    expect(
      (await post(`/api/deals/accept/${link}`, undefined)).statusCode,
    ).toBe(400);
    for (const body of [{}, { emailCode: '12345' }]) {
      const res = await post(`/api/deals/accept/${link}`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain('emailCode');
    }
    expect(
      t.ctx.queries.deals.byId(id)!.context.influencerAcceptedAt,
    ).toBeNull();
  });

  it('an older client accepting without the contract hash still records the hash', async () => {
    const { link } = await paidDealWithLink();
    const accepted = await acceptLink(t.app, t.ctx, {
      kind: 'deal',
      token: link,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { contract } = (
      accepted.json() as { deal: { contract: Record<string, string> } }
    ).deal;
    expect(contract.acceptedHash).toBe(contract.hash);
  });
});

describe('the contract document', () => {
  it('is the SHA-256 of its canonical form, the same for brand, creator and admin, in EN and NL PDFs', async () => {
    const { id, link } = await paidDealWithLink();
    const accepted = await acceptLink(t.app, t.ctx, {
      kind: 'deal',
      token: link,
    });
    expect(accepted.statusCode).toBe(200);

    const brandDoc = await t.app.inject({
      url: `/api/deals/${id}/contract`,
      headers: bearer(brand.token),
    });
    expect(brandDoc.statusCode, brandDoc.body).toBe(200);
    const doc = brandDoc.json() as {
      hash: string;
      acceptedHash: string;
      contract: object;
    };
    expect(doc.acceptedHash).toBe(doc.hash);
    expect(
      createHash('sha256').update(canonical(doc.contract)).digest('hex'),
    ).toBe(doc.hash);
    const linkDoc = await t.app.inject({
      url: `/api/deals/link/${link}/contract`,
    });
    expect(linkDoc.json()).toEqual(doc);
    const admin = await createRootAdmin(t);
    const adminDoc = await t.app.inject({
      url: `/api/admin/deals/${id}/contract`,
      headers: bearer(admin),
    });
    expect(adminDoc.json()).toEqual(doc);

    const pdfText = async (
      url: string,
      headers: Record<string, string> = {},
    ) => {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      return (await pdfPages(new Uint8Array(res.rawPayload))).join(' ');
    };
    const brandEn = await pdfText(
      `/api/deals/${id}/contract/pdf?lang=en`,
      bearer(brand.token),
    );
    const creatorNl = await pdfText(
      `/api/deals/link/${link}/contract/pdf?lang=nl`,
    );
    for (const words of [
      'Collaboration contract',
      doc.hash,
      'Acme BV',
      'Paid ads / whitelisting for 30 days',
      '60 days in the category “Sportswear”',
      'Revision rounds included',
      'Accepted by the creator',
    ])
      expect(brandEn).toContain(words);
    for (const words of [
      'Samenwerkingscontract',
      doc.hash,
      'Betaalde advertenties / whitelisting gedurende 30 dagen',
      'Inbegrepen revisierondes',
      'Geaccepteerd door de creator',
      // A deliverable option in the reader's language; the brand's English PDF keeps the English.
      '1 Instagram-post',
    ])
      expect(creatorNl).toContain(words);
    expect(creatorNl).not.toContain('1 Instagram Post');
    expect(brandEn).toContain('1 Instagram Post');
  }, 60_000);

  it('another brand gets 404, an unknown link 404', async () => {
    const { id } = await createDeal(t.app, brand.token);
    const other = await registerUser(t.app);
    const res = await t.app.inject({
      url: `/api/deals/${id}/contract`,
      headers: bearer(other.token),
    });
    expect(res.statusCode).toBe(404);
    const unknown = await t.app.inject({
      url: `/api/deals/link/${'x'.repeat(22)}/contract`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

/** The canonical JSON, written out here independently of the code under test: sorted keys, no white space. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value as object).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
}
