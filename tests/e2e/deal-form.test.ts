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
    // The app's own words beside each field, never the browser's validation bubble.
    expect(
      await page.locator('form').getAttribute('novalidate'),
    ).not.toBeNull();
    await see(page, 'Enter an amount.');
    expect(await page.getByText('Fill in this field.').count()).toBe(2);
    await snap(page, 'required');
    await page.getByRole('button', { name: 'Improve with AI' }).click();
    await see(page, 'No description');
    expect(await toastText(page)).toContain(
      'Please enter a description first to improve it.',
    );
    expect(new URL(page.url()).pathname).toBe('/create');
  });

  it('an amount above €1,750 shows the cap message and blocks submission', async () => {
    await fillDealForm(page, {
      influencer: '@lena.looks',
      title: 'Autumn lookbook',
      amount: '1750.01',
    });
    await see(page, CAP);
    expect(
      await page
        .getByRole('button', { name: 'Continue to payment' })
        .isDisabled(),
    ).toBe(true);
    expect(
      await page.getByLabel('Amount (€)').getAttribute('aria-invalid'),
    ).toBe('true');
    await snap(page, 'cap');
    await page.getByLabel('Amount (€)').fill('1750');
    await expect.poll(() => page.getByText(CAP).count()).toBe(0);
    expect(
      await page
        .getByRole('button', { name: 'Continue to payment' })
        .isEnabled(),
    ).toBe(true);
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
    expect(
      await page.getByLabel('Description', { exact: true }).inputValue(),
    ).toBe(text);
  });

  it('an amount typed with a decimal comma is read as euros and cents, shown as understood', async () => {
    const amount = page.getByLabel('Amount (€)');
    expect(await amount.getAttribute('type')).toBe('text');
    expect(await amount.getAttribute('inputmode')).toBe('decimal');
    await amount.fill('300,50');
    expect(await page.getByTestId('amount-understood').textContent()).toBe(
      'Reads as €300.50 · Brand pays €325.14 including 8.2% platform fee',
    );
    await amount.fill('300.5');
    expect(await page.getByTestId('amount-understood').textContent()).toContain(
      'Reads as €300.50',
    );
    await amount.fill('1.300,50');
    await see(
      page,
      'Enter an amount in euros, like 450,50 or 450.50 (at most 2 decimals).',
    );
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await snap(page, 'amount-invalid');
    await amount.fill('300,50');
    await snap(page, 'amount-comma');
  });

  it('a valid form creates the deal: toast and redirect to /payment/:id', async () => {
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/payment/*');
    await see(page, 'Deal created!');
    expect(await toastText(page)).toContain(
      'You will be redirected to the payment page',
    );
    dealId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(dealId).toBeGreaterThan(0);
    await see(page, 'Total to pay');
    expect(await page.getByTestId('payment-total').textContent()).toBe(
      '€325.14',
    );
    await snap(page, 'created-payment');
  });

  it('/create?edit=:id is "Edit Deal" with the fields loaded; saving updates and redirects to /payment/:id', async () => {
    await page.goto(`/create?edit=${dealId}`);
    await page.getByRole('heading', { name: 'Edit Deal' }).waitFor();
    expect(await page.getByLabel('Influencer').inputValue()).toBe(
      '@lena.looks',
    );
    expect(await page.getByLabel('Title (optional)').inputValue()).toBe(
      'Autumn lookbook',
    );
    expect(
      await page.getByLabel('Description', { exact: true }).inputValue(),
    ).toContain('Show the autumn coat.');
    expect(await page.getByLabel('Amount (€)').inputValue()).toBe('300.50');
    expect(await page.getByLabel('1 Instagram Story').isChecked()).toBe(true);
    expect(
      await page.getByLabel('Instagram', { exact: true }).isChecked(),
    ).toBe(true);
    await snap(page, 'edit-loaded');
    await page.getByLabel('Amount (€)').fill('2000');
    await see(page, CAP);
    expect(
      await page.getByRole('button', { name: 'Save changes' }).isDisabled(),
    ).toBe(true);
    await page.getByLabel('Title (optional)').fill('Autumn lookbook, 2 reels');
    await page.getByLabel('Amount (€)').fill('320');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`**/payment/${dealId}`);
    await see(page, 'Deal updated!');
    await see(page, 'Autumn lookbook, 2 reels');
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain('320.00');
    await snap(page, 'updated-payment');
  });
});
