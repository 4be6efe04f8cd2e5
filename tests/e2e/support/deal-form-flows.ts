import type { Page } from 'playwright-core';
import { deliverableOptions } from '@machines/deal/deal-options';
import { enBrand } from '@/i18n/en-brand';
import { enCore } from '@/i18n/en-core';
import { nlBrand } from '@/i18n/nl-brand';
import { nlCore } from '@/i18n/nl-core';
import { see } from './flows';

export const inDays = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The deal form's texts in a language (its labels and buttons, as the catalogs say them). */
export const formTexts = (lang: 'en' | 'nl'): Record<string, string> =>
  lang === 'en' ? { ...enCore, ...enBrand } : { ...nlCore, ...nlBrand };

/** A stored deliverable's checkbox label in a language. */
const deliverableText = (
  texts: Record<string, string>,
  value: string,
): string =>
  texts[
    `deliverable.${(deliverableOptions as readonly string[]).indexOf(value) + 1}`
  ] ?? value;

export interface DealFields {
  influencer: string;
  title?: string;
  description?: string;
  amount?: string;
}

/** Fills the create-deal form (required fields, one deliverable, one platform, the confirmation). */
export async function fillDealForm(
  page: Page,
  fields: DealFields,
  lang: 'en' | 'nl' = 'en',
): Promise<void> {
  const text = formTexts(lang);
  await page.getByLabel(text['create.influencer']!).fill(fields.influencer);
  if (fields.title)
    await page.getByLabel(text['create.dealTitle']!).fill(fields.title);
  await page
    .getByLabel(text['create.description']!, { exact: true })
    .fill(fields.description ?? '- 2 stories about the new range');
  await page.getByLabel(text['create.amount']!).fill(fields.amount ?? '120');
  await page.getByLabel(text['create.deadline']!).fill(inDays(14));
  await page.getByLabel(deliverableText(text, '1 Instagram Story')).check();
  await page.getByLabel('Instagram', { exact: true }).check();
  await page.getByLabel(text['create.confirm']!).check();
}

/** Creates a deal without paying it (status pending_payment); returns its id. */
export async function createUnpaidDeal(
  page: Page,
  fields: DealFields,
): Promise<number> {
  await page.goto('/create');
  await see(page, 'Step 1 of 4');
  await fillDealForm(page, fields);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL('**/payment/*');
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** One milestone as the brand types it: deliverables by their stored (English) values. */
export interface PlanMilestone {
  title: string;
  amount: string;
  /** YYYY-MM-DD */
  dueDate: string;
  deliverables?: string[];
}

/** Milestone `number` (1-based) of the deal form's plan. */
export const milestoneFields = (page: Page, number: number) =>
  page.getByTestId(`milestone-${number}`);

/**
 * On the create or edit form: splits the deal into milestones (unless it already is), adds or
 * removes milestones until there are as many as `plan` has (2 to 10), and fills each one's title,
 * deliverables (exactly those given), amount and due date, in the page's language.
 */
export async function fillMilestonePlan(
  page: Page,
  lang: 'en' | 'nl',
  plan: readonly PlanMilestone[],
): Promise<void> {
  const text = formTexts(lang);
  const section = page.getByTestId('milestone-plan');
  const shown = () => section.locator('[data-testid^="milestone-"]').count();
  if ((await shown()) === 0)
    await section.getByRole('button', { name: text['plan.split']! }).click();
  while ((await shown()) < plan.length)
    await section.getByRole('button', { name: text['plan.add']! }).click();
  for (let n = await shown(); n > plan.length; n--) {
    const remove = text['plan.remove']!.replace('{number}', String(n));
    await section.getByRole('button', { name: remove }).click();
  }
  for (const [i, m] of plan.entries()) {
    const fields = milestoneFields(page, i + 1);
    await fields.getByLabel(text['plan.title']!).fill(m.title);
    for (const option of deliverableOptions)
      await fields
        .getByLabel(deliverableText(text, option), { exact: true })
        .setChecked((m.deliverables ?? []).includes(option));
    await fields.getByLabel(text['create.amount']!).fill(m.amount);
    await fields.getByLabel(text['plan.dueDate']!).fill(m.dueDate);
  }
}
