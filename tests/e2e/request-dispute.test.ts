import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin } from './support/admin-flows';
import { seriousViolations } from './support/axe';
import { launchBrowser, phoneContext, screens } from './support/browser';
import {
  registerAndOnboard,
  see,
  unique,
  fillPayoutIdentity,
} from './support/flows';
import { acceptInBrowser } from './support/link-codes';
import { createPaymentRequest } from './support/request-flows';
import { ADMIN, startServer, type RunningServer } from './support/server';

const TITLE = 'Herfstcampagne';
// The €200 request of the flows, paid €210 (5 % fee). The creator is given €120.50, so the fee kept
// is round(€10 × 120.50 / 200) = €6.03 and the brand gets €210 − €120.50 − €6.03 = €83.47.
const CREATOR_NL = '€ 120,50';
const REFUND_NL = '€ 83,47';
const FEE_NL = '€ 6,03';

/** A Dutch admin signs in on /admin/login (the admin follows the browser's language). */
async function adminLoginDutch(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Gebruikersnaam').fill(ADMIN.username);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.waitForURL('**/admin');
  await see(page, 'Beheerdashboard');
}

/**
 * A payment request is escrow too: the brand (a Dutch browser) disputes the creator's completion
 * with a reason, a Dutch admin resolves it with a split; another brand (English) declines a request.
 */
