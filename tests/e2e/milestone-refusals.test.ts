import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nlBrand } from '@/i18n/nl-brand';
import { nlCore } from '@/i18n/nl-core';
import { nlMilestones } from '@/i18n/nl-milestones';
import { seriousViolations } from './support/axe';
import { firstMilestoneDeliveredThroughApi } from './support/api-deals';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { inDays } from './support/deal-form-flows';
import { apiClient, startServer, type RunningServer } from './support/server';

/**
 * A Dutch brand on a phone approves a milestone from a page that no longer says where it stands
 * (the brand released it elsewhere meanwhile; this page's live updates are cut and its last answer
 * is served again): the server refuses, and the page says why in Dutch, naming the milestone's
 * status in words (not "not enough held", the money that left with the first approval), and keeps
 * focus on the Approve button the refused action came from (disabled while it ran).
 */
const nl = { ...nlCore, ...nlBrand, ...nlMilestones } as Record<string, string>;

describe('a refused milestone approval, in Dutch on a phone', () => {
  let server: RunningServer;
  let browser: Browser;
  let brand = '';
  let dealId = 0;
  const snap = screens('milestone-refusals');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const call = apiClient(server);
    const name = `refbrand${Date.now().toString(36)}`;
    brand = (
      await call<{ token: string }>('POST', '/api/auth/register', {
        username: name,
        email: `${name}@example.com`,
        password: 'secret-password',
      })
    ).token;
    await call(
      'POST',
      '/api/auth/complete-onboarding',
      { companyName: `${name} BV`, country: 'NL', phoneNumber: '' },
      brand,
    );
    const milestone = (title: string, amount: string, days: number) => ({
      title,
      deliverables: ['1 Instagram Post'],
      amount,
      dueDate: inDays(days),
    });
    ({ id: dealId } = await call<{ id: number }>(
      'POST',
      '/api/deals',
      {
        influencer: '@refused.nl',
        title: 'Twee delen',
        description: 'Twee posts',
        amount: '250',
        deadline: inDays(20),
        deliverables: ['1 Instagram Post'],
        milestones: [milestone('Een', '150', 7), milestone('Twee', '100', 14)],
      },
      brand,
    ));
    await firstMilestoneDeliveredThroughApi(server, brand, dealId);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The brand's deal page in Dutch, without live updates, answering its first deal answer again and again. */
  async function stalePage(): Promise<Page> {
    const context = await phoneContext(browser, server.url, 'nl-NL');
    await context.addInitScript((token) => {
      localStorage.setItem('authToken', token);
      localStorage.setItem('lang', 'nl');
    }, brand);
    const page = await context.newPage();
    await page.route('**/api/events/stream**', (route) => route.abort());
    let first: string | null = null;
    await page.route(`**/api/deals/${dealId}`, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      if (first === null) first = await (await route.fetch()).text();
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: first,
      });
    });
    await page.goto(`/deals/${dealId}`);
    return page;
  }

  it('says in Dutch that milestone 1 is released already, and keeps focus on its Approve button', async () => {
    const page = await stalePage();
    const approve = page
      .locator('[data-testid="milestone"][data-index="1"]')
      .getByRole('button', { name: nl['milestones.approve']! });
    await approve.waitFor();
    // Released elsewhere meanwhile.
    await apiClient(server)(
      'POST',
      `/api/deals/${dealId}/milestones/1/release`,
      {},
      brand,
      { 'idempotency-key': `elsewhere-${dealId}` },
    );
    await approve.click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: nl['confirm.ok']! })
      .click();
    const toast = page.getByTestId('toast');
    await toast.waitFor({ timeout: 20_000 });
    expect(await toast.textContent()).toContain(nl['toast.releaseError']);
    expect(await toast.textContent()).toContain(
      nl['milestones.refusal.milestone_not_in_state']!.replace(
        '{milestone}',
        '1',
      ).replace('{status}', nl['milestones.status.released']!),
    );
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(nl['milestones.approve']);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'refused-approve');
  });
});
