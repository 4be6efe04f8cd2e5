import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  movementKindValues,
  type ReconciliationReportDto,
} from '@machines/contract/money-api';
import { enAdmin } from '@/i18n/en-admin';
import { nlAdmin } from '@/i18n/nl-admin';
import { seriousViolations } from './support/axe';
import {
  ADMIN_LOCALES,
  adminPhonePage,
  adminToken,
} from './support/admin-flows';
import { launchBrowser, screens } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * A reconciliation with something to report (large amounts, every kind, mismatches with long gateway
 * references and an unbalanced escrow), as the server answers it: the screen's layout on a phone is
 * what is tested, and a live gateway seldom disagrees on cue.
 */
const at = '2026-11-20T14:05:00.000Z';
const report: ReconciliationReportDto = {
  since: '2026-10-21T00:00:00.000Z',
  until: '2026-11-20T23:59:59.000Z',
  gateway: 'simulated',
  kinds: movementKindValues.map((kind) => ({
    kind,
    ledgerCount: 128,
    ledgerCents: 17_345_678,
    gatewayCount: 127,
    gatewayCents: 17_325_678,
  })),
  mismatches: [
    {
      problem: 'missing_at_gateway',
      kind: 'transfer',
      reference: 'tr_sim_8f3a2c9d41b7e6a0c5d2',
      streamId: 'payment-request-1234',
      ledgerCents: 123_456,
      gatewayCents: null,
      at,
    },
    {
      problem: 'amount_differs',
      kind: 'charge',
      reference: 'ch_sim_1c2d3e4f5a6b7c8d9e0f',
      streamId: 'deal-98765',
      ledgerCents: 175_000,
      gatewayCents: 174_950,
      at,
    },
  ],
  trialBalance: {
    days: [
      { day: '2026-11-20', debitsCents: 17_345_678, creditsCents: 17_345_678 },
    ],
    unbalanced: [
      {
        streamId: 'payment-request-1234',
        at,
        postedCents: 123_456,
        pendingCents: -123_456,
      },
    ],
  },
};

/** Table cells whose text takes more than one line (a value broken over two lines). */
const wrappedCells = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '[role="tabpanel"] td, [role="tabpanel"] th',
      ),
    ]
      .filter((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const tops = new Set(
          [...range.getClientRects()]
            .filter((r) => r.width > 0)
            .map((r) => Math.round(r.top)),
        );
        return tops.size > 1;
      })
      .map((cell) => cell.innerText.replace(/\s+/g, ' ')),
  );

/**
 * The admin's reconciliation on a 390 px phone, in English and Dutch: no cell of its tables breaks
 * over lines; a table wider than the screen scrolls sideways in its own region with its first column
 * kept in view, the page does not; axe finds nothing serious.
 */
describe('the reconciliation tab on a phone', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin = '';
  const snap = screens('admin-reconciliation');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    admin = await adminToken(server);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(ADMIN_LOCALES)(
    'in %s every cell stays on one line and each table scrolls in its own region',
    async (lang, locale) => {
      const text: Record<string, string> = lang === 'en' ? enAdmin : nlAdmin;
      const page = await adminPhonePage(browser, server, locale, admin);
      await page.route('**/api/admin/reconciliation*', (route) =>
        route.fulfill({ json: report }),
      );
      await page.goto('/admin');
      await page
        .getByRole('tab', { name: text['admin.tab.reconciliation']! })
        .click();
      await page.getByTestId('reconciliation-mismatch').first().waitFor();
      await page.getByTestId('trial-balance-unbalanced').waitFor();
      expect(await wrappedCells(page)).toEqual([]);
      await snap(page, `${lang}-tables`);
      expect(await seriousViolations(page)).toEqual([]);

      // Scrolled to its far side, a table still shows what each row is about.
      for (const table of await page.locator('[role="region"] table').all()) {
        const region = table.locator('xpath=..');
        await region.evaluate((el) => {
          el.scrollLeft = el.scrollWidth;
        });
        const first = table.locator('tr > :first-child').last();
        const [box, edge] = await Promise.all([
          first.boundingBox(),
          region.boundingBox(),
        ]);
        expect(Math.abs(box!.x - edge!.x)).toBeLessThanOrEqual(1);
      }
      await snap(page, `${lang}-scrolled`);
      await page.context().close();
    },
  );
});