describe('a payment request disputed by its brand and split by an admin', () => {
  let server: RunningServer;
  let browser: Browser;
  let creator: Page;
  let brand: Page;
  let link = '';
  const snap = screens('request-dispute');
  const card = () =>
    creator.getByTestId('request-card').filter({ hasText: TITLE });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    creator = await (await phoneContext(browser, server.url)).newPage();
    brand = await (await phoneContext(browser, server.url, 'nl-NL')).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the creator connects a bank account and asks; the brand accepts and pays', async () => {
    await registerAndOnboard(creator, snap, unique('reqsplit'));
    await creator.goto('/profile');
    await fillPayoutIdentity(creator);
    await creator.getByRole('button', { name: 'Connect Bank Account' }).click();
    await creator.waitForURL('**/sim/onboarding/**');
    await creator.getByRole('button', { name: 'Complete setup' }).click();
    await creator.waitForURL('**/profile**');
    await see(creator, 'Connected');
    link = await createPaymentRequest(creator, snap, TITLE);

    await brand.goto(link);
    await acceptInBrowser(brand, server, { kind: 'request', lang: 'nl' });
    await brand.getByRole('button', { name: 'Nu betalen' }).click();
    await brand.waitForURL('**/sim/checkout/**');
    await brand.getByLabel('Kaart').check();
    await brand.getByRole('button', { name: 'Betalen', exact: true }).click();
    await brand.waitForURL('**/pay-request-success/**');
  }, 120_000);

  it('the creator marks it completed; the brand disputes with a reason and is told when the period ends', async () => {
    await creator.goto('/payment-requests');
    await expect
      .poll(() => card().getAttribute('data-status'), { timeout: 20_000 })
      .toBe('paid');
    await card().getByRole('button', { name: 'Mark as completed' }).click();
    const completing = creator.getByRole('dialog');
    await completing
      .getByLabel('Note to the brand (optional)')
      .fill('Both stories are live.');
    await completing.getByRole('button', { name: 'Mark as completed' }).click();
    await expect
      .poll(() => card().getAttribute('data-status'), { timeout: 20_000 })
      .toBe('delivered');

    await brand.goto(link);
    await see(brand, 'Voltooid, in beoordeling');
    await see(brand, 'Both stories are live.');
    await brand.getByRole('button', { name: 'Betwisten' }).click();
    const dialog = brand.getByRole('dialog');
    // What happens when the period ends, and when (a clock time, not only a duration).
    await expect
      .poll(() => dialog.textContent())
      .toMatch(
        /Als die afloopt, op .*\d{1,2}:\d{2}.*, gaat het geld naar de creator/,
      );
    await dialog.getByRole('button', { name: 'Betwisten' }).click();
    await see(brand, 'Geef een reden voor het geschil.');
    await dialog
      .getByLabel('Wat is er mis met het werk?')
      .fill('De tweede story ontbreekt.');
    await snap(brand, 'dispute-dialog');
    expect(await seriousViolations(brand)).toEqual([]);
    await dialog.getByRole('button', { name: 'Betwisten' }).click();
    await see(brand, 'Geschil geopend');
    await see(brand, 'Jouw reden: De tweede story ontbreekt.');
    await snap(brand, 'disputed');

    await creator.reload();
    await expect
      .poll(() => card().getAttribute('data-status'), { timeout: 20_000 })
      .toBe('dispute');
  });

  it('a Dutch admin sees the amounts before confirming, then the split with both parts done', async () => {
    const admin = await (
      await phoneContext(browser, server.url, 'nl-NL')
    ).newPage();
    await adminLoginDutch(admin);
    await admin.getByRole('tab', { name: 'Betaalverzoeken' }).click();
    const item = admin.getByTestId('admin-request').filter({ hasText: TITLE });
    await item.getByText('Betwist', { exact: true }).waitFor();
    await item.click();
    const panel = admin.getByRole('region', { name: /^Betaalverzoek #/ });
    await panel.getByRole('button', { name: 'Oplossen met verdeling' }).click();
    const dialog = admin.getByRole('dialog', {
      name: 'Oplossen met een verdeling',
    });
    await dialog.getByLabel('Creator ontvangt (€)').fill('120,50');
    const preview = dialog.getByTestId('split-preview');
    // nl-NL money has a no-break space after the euro sign.
    const shown = async () =>
      ((await preview.textContent()) ?? '').replace(/\u00a0/g, ' ');
    await expect.poll(shown, { timeout: 20_000 }).toContain(REFUND_NL);
    const text = await shown();
    expect(text).toContain(`Creator ontvangt${CREATOR_NL}`);
    expect(text).toContain(`Merk terugbetaald${REFUND_NL}`);
    expect(text).toContain(`Platformkosten behouden${FEE_NL}`);
    await snap(admin, 'split-preview');
    expect(await seriousViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Verdeling bevestigen' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });

    const status = panel.getByTestId('split-status');
    for (const part of ['split-transfer', 'split-refund'])
      await expect
        .poll(() => status.getByTestId(part).getAttribute('data-state'), {
          timeout: 30_000,
        })
        .toBe('succeeded');
    await panel.getByText('Opgelost met verdeling', { exact: true }).waitFor();
    // No action is left once the money is settled.
    expect(
      await panel
        .getByRole('button', { name: 'Oplossen met verdeling' })
        .count(),
    ).toBe(0);
    await snap(admin, 'split-done');
  });

  it('the Disputes tab lists the request dispute beside deals, opens its timeline and thread in Dutch and English, and links to its admin actions', async () => {
    const views = [
      {
        lang: 'nl-NL',
        tab: 'Geschillen',
        kind: 'Soort',
        only: 'Betaalverzoeken',
      },
      {
        lang: 'en-GB',
        tab: 'Disputes',
        kind: 'Kind',
        only: 'Payment requests',
      },
    ] as const;
    for (const view of views) {
      const admin = await (
        await phoneContext(browser, server.url, view.lang)
      ).newPage();
      if (view.lang === 'nl-NL') await adminLoginDutch(admin);
      else await adminLogin(admin, ADMIN);
      await admin.getByRole('tab', { name: view.tab }).click();
      await admin.getByLabel(view.kind).selectOption({ label: view.only });
      const item = admin
        .getByRole('list', { name: view.tab })
        .getByRole('button', { name: new RegExp(TITLE) });
      await item.waitFor({ timeout: 20_000 });
      expect(await item.getAttribute('data-kind')).toBe('payment_request');
      await item.click();
      const page = admin.getByRole('region', {
        name:
          view.lang === 'nl-NL'
            ? /^Geschil over betaalverzoek #/
            : /^Dispute on payment request #/,
      });
      await page.waitFor();
      const outcome =
        view.lang === 'nl-NL'
          ? 'Opgelost met een verdeling'
          : 'Resolved with a split';
      await expect
        .poll(() => page.getByTestId('dispute-outcome').textContent())
        .toBe(outcome);
      const timeline = page.getByTestId('dispute-timeline');
      await expect
        .poll(() => timeline.textContent())
        .toContain(
          view.lang === 'nl-NL'
            ? 'Het merk opende een geschil: „De tweede story ontbreekt.”'
            : 'The brand opened a dispute: “De tweede story ontbreekt.”',
        );
      expect(await timeline.textContent()).toContain(
        view.lang === 'nl-NL'
          ? 'loste het verzoek op met een verdeling'
          : 'resolved the request with a split',
      );
      // The conversation: the brand's reason opens it.
      await expect
        .poll(() => page.textContent())
        .toContain('De tweede story ontbreekt.');
      const width = await admin.evaluate(
        () => document.documentElement.scrollWidth,
      );
      expect(width).toBeLessThanOrEqual(390);
      await snap(admin, `admin-request-dispute-${view.lang}`);
      expect(await seriousViolations(admin)).toEqual([]);
      const actions = page.getByTestId('dispute-request-link');
      expect((await actions.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await actions.click();
      await admin.waitForURL('**/admin?request=*');
      await admin
        .getByRole('region', {
          name:
            view.lang === 'nl-NL' ? /^Betaalverzoek #/ : /^Payment request #/,
        })
        .waitFor();
      await admin.close();
    }
  }, 120_000);

  it('the brand reads the outcome in Dutch, the creator in English', async () => {
    await brand.goto(link);
    await see(brand, 'Opgelost met verdeling');
    await snap(brand, 'brand-split');
    await creator.goto('/payment-requests');
    await creator.getByRole('tab', { name: 'Finished' }).click();
    await expect
      .poll(() => card().getAttribute('data-status'), { timeout: 20_000 })
      .toBe('split_resolved');
    await card().getByText('Resolved with a split').first().waitFor();
    await snap(creator, 'creator-split');
  });

  it('a brand declines a request it did not order: rejected on both sides, nothing to pay', async () => {
    const declined = await createPaymentRequest(
      creator,
      snap,
      'Onbekende opdracht',
    );
    const stranger = await (await phoneContext(browser, server.url)).newPage();
    await stranger.goto(declined);
    await stranger.getByRole('button', { name: 'Reject request' }).click();
    const confirm = stranger.getByRole('dialog');
    await see(stranger, 'Are you sure you want to reject this request?');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await see(stranger, 'Request declined');
    await see(stranger, 'Rejected');
    expect(
      await stranger
        .getByRole('button', { name: 'Accept', exact: true })
        .count(),
    ).toBe(0);
    await snap(stranger, 'declined');

    await creator.goto('/payment-requests');
    const rejected = creator
      .getByTestId('request-card')
      .filter({ hasText: 'Onbekende opdracht' });
    await creator.getByRole('tab', { name: 'Finished' }).click();
    await expect
      .poll(() => rejected.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('rejected');
    await snap(creator, 'creator-declined');
  });
});
