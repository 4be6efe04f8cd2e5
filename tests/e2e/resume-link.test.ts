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
import { fundThroughApi } from './support/api-deals';
import { inDays } from './support/deal-form-flows';
import { codeMailedTo } from './support/link-codes';
import { acceptAsBefore } from './support/older-acceptance';
import { apiClient, startServer, type RunningServer } from './support/server';

/**
 * A creator accepts a deal in one browser (an in-app browser, Dutch), confirms an e-mail address
 * with a code, and later goes on in another browser (English) after a code to that address: sets up
 * the bank account and delivers there. The first browser is told, and a stranger with the link
 * still cannot act. An older link, accepted before the code was part of the acceptance, confirms
 * its address afterwards on the link page (the path such links keep) and continues the same way.
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
    await card
      .getByRole('heading', { name: 'Bevestig je e-mailadres' })
      .waitFor();
    await card.getByLabel('Je e-mailadres').fill(email);
    await card.getByRole('button', { name: 'Code sturen' }).click();
    const code = await codeMailedTo(server, email, seen);
    await first.getByTestId('accept-contract').check();
    await card
      .getByLabel('Code uit de e-mail')
      .fill('000000' === code ? '111111' : '000000');
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
    expect(
      await stranger
        .getByRole('button', { name: /Set up bank details/ })
        .count(),
    ).toBe(0);
    // The address is masked: the link alone does not reveal it.
    expect(
      await stranger.getByTestId('continue-on-device').textContent(),
    ).not.toContain(email);
    await stranger.close();
  });

  it('in another browser the creator continues after a code to that address, and delivers there', async () => {
    const second = await (await phoneContext(browser, server.url)).newPage();
    await second.goto(link);
    const panel = second.getByTestId('continue-on-device');
    await see(second, 'This deal continues on another device');
    await panel
      .getByRole('button', { name: 'Continue on this device' })
      .click();
    const code = await codeMailedTo(server, email, seen);
    await panel.getByLabel('Code from the e-mail').fill(code);
    await snap(second, 'resume-code');
    await panel
      .getByRole('button', { name: 'Continue on this device' })
      .click();
    // The claim moved here: the link's actions show (the toast says so, but toasts go away).
    await second
      .getByRole('button', { name: /Set up bank details/ })
      .waitFor({ timeout: 30_000 });
    expect(await panel.count()).toBe(0);

    await fillPayoutIdentity(second);
    await second.getByRole('button', { name: /Set up bank details/ }).click();
    await second.waitForURL('**/sim/onboarding/**');
    await second.getByRole('button', { name: 'Complete setup' }).click();
    await second.waitForURL('**/accept/**');
    await second
      .getByRole('button', { name: 'Mark assignment as completed' })
      .click();
    await see(second, 'Marked as delivered');
    await expect
      .poll(() => second.getByTestId('creator-status').textContent(), {
        timeout: 20_000,
      })
      .toBe('Delivered');
    await snap(second, 'delivered-elsewhere');

    // The first browser is told the link moved, and its buttons are gone.
    await first.reload();
    await see(first, 'Deze deal loopt verder op een ander apparaat');
    expect(
      await first.getByRole('button', { name: /Bankgegevens/ }).count(),
    ).toBe(0);
    await snap(first, 'moved-away-nl');
  });

  it('an older link, accepted before the code was part of the acceptance, still confirms the address afterwards (Dutch) and continues on another device with it', async () => {
    const call = apiClient(server);
    const name = unique('olderbrand');
    const register = {
      username: name,
      email: `${name}@example.com`,
      password: 'secret-password',
    };
    const { token } = await call<{ token: string }>(
      'POST',
      '/api/auth/register',
      {
        ...register,
        companyName: `${name} BV`,
      },
    );
    const deal = {
      influencer: '@older.creator',
      title: 'Older reel',
      description: 'One reel',
    };
    const { id } = await call<{ id: number }>(
      'POST',
      '/api/deals',
      {
        ...deal,
        amount: '250',
        deadline: inDays(10),
        deliverables: ['1 Instagram Post'],
      },
      token,
    );
    const older = await fundThroughApi(server, token, id);
    const secret = await acceptAsBefore(server, id, 'nl');
    const olderEmail = `${unique('older')}@example.com`;

    // The browser that accepted back then kept the claim secret; it has no confirmed address yet.
    const context = await phoneContext(browser, server.url, 'nl-NL');
    await context.addInitScript(
      ([link, kept]) => localStorage.setItem(`dealClaim:${link}`, kept),
      [older, secret] as const,
    );
    const then = await context.newPage();
    await then.goto(`/accept/${older}`);
    const card = then.getByTestId('confirm-email');
    await card
      .getByRole('heading', { name: 'Bevestig je e-mailadres' })
      .waitFor();
    expect(await seriousViolations(then)).toEqual([]);
    await snap(then, 'older-confirm-nl');
    await card.getByLabel('Je e-mailadres').fill(olderEmail);
    await card.getByRole('button', { name: 'Code sturen' }).click();
    await card
      .getByLabel('Code uit de e-mail')
      .fill(await codeMailedTo(server, olderEmail, seen));
    await card.getByRole('button', { name: 'Bevestigen' }).click();
    await then.getByTestId('email-confirmed').waitFor();
    expect(await then.getByTestId('email-confirmed').textContent()).toContain(
      'E-mailadres bevestigd',
    );
    expect(
      await then.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    expect(await seriousViolations(then)).toEqual([]);
    await snap(then, 'older-confirmed-nl');

    // That address is where "Continue on this device" sends its code, as for any link.
    const now = await (await phoneContext(browser, server.url)).newPage();
    await now.goto(`/accept/${older}`);
    const panel = now.getByTestId('continue-on-device');
    await panel
      .getByRole('button', { name: 'Continue on this device' })
      .click();
    await panel
      .getByLabel('Code from the e-mail')
      .fill(await codeMailedTo(server, olderEmail, seen));
    await panel
      .getByRole('button', { name: 'Continue on this device' })
      .click();
    await now
      .getByRole('button', { name: /Set up bank details/ })
      .waitFor({ timeout: 30_000 });
    await then.reload();
    await see(then, 'Deze deal loopt verder op een ander apparaat');
    await context.close();
  });
});
