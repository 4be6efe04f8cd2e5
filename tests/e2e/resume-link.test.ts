import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, phoneContext, screens } from './support/browser';
import {
  createAndPayDeal,
  registerAndOnboard,
  see,
  unique,
  fillPayoutIdentity,
} from './support/flows';
import { codeMailedTo } from './support/link-codes';
import { startServer, type RunningServer } from './support/server';

/**
 * A creator accepts a deal in one browser (an in-app browser, Dutch), confirms an e-mail address
 * with a code, and later goes on in another browser (English) after a code to that address: sets up
 * the bank account and delivers there. The first browser is told, and a stranger with the link
 * still cannot act.
 */
describe('resume a link on another device', () => {
  let server: RunningServer;
  let browser: Browser;
  let link = '';
  let first: Page;
  const email = `${unique('resume')}@example.com`;
  const seen = new Set<string>();
  const snap = screens('resume');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the creator accepts in a Dutch browser and confirms an e-mail address with a code', async () => {
    const brand = await (await phoneContext(browser, server.url)).newPage();
    await registerAndOnboard(brand, snap, unique('resumebrand'));
    link = await createAndPayDeal(brand, snap, '@resume.creator');

    first = await (await phoneContext(browser, server.url, 'nl-NL')).newPage();
    await first.goto(link);
    // Accepting needs the address confirmed with the code mailed to it.
    const card = first.getByTestId('acceptance-code');
    await card.getByRole('heading', { name: 'Bevestig je e-mailadres' }).waitFor();
    await card.getByLabel('Je e-mailadres').fill(email);
    await card.getByRole('button', { name: 'Code sturen' }).click();
    const code = await codeMailedTo(server, email, seen);
    await first.getByTestId('accept-contract').check();
    await card.getByLabel('Code uit de e-mail').fill('000000' === code ? '111111' : '000000');
    await card.getByRole('button', { name: 'Deal accepteren' }).click();
    // A wrong code is told in the reader's language, with the tries left, and accepts nothing.
    await see(first, /^Die code klopt niet; nog \d+ pogingen\.$/);
    expect(await first.getByText('Deal geaccepteerd!').count()).toBe(0);
    await card.getByLabel('Code uit de e-mail').fill(code);
    await card.getByRole('button', { name: 'Deal accepteren' }).click();
    await see(first, 'Deal geaccepteerd!');
    await first.getByTestId('email-confirmed').waitFor();
    expect(await first.getByTestId('email-confirmed').textContent()).toContain(
      'E-mailadres bevestigd',
    );
    expect(await seriousViolations(first)).toEqual([]);
    await snap(first, 'confirmed-nl');
  }, 180_000);

  it('a stranger with the forwarded link sees where it continues and cannot act', async () => {
    const stranger = await (await phoneContext(browser, server.url)).newPage();
    await stranger.goto(link);
    await see(stranger, 'This deal continues on another device');
    expect(await stranger.getByRole('button', { name: /Set up bank details/ }).count()).toBe(0);
    // The address is masked: the link alone does not reveal it.
    expect(await stranger.getByTestId('continue-on-device').textContent()).not.toContain(email);
    await stranger.close();
  });

  it('in another browser the creator continues after a code to that address, and delivers there', async () => {
    const second = await (await phoneContext(browser, server.url)).newPage();
    await second.goto(link);
    const panel = second.getByTestId('continue-on-device');
    await see(second, 'This deal continues on another device');
    await panel.getByRole('button', { name: 'Continue on this device' }).click();
    const code = await codeMailedTo(server, email, seen);
    await panel.getByLabel('Code from the e-mail').fill(code);
    await snap(second, 'resume-code');
    await panel.getByRole('button', { name: 'Continue on this device' }).click();
    // The claim moved here: the link's actions show (the toast says so, but toasts go away).
    await second.getByRole('button', { name: /Set up bank details/ }).waitFor({ timeout: 30_000 });
    expect(await panel.count()).toBe(0);

    await fillPayoutIdentity(second);
    await second.getByRole('button', { name: /Set up bank details/ }).click();
    await second.waitForURL('**/sim/onboarding/**');
    await second.getByRole('button', { name: 'Complete setup' }).click();
    await second.waitForURL('**/accept/**');
    await second.getByRole('button', { name: 'Mark assignment as completed' }).click();
    await see(second, 'Marked as delivered');
    await expect
      .poll(() => second.getByTestId('creator-status').textContent(), { timeout: 20_000 })
      .toBe('Delivered');
    await snap(second, 'delivered-elsewhere');

    // The first browser is told the link moved, and its buttons are gone.
    await first.reload();
    await see(first, 'Deze deal loopt verder op een ander apparaat');
    expect(await first.getByRole('button', { name: /Bankgegevens/ }).count()).toBe(0);
    await snap(first, 'moved-away-nl');
  });
});
