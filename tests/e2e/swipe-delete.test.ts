import type {
  Browser,
  BrowserContext,
  CDPSession,
  Page,
} from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { cardOf, registerAndOnboard, see, unique } from './support/flows';
import { createUnpaidDeal } from './support/deal-form-flows';
import { startServer, type RunningServer } from './support/server';

const DELETE_PROMPT =
  'Are you sure you want to delete this deal? This cannot be undone.';

/** Where a drag can start on a card: the right end of its status row (not a link or button). */
async function grabPoint(
  page: Page,
  influencer: string,
): Promise<{ x: number; y: number }> {
  const line = cardOf(page, influencer)
    .getByTestId('deal-status')
    .locator('..');
  // Clear of the fixed bottom navigation and the toast area.
  await line.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await line.boundingBox();
  if (!box) throw new Error(`no card for ${influencer}`);
  return { x: box.x + box.width - 12, y: box.y + box.height / 2 };
}

const offsetOf = (page: Page, influencer: string) => async () =>
  Number(
    await page
      .getByTestId('swipe-container')
      .filter({ hasText: influencer })
      .getByTestId('swipe-track')
      .getAttribute('data-offset'),
  );
const revealOf = (page: Page, influencer: string) =>
  page
    .getByTestId('swipe-container')
    .filter({ hasText: influencer })
    .getByTestId('swipe-reveal');

describe('swipe or drag to delete a pending_payment deal card', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const snap = screens('swipe');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await phoneContext(browser, server.url);
    page = await context.newPage();
    await registerAndOnboard(page, snap, unique('swiper'));
    await createUnpaidDeal(page, { influencer: '@keep.me', title: 'Stays' });
    await createUnpaidDeal(page, {
      influencer: '@drag.me',
      title: 'Dragged away',
    });
    await createUnpaidDeal(page, {
      influencer: '@touch.me',
      title: 'Swiped away',
    });
    await page.goto('/');
    await cardOf(page, '@touch.me').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('mouse: reveal beyond 20 px, stop at 120 px, a release under 80 px snaps back and deletes nothing', async () => {
    const { x, y } = await grabPoint(page, '@keep.me');
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 15, y, { steps: 3 });
    await expect.poll(offsetOf(page, '@keep.me')).toBe(15);
    expect(await revealOf(page, '@keep.me').count()).toBe(0);
    await page.mouse.move(x - 60, y, { steps: 5 });
    await expect.poll(offsetOf(page, '@keep.me')).toBe(60);
    await revealOf(page, '@keep.me').waitFor();
    await snap(page, 'revealed');
    await page.mouse.move(x - 79, y, { steps: 2 });
    await page.mouse.up();
    await expect.poll(offsetOf(page, '@keep.me')).toBe(0);
    expect(await revealOf(page, '@keep.me').count()).toBe(0);
    expect(await page.getByText(DELETE_PROMPT).count()).toBe(0);
    expect(await cardOf(page, '@keep.me').count()).toBe(1);
  });

  it('mouse: a drag released beyond 80 px asks first; Cancel keeps the deal, Confirm deletes it', async () => {
    for (const answer of ['Cancel', 'Confirm'] as const) {
      const { x, y } = await grabPoint(page, '@drag.me');
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x - 200, y, { steps: 10 });
      await expect.poll(offsetOf(page, '@drag.me')).toBe(120);
      if (answer === 'Cancel') await snap(page, 'max-drag');
      await page.mouse.up();
      await see(page, DELETE_PROMPT);
      if (answer === 'Cancel') await snap(page, 'confirm-delete');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: answer })
        .click();
    }
    await see(page, 'Deal deleted');
    await expect
      .poll(() => cardOf(page, '@drag.me').count(), { timeout: 20_000 })
      .toBe(0);
    expect(await cardOf(page, '@keep.me').count()).toBe(1);
    await snap(page, 'deleted');
  });

  it('touch: a finger swipe left beyond 80 px deletes after the confirmation', async () => {
    const cdp: CDPSession = await context.newCDPSession(page);
    const { x, y } = await grabPoint(page, '@touch.me');
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', dx: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: x - dx, y }],
      });
    await touch('touchStart', 0);
    for (const dx of [10, 30, 60, 90, 110]) await touch('touchMove', dx);
    await expect.poll(offsetOf(page, '@touch.me')).toBe(110);
    await touch('touchEnd', 110);
    await see(page, DELETE_PROMPT);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Confirm' })
      .click();
    await see(page, 'Deal deleted');
    await expect
      .poll(() => cardOf(page, '@touch.me').count(), { timeout: 20_000 })
      .toBe(0);
    expect(await cardOf(page, '@keep.me').count()).toBe(1);
    await snap(page, 'touch-deleted');
  });
});
