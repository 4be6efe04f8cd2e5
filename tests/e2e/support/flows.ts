import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { acceptInBrowser } from './link-codes';
import type { RunningServer } from './server';

export type Snap = (page: Page, name: string) => Promise<void>;

const inDays = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
let counter = 0;
export const unique = (base: string): string =>
  `${base}${Date.now().toString(36)}${(counter += 1)}`;

/** The identity form's labels, per language. */
const identityLabels = {
  en: {
    name: 'Legal name',
    address: /^Address \(street/,
    birth: 'Date of birth',
    tax: 'Tax id',
  },
  nl: {
    name: 'Officiële naam',
    address: /^Adres \(straat/,
    birth: 'Geboortedatum',
    tax: 'Fiscaal nummer',
  },
};

/** Fills the identity bank setup asks for before it starts (legal name, address, date of birth, tax id). */
export async function fillPayoutIdentity(
  page: Page,
  lang: 'en' | 'nl' = 'en',
): Promise<void> {
  const label = identityLabels[lang];
  await page.getByLabel(label.name).fill('Sam de Tester');
  await page
    .getByLabel(label.address)
    .fill('Oudegracht 10, 3511 AP Utrecht, NL');
  await page.getByLabel(label.birth).fill('1995-06-15');
  await page.getByLabel(label.tax).fill('123456782');
}

/** Waits until the text is visible anywhere on the page. */
export async function see(
  page: Page,
  text: string | RegExp,
  timeout = 20_000,
): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout });
}

