import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext, screens } from './support/browser';
import {
  registerAndOnboard,
  see,
  unique,
  fillPayoutIdentity,
} from './support/flows';
import { seriousViolations } from './support/axe';
import { startServer, type RunningServer } from './support/server';

const FAQ_EN = [
  'What does it cost, and why do deals and payment requests differ?',
  'When is the money released?',
  'How do disputes work?',
  'How do creators get paid?',
  'Which documents do I get?',
];
const FAQ_NL = [
  'Wat kost het, en waarom verschillen deals en betaalverzoeken?',
  'Wanneer wordt het geld vrijgegeven?',
  'Hoe werkt een geschil?',
  'Hoe worden creators betaald?',
  'Welke documenten krijg ik?',
];

const TERMS_SECTIONS = [
  '1. Definitions',
  '2. Escrow Service',
  '3. Fees',
  '4. Liability',
  '5. User Responsibility',
  '6. Payouts',
  '7. Changes',
  '8. Contact',
];

const identityFields = {
  en: {
    marker: '(required)',
    labels: ['Legal name', 'Address (street', 'Date of birth', 'Tax id'],
  },
  nl: {
    marker: '(verplicht)',
    labels: [
      'Officiële naam',
      'Adres (straat',
      'Geboortedatum',
      'Fiscaal nummer',
    ],
  },
};

/** The bank panel's identity fields are marked required (visible word, aria-required), at 390 px, axe clean. */
async function expectRequiredIdentity(
  page: Page,
  lang: 'en' | 'nl',
): Promise<void> {
  const { marker, labels } = identityFields[lang];
  for (const label of labels) {
    const control = page.getByLabel(
      new RegExp(`^${label.replace('(', '\\(')}`),
    );
    await control.waitFor();
    expect(await control.getAttribute('aria-required')).toBe('true');
    const id = await control.getAttribute('id');
    const shown = await page.locator(`label[for="${id}"]`).innerText();
    expect(shown.startsWith(label)).toBe(true);
    expect(shown).toContain(marker);
  }
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
}

/** True while keyboard focus stays inside the open dialog. */
const focusInDialog = (page: Page) =>
  page.evaluate(() =>
    Boolean(document.activeElement?.closest('[role="dialog"]')),
  );

