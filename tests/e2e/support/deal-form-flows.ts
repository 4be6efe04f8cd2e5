import type { Page } from 'playwright-core';
import { see } from './flows';

export const inDays = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export interface DealFields {
  influencer: string;
  title?: string;
  description?: string;
  amount?: string;
}

/** Fills the create-deal form (required fields, one deliverable, one platform, the confirmation). */
export async function fillDealForm(page: Page, fields: DealFields): Promise<void> {
  await page.getByLabel('Influencer').fill(fields.influencer);
  if (fields.title) await page.getByLabel('Title (optional)').fill(fields.title);
  await page
    .getByLabel('Description', { exact: true })
    .fill(fields.description ?? '- 2 stories about the new range');
  await page.getByLabel('Amount (€)').fill(fields.amount ?? '120');
  await page.getByLabel('Content delivery date').fill(inDays(14));
  await page.getByLabel('1 Instagram Story').check();
  await page.getByLabel('Instagram', { exact: true }).check();
  await page.getByLabel(/I understand that the money will only be released/).check();
}

/** Creates a deal without paying it (status pending_payment); returns its id. */
export async function createUnpaidDeal(page: Page, fields: DealFields): Promise<number> {
  await page.goto('/create');
  await see(page, 'Step 1 of 4');
  await fillDealForm(page, fields);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL('**/payment/*');
  return Number(new URL(page.url()).pathname.split('/').pop());
}
