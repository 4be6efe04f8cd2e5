import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { registerAndOnboard, see, unique } from './support/flows';
import { fillDealForm } from './support/deal-form-flows';
import { startServer, type RunningServer } from './support/server';

const CAP =
  'The product currently supports deals up to €1,750. For larger deals, please contact us.';
const toastText = (page: Page) => page.getByTestId('toast').textContent();

describe('create and edit a deal', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const snap = screens('form');
  let dealId = 0;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await (await phoneContext(browser, server.url)).newPage();
    await registerAndOnboard(page, snap, unique('former'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an empty form gives the required-fields toast; AI-improve without a description gives "No description"', async () => {
    await page.goto('/create');
    await see(page, 'Step 1 of 4');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await see(page, 'Fill in all required fields');
    expect(await toastText(page)).toContain('Check your input and try again');
    await snap(page, 'required');
    await page.getByRole('button', { name: 'Improve with AI' }).click();
    await see(page, 'No description');
    expect(await toastText(page)).toContain('Please enter a description first to improve it.');
    expect(new URL(page.url()).pathname).toBe('/create');
  });

  it('an amount above €1,750 shows the cap message and blocks submission', async () => {
    await fillDealForm(page, {
      influencer: '@lena.looks',
      title: 'Autumn lookbook',
      amount: '1750.01',
    });
    await see(page, CAP);
    expect(await page.getByRole('button', { name: 'Continue to payment' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Amount (€)').getAttribute('aria-invalid')).toBe('true');
    await snap(page, 'cap');
    await page.getByLabel('Amount (€)').fill('1750');
    await expect.poll(() => page.getByText(CAP).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Continue to payment' }).isEnabled()).toBe(true);
  });

  it('AI-improve shows the improved text in a 3-8-row text area and it can be applied', async () => {
    await page
      .getByLabel('Description', { exact: true })
      .fill('show the autumn coat\nmention the discount code');
    await page.getByRole('button', { name: 'Improve with AI' }).click();
    const improved = page.getByLabel('Improved description');
    await improved.waitFor();
    const text = await improved.inputValue();
    expect(text).toContain('Show the autumn coat.');
    expect(text).toContain('1 Instagram Story');
    const rows = Number(await improved.getAttribute('rows'));
    expect(rows).toBeGreaterThanOrEqual(3);
    expect(rows).toBeLessThanOrEqual(8);
    await snap(page, 'ai-improved');
    await page.getByRole('button', { name: 'Use this text' }).click();
    await expect.poll(() => improved.count()).toBe(0);
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe(text);
  });

  it('a valid form creates the deal: toast and redirect to /payment/:id', async () => {
    await page.getByLabel('Amount (€)').fill('300');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/payment/*');
    await see(page, 'Deal created!');
    expect(await toastText(page)).toContain('You will be redirected to the payment page');
    dealId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(dealId).toBeGreaterThan(0);
    await see(page, 'Total to pay');
    await snap(page, 'created-payment');
  });

  it('/create?edit=:id is "Edit Deal" with the fields loaded; saving updates and redirects to /payment/:id', async () => {
    await page.goto(`/create?edit=${dealId}`);
    await page.getByRole('heading', { name: 'Edit Deal' }).waitFor();
    expect(await page.getByLabel('Influencer').inputValue()).toBe('@lena.looks');
    expect(await page.getByLabel('Title (optional)').inputValue()).toBe('Autumn lookbook');
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toContain(
      'Show the autumn coat.',
    );
    expect(Number(await page.getByLabel('Amount (€)').inputValue())).toBe(300);
    expect(await page.getByLabel('1 Instagram Story').isChecked()).toBe(true);
    expect(await page.getByLabel('Instagram', { exact: true }).isChecked()).toBe(true);
    await snap(page, 'edit-loaded');
    await page.getByLabel('Amount (€)').fill('2000');
    await see(page, CAP);
    expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    await page.getByLabel('Title (optional)').fill('Autumn lookbook, 2 reels');
    await page.getByLabel('Amount (€)').fill('320');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`**/payment/${dealId}`);
    await see(page, 'Deal updated!');
    await see(page, 'Autumn lookbook, 2 reels');
    await expect.poll(() => page.locator('main').textContent()).toContain('320.00');
    await snap(page, 'updated-payment');
  });
});
