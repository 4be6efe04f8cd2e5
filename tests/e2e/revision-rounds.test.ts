import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations as axeViolations } from './support/axe';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { fillDealForm } from './support/deal-form-flows';
import {
  fillPayoutIdentity,
  payNewDeal,
  registerAndOnboard,
  see,
  unique,
} from './support/flows';
import { acceptInBrowser } from './support/link-codes';
import { startServer, type RunningServer } from './support/server';

/**
 * A deal with one revision round and paid-ads usage for 30 days, on phones: the English brand
 * sets the contract; the Dutch creator reads it, accepts it explicitly, delivers, is asked for
 * changes, delivers again; the brand, with no rounds left, can only approve (or dispute).
 */
describe('revision rounds and the sealed contract (brand in English, creator in Dutch)', () => {
  let server: RunningServer;
  let browser: Browser;
  let brand: Page;
  let creatorContext: BrowserContext;
  let creator: Page;
  let dealId = 0;
  let link = '';
  const snap = screens('rounds');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    brand = await (await phoneContext(browser, server.url)).newPage();
    creatorContext = await phoneContext(browser, server.url, 'nl-NL');
    creator = await creatorContext.newPage();
    await registerAndOnboard(brand, snap, unique('rounds'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the brand sets 1 revision round and paid ads for 30 days, then pays', async () => {
    await brand.goto('/create');
    await see(brand, 'Step 1 of 4');
    await fillDealForm(brand, {
      influencer: '@sam.films',
      title: 'Reel in rounds',
      amount: '300',
    });
    await brand.getByLabel('Revision rounds included').selectOption('1');
    await brand
      .getByLabel('Usage rights')
      .selectOption({ label: 'Paid ads / whitelisting for a number of days' });
    await brand.getByLabel('Days of paid use').fill('30');
    await snap(brand, 'create-contract');
    ({ dealId, link } = await payNewDeal(brand));
  });

  it('the creator reads the contract in Dutch, accepts it explicitly and delivers with a link', async () => {
    await creator.goto(link);
    await see(creator, 'Je bent uitgenodigd!');
    await see(
      creator,
      'Betaalde advertenties / whitelisting gedurende 30 dagen',
    );
    await snap(creator, 'contract');
    expect(await axeViolations(creator)).toEqual([]);
    // The address confirmed with a mailed code; without the box ticked the contract is not accepted.
    await acceptInBrowser(creator, server, { lang: 'nl' });
    await see(creator, 'Deal geaccepteerd!');
    // Bank setup asks for the identity the yearly payout report needs first.
    await fillPayoutIdentity(creator, 'nl');
    await creator
      .getByRole('button', { name: 'Bankgegevens instellen' })
      .click();
    await creator.waitForURL('**/sim/onboarding/**');
    await creator.getByRole('button', { name: 'Instellen voltooien' }).click();
    await creator.waitForURL('**/accept/**');
    await creator
      .getByLabel('Links naar de gepubliceerde content (optioneel)')
      .fill('https://instagram.example/p/first-cut');
    await creator
      .getByRole('button', { name: 'Opdracht als voltooid markeren' })
      .click();
    await expect
      .poll(() => creator.getByTestId('creator-status').textContent(), {
        timeout: 20_000,
      })
      .toBe('Geleverd');
  });

  it('the brand asks for changes with a note; the round is used', async () => {
    await brand.goto(`/deals/${dealId}`);
    await see(brand, '1 of 1 revision rounds left');
    await brand
      .getByTestId('change-note')
      .fill('Please reshoot the intro in daylight.');
    await snap(brand, 'request-changes');
    await brand.getByRole('button', { name: 'Send change request' }).click();
    await see(brand, 'Changes requested');
    await expect
      .poll(
        () => brand.getByTestId('deal-detail').getAttribute('data-status'),
        {
          timeout: 20_000,
        },
      )
      .toBe('changes_requested');
    expect(await axeViolations(brand)).toEqual([]);
  });

  it('the creator sees the note and delivers again', async () => {
    await see(creator, 'Please reshoot the intro in daylight.');
    await see(
      creator,
      'Het merk vroeg om wijzigingen. Lever opnieuw zodra ze klaar zijn.',
    );
    await creator
      .getByLabel('Toelichting (optioneel)')
      .fill('Nieuwe intro bij daglicht opgenomen.');
    await snap(creator, 'redeliver');
    await creator.getByRole('button', { name: 'Opnieuw leveren' }).click();
    await expect
      .poll(() => creator.getByTestId('creator-status').textContent(), {
        timeout: 20_000,
      })
      .toBe('Geleverd');
    await see(creator, 'Opnieuw geleverd');
    const width = await creator.evaluate(
      () => document.documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(390);
  });

  it('with the round used, the brand can no longer ask for changes and approves', async () => {
    await brand.goto(`/deals/${dealId}`);
    await see(brand, 'Nieuwe intro bij daglicht opgenomen.');
    const approve = brand
      .getByTestId('deal-detail')
      .getByRole('button', { name: 'Approve', exact: true });
    await approve.first().waitFor();
    expect(
      await brand.getByRole('button', { name: 'Send change request' }).count(),
    ).toBe(0);
    await approve.first().click();
    await brand
      .getByRole('dialog')
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect
      .poll(
        () => brand.getByTestId('deal-detail').getAttribute('data-status'),
        {
          timeout: 20_000,
        },
      )
      .toBe('completed');
    await snap(brand, 'approved');
  });
});