describe('profile screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let name = '';
  const snap = screens('profile');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await (await phoneContext(browser, server.url)).newPage();
    name = unique('prof');
    await registerAndOnboard(page, snap, name);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the user card, the two stat tiles and the bank panel for a new account', async () => {
    await page.goto('/profile');
    await see(page, 'Account settings');
    await expect
      .poll(() => page.getByTestId('profile-username').textContent())
      .toContain(name);
    await see(page, `${name}@example.com`);
    for (const tile of ['Total deals', 'Successful']) {
      expect(
        await page.getByText(tile, { exact: true }).locator('..').textContent(),
      ).toBe(`0${tile}`);
    }
    await see(page, 'Bank Details & Payouts');
    await see(page, 'Not connected');
    await see(page, 'Setup required');
    await page.getByRole('button', { name: 'Connect Bank Account' }).waitFor();
    for (const toggle of ['Email notifications', 'Push notifications'])
      await page.getByRole('switch', { name: toggle }).waitFor();
    // Automatic release is the escrow's rule, told rather than switched (ADR 0026).
    expect(
      await page.getByRole('switch', { name: 'Auto-release funds' }).count(),
    ).toBe(0);
    expect(await page.getByTestId('auto-release').textContent()).toContain(
      'Always on: the money goes to the creator 48 hours after delivery',
    );
    expect(
      await page.getByRole('link', { name: 'Contact us' }).getAttribute('href'),
    ).toMatch(/^mailto:/);
    await snap(page, 'new-account');
  });

  it('Edit Profile: focus is trapped, the form validates, Save updates and closes', async () => {
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Update your profile information').waitFor();
    await dialog.getByRole('heading', { name: 'Edit Profile' }).waitFor();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
      expect(
        await focusInDialog(page),
        `focus left the dialog after ${i + 1} presses`,
      ).toBe(true);
    }
    await dialog.getByLabel('Username').fill('x');
    await dialog.getByLabel('Email Address').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await see(page, 'Username must be at least 2 characters');
    await see(page, 'Please enter a valid email address');
    await snap(page, 'edit-errors');

    const renamed = `${name}x`;
    await dialog.getByLabel('Username').fill(renamed);
    await dialog.getByLabel('Email Address').fill(`${renamed}@example.org`);
    await dialog.getByLabel('Company Name (optional)').fill('Renamed Studio');
    await dialog.getByLabel('Country (optional)').selectOption('BE');
    await dialog.getByLabel('Phone Number (optional)').fill('+32 470 12 34 56');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await see(page, 'Profile updated');
    expect(await page.getByTestId('toast').textContent()).toContain(
      'Your profile has been successfully updated.',
    );
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('profile-username').textContent())
      .toContain(renamed);
    expect(await page.getByTestId('profile-username').textContent()).toContain(
      '🇧🇪',
    );
    await see(page, `${renamed}@example.org`);
    await see(page, 'Renamed Studio');
    await see(page, '+32 470 12 34 56');
    await snap(page, 'edited');

    await page.reload();
    await expect
      .poll(() => page.getByTestId('profile-username').textContent())
      .toContain(renamed);
  });

  it('the bank panel goes from Setup incomplete to Connected through the simulated onboarding (not without the identity it asks for)', async () => {
    // Without the identity the platform reports payouts with, bank setup does not start.
    const refused = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );
    await page.getByRole('button', { name: 'Connect Bank Account' }).click();
    expect(await refused).toContain('before setting up payouts');
    expect(page.url()).toContain('/profile');
    // Each of the four fields says it is required: on screen, and to assistive technology.
    await expectRequiredIdentity(page, 'en');
    await page.getByRole('button', { name: 'Nederlands' }).click();
    await expectRequiredIdentity(page, 'nl');
    await snap(page, 'identity-required-nl');
    await page.getByRole('button', { name: 'English' }).click();
    await fillPayoutIdentity(page);
    await page.getByRole('button', { name: 'Connect Bank Account' }).click();
    await page.waitForURL('**/sim/onboarding/**');
    await page.getByRole('button', { name: 'Leave incomplete' }).click();
    await page.waitForURL('**/profile**');
    await see(page, 'Your bank setup is not finished yet.');
    await page.getByRole('button', { name: 'Complete Bank Setup' }).waitFor();
    await snap(page, 'bank-incomplete');
    await page.getByRole('button', { name: 'Complete Bank Setup' }).click();
    await page.waitForURL('**/sim/onboarding/**');
    await page.getByRole('button', { name: 'Complete setup' }).click();
    await page.waitForURL('**/profile**');
    await page.getByRole('button', { name: 'Manage Bank Details' }).waitFor();
    await see(page, 'Connected');
    await see(page, 'Ready');
    await snap(page, 'bank-connected');
  });

  it('the bank panel says "Error fetching status" when the status call fails', async () => {
    await page.route('**/api/stripe/account-status', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"x","message":"down"}',
      }),
    );
    await page.reload();
    await see(page, 'Error fetching status');
    await snap(page, 'bank-error');
    await page.unroute('**/api/stripe/account-status');
  });

  it('Terms & conditions opens a modal with its 8 sections and a Close button', async () => {
    await page.getByRole('button', { name: 'Terms & conditions' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Last updated').waitFor();
    // A real date in the reader's format, not a placeholder.
    expect(await dialog.getByText('Last updated').textContent()).toMatch(
      /^Last updated: Nov 27, 2026$/,
    );
    expect(await dialog.locator('h3').allTextContents()).toEqual(
      TERMS_SECTIONS,
    );
    await snap(page, 'terms');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('Frequently asked questions opens the FAQ: fees, timing, disputes, payouts and documents', async () => {
    await page
      .getByRole('link', { name: 'Frequently asked questions' })
      .click();
    await page.waitForURL('**/faq');
    await page
      .getByRole('heading', { level: 1, name: 'Frequently asked questions' })
      .waitFor();
    expect(await page.locator('summary h2').allTextContents()).toEqual(FAQ_EN);
    // The fees are the server's settings, and the first answer is open.
    await see(page, /8\.2% for a deal and 5% for a payment request/);
    await page.getByText('When is the money released?').click();
    await see(page, /the brand has 48 hours to approve or open a dispute/);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'faq');
    await page.goBack();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
  });

  it('Documents by e-mail: each kind switched on its own, saved on the account, in English and Dutch at 390 px', async () => {
    await page.goto('/profile');
    const box = page.getByTestId('document-mails');
    await box.getByText('Documents by e-mail').waitFor();
    const invoices = box.getByRole('switch', {
      name: 'Documents by e-mail: Invoice',
      exact: true,
    });
    await expect.poll(() => invoices.getAttribute('aria-checked')).toBe('true');
    await invoices.click();
    await expect
      .poll(() => invoices.getAttribute('aria-checked'))
      .toBe('false');
    const saved = await page.evaluate(async () => {
      const res = await fetch('/api/user/notification-preferences', {
        headers: {
          authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}`,
        },
      });
      return ((await res.json()) as { documents: Record<string, boolean> })
        .documents;
    });
    expect(saved).toMatchObject({
      invoice: false,
      receipt: true,
      statement: true,
    });
    await snap(page, 'document-mails-en');
    await page.getByRole('button', { name: 'Nederlands' }).click();
    await box.getByText('Documenten per e-mail').waitFor();
    const nl = box.getByRole('switch', {
      name: 'Documenten per e-mail: Factuur',
      exact: true,
    });
    await expect.poll(() => nl.getAttribute('aria-checked')).toBe('false');
    await nl.click();
    await expect.poll(() => nl.getAttribute('aria-checked')).toBe('true');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    await snap(page, 'document-mails-nl');
    await page.getByRole('button', { name: 'English' }).click();
    await box.getByText('Documents by e-mail').waitFor();
  });

  it('Log out asks first, then shows "Logged out", forgets the token and goes to /login', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await see(page, 'Are you sure you want to log out?');
    await snap(page, 'confirm-logout');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Confirm' })
      .click();
    await page.waitForURL('**/login');
    await see(page, 'Logged out');
    expect(await page.getByTestId('toast').textContent()).toContain(
      'You have been successfully logged out.',
    );
    expect(
      await page.evaluate(() => localStorage.getItem('authToken')),
    ).toBeNull();
    await snap(page, 'logged-out');
    await page.goto('/profile');
    await page.waitForURL('**/login');
  });
});

describe('the FAQ in Dutch, open without an account', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a Dutch visitor reads the questions and the fees in Dutch, at 390 px', async () => {
    const page = await (
      await phoneContext(browser, server.url, 'nl-NL')
    ).newPage();
    await page.goto('/faq');
    await page
      .getByRole('heading', { level: 1, name: 'Veelgestelde vragen' })
      .waitFor();
    expect(await page.locator('summary h2').allTextContents()).toEqual(FAQ_NL);
    await see(page, /8,2% voor een deal en 5% voor een betaalverzoek/);
    await page.getByText('Hoe werkt een geschil?').click();
    await see(page, /tot 72 uur bewaard/);
    expect(await seriousViolations(page)).toEqual([]);
    await screens('faq-nl')(page, 'faq');
  });
});
