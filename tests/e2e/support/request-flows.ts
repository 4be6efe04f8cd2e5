import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { see, type Snap } from './flows';

const inDays = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A logged-in creator (English browser) fills the request form; returns the shareable link. */
export async function createPaymentRequest(
  page: Page,
  snap: Snap,
  title: string,
): Promise<string> {
  await page.goto('/creator-request');
  await see(page, 'New payment request');
  await page.getByLabel('Brand name').fill('Acme Drinks');
  await page.getByLabel('Brand email').fill('marketing@acme.example');
  await page.getByLabel('Brand social handle (optional)').fill('@acmedrinks');
  await page.getByLabel('Assignment title').fill(title);
  await page
    .getByLabel('Description')
    .fill('Twee stories en een post over de zomerlijn.');
  // A decimal comma is euros and cents (not €32,050.00), shown as understood with the fee.
  await page.getByLabel('Amount (€)').fill('320,50');
  expect(await page.getByTestId('amount-understood').textContent()).toBe(
    'Reads as €320.50',
  );
  expect(await page.getByTestId('request-breakdown').textContent()).toContain(
    '€336.53',
  );
  await page.getByLabel('Amount (€)').fill('200');
  await expect
    .poll(() => page.getByTestId('request-breakdown').textContent())
    .toContain('210.00');
  await page.getByLabel('Deadline').fill(inDays(20));
  await snap(page, 'creator-request');
  await page.getByRole('button', { name: 'Create payment request' }).click();
  await see(page, 'Payment request created');
  await see(page, 'Awaiting payment');
  const link = (await page.getByTestId('request-link').textContent()) ?? '';
  expect(link).toContain('/pay-request/');
  await snap(page, 'request-created');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await see(page, 'Copied!');
  await page.getByRole('button', { name: 'New request' }).click();
  return link;
}
