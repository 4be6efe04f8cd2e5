import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser as pushBrowser } from '@tests/support/push-endpoint';
import { seriousViolations } from './support/axe';
import { adminLogin } from './support/admin-flows';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { fakePushSubscription } from './support/fake-push';
import { unique } from './support/flows';
import {
  ADMIN,
  apiClient,
  startServer,
  type RunningServer,
} from './support/server';

const texts = {
  en: { tab: 'Money', switch: 'Push alerts on this device' },
  nl: { tab: 'Geld', switch: 'Pushmeldingen op dit apparaat' },
} as const;

/*
 * An admin turns push alerts on and off for this device on the Money tab; the server keeps the
 * choice, and the reloaded page shows it. Headless Chromium cannot register with a vendor's push
 * service, so an init script stands in for `PushManager.subscribe` (an FCM endpoint this test owns,
 * keys of its own); everything from the page's request onwards is real. Nothing is pushed here.
 */
describe('admin alerts: the push switch on the Money tab is kept after a reload', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const endpoint = `https://fcm.googleapis.com/fcm/send/${unique('e2e-admin-alerts')}`;
  const snap = screens('admin-alerts');

  /** What the server keeps for this device's endpoint. */
  const kept = async () => {
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    const path = `/api/admin/push?endpoint=${encodeURIComponent(endpoint)}`;
    return (
      await apiClient(server)<{ subscribed: boolean }>(
        'GET',
        path,
        undefined,
        token!,
      )
    ).subscribed;
  };

  /** The switch on the Money tab, in the page's language. */
  async function alertSwitch(lang: keyof typeof texts) {
    await page.getByRole('tab', { name: texts[lang].tab }).click();
    const toggle = page.getByTestId('admin-alerts').getByRole('switch', {
      name: texts[lang].switch,
    });
    await toggle.waitFor();
    return toggle;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await phoneContext(browser, server.url);
    await context.grantPermissions(['notifications'], { origin: server.url });
    await fakePushSubscription(context, pushBrowser().subscription(endpoint));
    page = await context.newPage();
    await adminLogin(page, ADMIN);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('in English the admin turns alerts on; after a reload the switch is still on, as the server keeps it', async () => {
    const toggle = await alertSwitch('en');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await kept()).toBe(false);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await expect.poll(kept).toBe(true);
    await page.reload();
    const reloaded = await alertSwitch('en');
    await expect
      .poll(() => reloaded.getAttribute('aria-checked'), { timeout: 10_000 })
      .toBe('true');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'on-en');
  }, 60_000);

  it('in Dutch the admin turns them off; after a reload the switch is off, as the server keeps it', async () => {
    await page.getByRole('button', { name: 'Nederlands' }).click();
    const toggle = await alertSwitch('nl');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(kept).toBe(false);
    // The reloaded page asks the server for this device's state (the browser still holds the
    // subscription): off, and the switch shows it.
    const asked = page.waitForResponse((r) =>
      r.url().includes('/api/admin/push?endpoint='),
    );
    await page.reload();
    const reloaded = await alertSwitch('nl');
    expect(await (await asked).json()).toEqual({ subscribed: false });
    expect(await reloaded.getAttribute('aria-checked')).toBe('false');
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'off-nl');
  }, 60_000);
});
