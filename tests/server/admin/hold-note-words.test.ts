import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEventText, type EventText } from '@machines/events/event-texts';
import { deliverPaidDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * An admin's hold is stored with a code, not an English sentence, and read in the reader's language
 * wherever it shows: the admin's history replay, the dispute page and its exports, and a Dutch
 * brand's data export (its events and its list of stored values).
 */
let t: TestApp;
let admin = '';
let brand: Awaited<ReturnType<typeof registerUser>>;
let dealId = 0;
const NOTE = {
  en: 'Held by an admin for manual review',
  nl: 'Vastgehouden door een beheerder voor handmatige controle',
};

beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
  const dutch = await t.app.inject({
    method: 'PUT',
    url: '/api/profile/language',
    headers: bearer(brand.token),
    payload: { language: 'nl' },
  });
  expect(dutch.statusCode, dutch.body).toBe(200);
  admin = await createRootAdmin(t);
  const deal = await createDeal(t.app, brand.token, { title: 'Herfst' });
  await deliverPaidDeal(t.app, t.ctx, brand.token, deal.id);
  const disputed = await t.app.inject({
    method: 'POST',
    url: `/api/deals/${deal.id}/dispute`,
    headers: bearer(brand.token),
    payload: { reason: 'Te laat' },
  });
  expect(disputed.statusCode, disputed.body).toBe(200);
  const held = await t.app.inject({
    method: 'POST',
    url: `/api/admin/deals/${deal.id}/hold`,
    headers: bearer(admin),
  });
  expect(held.statusCode, held.body).toBe(200);
  dealId = deal.id;
});
afterAll(() => t.close());

const get = (url: string, lang: 'en' | 'nl') =>
  t.app.inject({
    url,
    headers: { ...bearer(admin), 'accept-language': lang },
  });
const format = {
  money: (cents: number) => String(cents),
  instant: (iso: string) => iso,
};

describe("an admin's hold note", () => {
  it('is stored as a code, no English sentence', async () => {
    const held = (await t.ctx.store.readStream(`deal-${dealId}`)).find(
      (e) => e.type === 'DealPutOnHold',
    )!;
    expect(held.data).toEqual({ source: 'admin', reason: 'admin_review' });
  });

  for (const lang of ['en', 'nl'] as const)
    it(`reads in ${lang} in the history replay and on the dispute page and its export`, async () => {
      const history = (
        await get(`/api/admin/deals/${dealId}/events`, lang)
      ).json() as { type: string; summary: EventText }[];
      const hold = history.find((e) => e.type === 'DealPutOnHold')!;
      const words = renderEventText(hold.summary, lang, format);
      expect(words).toContain(
        lang === 'en' ? 'for manual review' : 'voor handmatige controle',
      );
      expect(words).not.toContain('admin_review');
      if (lang === 'nl') expect(words).not.toContain(NOTE.en);

      const page = (await get(`/api/admin/disputes/${dealId}`, lang)).json();
      expect(page.holds[0].reason).toBe(NOTE[lang]);
      const exported = (
        await get(`/api/admin/disputes/${dealId}/export?format=json`, lang)
      ).json();
      expect(exported.disputes[0].holds[0].reason).toBe(NOTE[lang]);
    });

  it("reads in Dutch in a Dutch brand's data export, in its events and its list of stored values", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/export',
      headers: bearer(brand.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      deals: { id: number; events: { type: string; data: unknown }[] }[];
      personalData: { field: string; value: string; source: string }[];
    };
    const held = body.deals
      .find((d) => d.id === dealId)!
      .events.find((e) => e.type === 'DealPutOnHold')!;
    expect(held.data).toEqual({ source: 'admin', reason: NOTE.nl });
    const stored = body.personalData.filter(
      (p) => p.source === 'DealPutOnHold',
    );
    expect(stored).toEqual([
      expect.objectContaining({ field: 'reason', value: NOTE.nl }),
    ]);
    expect(res.body).not.toContain(NOTE.en);
    expect(res.body).not.toContain('admin_review');
  });
});
