import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED } from '@machines/contract/money-api';
import {
  disputeCsvRows,
  disputeExportSchema,
  type DisputeDetail,
} from '@server/admin/disputes';
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
 * The dispute exports are read by people (an auditor opens the CSV in a spreadsheet, or reads the
 * JSON): what the server withholds from admins is worded in the reader's language, never as the
 * server's placeholder.
 */
let t: TestApp;
let admin = '';
let dealId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const brand = await registerUser(t.app, { companyName: 'Acme BV' });
  admin = await createRootAdmin(t);
  const deal = await createDeal(t.app, brand.token, { title: 'Autumn' });
  await deliverPaidDeal(t.app, t.ctx, brand.token, deal.id);
  const disputed = await t.app.inject({
    method: 'POST',
    url: `/api/deals/${deal.id}/dispute`,
    headers: bearer(brand.token),
    payload: { reason: 'Not what we asked' },
  });
  expect(disputed.statusCode, disputed.body).toBe(200);
  dealId = deal.id;
});
afterAll(() => t.close());

const exported = (format: 'json' | 'csv', lang: 'en' | 'nl') =>
  t.app.inject({
    url: `/api/admin/disputes/${dealId}/export?format=${format}`,
    headers: { ...bearer(admin), 'accept-language': lang },
  });

const hidden = {
  en: 'Gateway reference hidden',
  nl: 'Referentie betaaldienst verborgen',
};

describe('the dispute exports', () => {
  for (const lang of ['en', 'nl'] as const)
    it(`given a payment whose id admins may not read, then the ${lang} JSON export says the reference is hidden`, async () => {
      const json = await exported('json', lang);
      expect(json.statusCode, json.body).toBe(200);
      const [dispute] = disputeExportSchema.parse(json.json()).disputes;
      const payment = dispute!.money.find((m) => m.kind === 'payment')!;
      expect(payment.reference).toBe(hidden[lang]);
      expect(json.body).not.toContain(`"${REDACTED}"`);
    });

  for (const lang of ['en', 'nl'] as const)
    it(`given a money row whose id admins may not read, then its ${lang} CSV row says the reference is hidden, as the JSON does`, async () => {
      // The page answers the placeholder (the admin app words it); a CSV row of that payment words it.
      const page = (
        await t.app.inject({
          url: `/api/admin/disputes/${dealId}`,
          headers: bearer(admin),
        })
      ).json() as DisputeDetail;
      const payment = page.money.find((m) => m.kind === 'payment')!;
      expect(payment.reference).toBe(REDACTED);
      const paid = {
        ...page.timeline[0]!,
        at: payment.at,
        type: 'PaymentSucceeded',
      };
      const [row] = disputeCsvRows([{ ...page, timeline: [paid] }], lang);
      expect(row!.reference).toBe(hidden[lang]);
      const csv = await exported('csv', lang);
      expect(csv.statusCode, csv.body).toBe(200);
      const rows = parse(csv.body, { bom: true, columns: true }) as Record<
        string,
        string
      >[];
      expect(rows.some((r) => r.reference === REDACTED)).toBe(false);
    });
});