/** Registers a fresh account and completes onboarding; ends on the deals screen. */
export async function registerAndOnboard(
  page: Page,
  snap: Snap,
  name: string,
): Promise<{ email: string; password: string }> {
  const email = `${name}@example.com`;
  const password = 'secret-password';
  await page.goto('/register');
  await see(page, 'Create account');
  await page.getByLabel('Username', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Company name (optional)').fill(`${name} BV`);
  await page.getByLabel('Country (optional)').selectOption('NL');
  await snap(page, 'register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/onboarding');
  await see(page, 'Complete your profile');
  await page.getByLabel('Phone number (optional)').fill('+31 6 12345678');
  await snap(page, 'onboarding');
  await page.getByRole('button', { name: 'Complete setup' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await see(page, 'No deals created yet');
  await snap(page, 'dashboard-empty');
  return { email, password };
}

/** Creates a deal, pays it in the simulated checkout and copies the link; returns the accept URL. */
export async function createAndPayDeal(
  page: Page,
  snap: Snap,
  influencer: string,
): Promise<string> {
  await page.getByRole('link', { name: 'New Deal', exact: true }).click();
  await page.waitForURL('**/create');
  await page.getByLabel('Influencer').fill(influencer);
  await page.getByLabel('Title (optional)').fill('Spring launch reel');
  await page
    .getByLabel('Description')
    .fill('- 1 reel about the spring collection\n- Tag @brand in the caption');
  await page.getByLabel('Amount (€)').fill('1800');
  await see(
    page,
    'The product currently supports deals up to €1,750. For larger deals, please contact us.',
  );
  await page.getByLabel('Amount (€)').fill('250');
  await page.getByLabel('Content delivery date').fill(inDays(10));
  await page.getByLabel('1 Instagram Post').check();
  await page.getByLabel('Instagram', { exact: true }).check();
  await page
    .getByLabel(/I understand that the money will only be released/)
    .check();
  await snap(page, 'create-deal');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL('**/payment/*');
  await see(page, 'Total to pay');
  await snap(page, 'payment');
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await page.waitForURL('**/sim/checkout/**');
  await snap(page, 'sim-checkout');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL('**/payment-success/*');
  await see(page, 'Payment Successful!');
  const link =
    (await page.getByTestId('share-link').textContent({ timeout: 20_000 })) ??
    '';
  expect(link).toContain('/accept/');
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await see(page, 'Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // The receipt is linked by its unguessable reference, not the deal's id.
  await page
    .locator('a[href^="/documents/"]', { hasText: 'Receipt' })
    .waitFor();
  expect(
    await page.getByRole('link', { name: 'Receipt' }).getAttribute('href'),
  ).toMatch(/^\/documents\/[0-9a-f]{32}$/);
  await snap(page, 'payment-success');
  return link;
}

/**
 * The creator opens the link, accepts (the contract's box, then an address confirmed with the code
 * mailed to it), completes bank setup and marks delivery. `server` is where the code mail is read.
 */
export async function creatorDelivers(
  context: BrowserContext,
  link: string,
  snap: Snap,
  server: Pick<RunningServer, 'dataDir'>,
): Promise<void> {
  const page = await context.newPage();
  await page.goto(link);
  await see(page, "You're invited!");
  await snap(page, 'accept-invite');
  await acceptInBrowser(page, server);
  await see(page, 'Deal Accepted!');
  await see(page, 'Success! You have accepted the deal');
  await snap(page, 'accept-accepted');
  // The same link forwarded to another browser cannot set up the payout.
  const other = await context.browser()!.newContext();
  try {
    const stranger = await other.newPage();
    await stranger.goto(link);
    await see(stranger, 'Deal Accepted!');
    await see(stranger, 'This deal continues on another device');
    expect(
      await stranger
        .getByRole('button', { name: /Set up bank details/ })
        .count(),
    ).toBe(0);
    expect(stranger.url()).toContain('/accept/');
  } finally {
    await other.close();
  }
  await fillPayoutIdentity(page);
  await page.getByRole('button', { name: /Set up bank details/ }).click();
  await page.waitForURL('**/sim/onboarding/**');
  await snap(page, 'sim-onboarding');
  await page.getByRole('button', { name: 'Complete setup' }).click();
  await page.waitForURL('**/accept/**');
  await see(page, 'Bank Details Setup Complete!');
  await page
    .getByRole('button', { name: 'Mark assignment as completed' })
    .waitFor({ timeout: 20_000 });
  expect(new URL(page.url()).search).toBe('');
  await snap(page, 'accept-bank-connected');
  // No forced reload after bank setup: the tap right away counts.
  await page
    .getByRole('button', { name: 'Mark assignment as completed' })
    .click();
  await see(page, 'Marked as delivered');
  await see(page, 'The brand now reviews your work.');
  await expect
    .poll(() => page.getByTestId('creator-status').textContent(), {
      timeout: 20_000,
    })
    .toBe('Delivered');
  // When the money comes: a clock time and what is left of the brand's review.
  expect(await page.getByTestId('deal-countdown').textContent()).toMatch(
    /^Unless the brand opens a dispute, the money is released to you on .+ \(1 day 23 hr left\)$/,
  );
  await snap(page, 'accept-delivered');
  await page.close();
}

/** The brand's card for a creator, on the deals screen. */
export const cardOf = (page: Page, influencer: string) =>
  page.getByTestId('deal-card').filter({ hasText: influencer });

/** Clicks a button and confirms the prompt that follows. */
export async function confirmAction(
  page: Page,
  button: string,
  prompt: string | RegExp,
  snap: Snap,
  name: string,
  scope = page.locator('body'),
  input?: { label: string; text: string },
): Promise<void> {
  await scope.getByRole('button', { name: button, exact: true }).click();
  await see(page, prompt);
  if (input)
    await page.getByRole('dialog').getByLabel(input.label).fill(input.text);
  await snap(page, name);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'Confirm' })
    .click();
}

/** The brand approves the delivery on a deal's card and confirms the release. */
export function approveOnCard(
  page: Page,
  snap: Snap,
  card: Locator,
): Promise<void> {
  return confirmAction(
    page,
    'Approve',
    // The prompt names what moves and to whom.
    /^Approve and release €250\.00 to @[\w.]+\? The payout to the creator's bank account starts now and usually arrives within 1-2 business days\. This cannot be undone\.$/,
    snap,
    'confirm-release',
    card,
  );
}

/** On the brand's deals screen, disputes the delivered deal of this creator (optionally with a reason) and waits for the dispute. */
export async function disputeDelivered(
  page: Page,
  influencer: string,
  snap: Snap,
  reason?: string,
): Promise<void> {
  await page.goto('/');
  const card = cardOf(page, influencer);
  await expect
    .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
    .toBe('delivered');
  await confirmAction(
    page,
    'Dispute',
    // The prompt says when the period ends (a clock time) and who gets the money then.
    /^Are you sure you want to create a dispute\? This will start a resolution period of 72 hours: the money stays in escrow until .+\d\d:\d\d.*\. If it is not resolved by then, it is released to @[\w.]+\. Your reason opens a conversation/,
    snap,
    'confirm-dispute',
    card,
    reason === undefined
      ? undefined
      : { label: 'What is wrong with the delivery? (optional)', text: reason },
  );
  await see(page, 'Dispute created');
  await expect
    .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
    .toBe('dispute');
}

/**
 * From the filled create form (in English): Continue to payment, Pay on the simulated checkout,
 * then the link the success page shows. Answers the deal's id and its accept link.
 */
export async function payNewDeal(
  page: Page,
): Promise<{ dealId: number; link: string }> {
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL('**/payment/*');
  const dealId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await page.waitForURL('**/sim/checkout/**');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL('**/payment-success/*');
  const link =
    (await page.getByTestId('share-link').textContent({ timeout: 20_000 })) ??
    '';
  expect(link).toContain('/accept/');
  return { dealId, link };
}
