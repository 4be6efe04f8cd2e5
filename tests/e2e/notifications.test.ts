import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { registerAndOnboard, see, unique } from './support/flows';
import { startServer, type RunningServer } from './support/server';

const logLines = (page: Page) =>
  page.getByTestId('push-log').locator('li').allTextContents();

/**
 * Headless Chromium grants no push permission, so these tests assert the paths a browser without
 * permission (or without push support) really takes, never a faked subscription.
 */
describe('notifications test page', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const snap = screens('notify');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await phoneContext(browser, server.url);
    page = await context.newPage();
    await registerAndOnboard(page, snap, unique('notifier'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows support, permission and subscription as the browser reports them', async () => {
    await page.goto('/notifications-test');
    await see(page, 'Notifications test');
    const browserSays = await page.evaluate(() => ({
      supported:
        'serviceWorker' in navigator &&
        'PushManager' in window &&
        'Notification' in window,
      permission: 'Notification' in window ? Notification.permission : 'denied',
    }));
    expect(await page.getByTestId('push-support').textContent()).toBe(
      browserSays.supported ? 'Supported' : 'Not supported',
    );
    expect(await page.getByTestId('push-permission').textContent()).toBe(
      browserSays.permission,
    );
    expect(await page.getByTestId('push-subscription').textContent()).toBe(
      'Not subscribed',
    );
    expect(
      await page
        .getByRole('button', { name: 'Disable notifications' })
        .isDisabled(),
    ).toBe(true);
    await see(page, 'No results yet.');
    await snap(page, 'initial');
  });

  it('enabling without permission toasts "Permission denied" and logs the failure; nothing is subscribed', async () => {
    const enable = page.getByRole('button', { name: 'Enable notifications' });
    // 127.0.0.1 is a secure context, so Chromium offers push; only the permission is missing.
    expect(await enable.isEnabled()).toBe(true);
    await enable.click();
    await see(page, 'Permission denied');
    expect(await page.getByTestId('toast').textContent()).toContain(
      'Push notifications require browser permission',
    );
    await expect
      .poll(() => logLines(page))
      .toEqual([
        expect.stringMatching(/✗ Enable failed: permission (denied|default)$/),
      ]);
    expect(await page.getByTestId('push-permission').textContent()).not.toBe(
      'granted',
    );
    expect(await page.getByTestId('push-subscription').textContent()).toBe(
      'Not subscribed',
    );
    await snap(page, 'permission-denied');
  });

  it('server tests log what the server did (no subscription: nothing sent); Clear empties the log', async () => {
    await page
      .getByRole('button', { name: 'Test server notification' })
      .click();
    await page
      .getByRole('button', { name: 'Test deal-accepted notification' })
      .click();
    await expect
      .poll(async () => (await logLines(page)).slice(0, 2))
      .toEqual([
        expect.stringMatching(
          /✗ Deal-accepted notification failed: sent 0, failed 0$/,
        ),
        expect.stringMatching(
          /✗ Server notification failed: sent 0, failed 0$/,
        ),
      ]);
    await snap(page, 'log');
    await page.getByRole('button', { name: 'Clear' }).click();
    await see(page, 'No results yet.');
    expect(await page.getByTestId('push-log').count()).toBe(0);
  });

  it('a browser without push support shows "Not supported" and disables enabling, here and on the profile', async () => {
    const bare = await browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: server.url,
      storageState: await context.storageState(),
    });
    await bare.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    const other = await bare.newPage();
    await other.goto('/notifications-test');
    await expect
      .poll(() => other.getByTestId('push-support').textContent())
      .toBe('Not supported');
    expect(
      await other
        .getByRole('button', { name: 'Enable notifications' })
        .isDisabled(),
    ).toBe(true);
    expect(
      await other
        .getByRole('button', { name: 'Test local notification' })
        .isDisabled(),
    ).toBe(true);
    await snap(other, 'unsupported');
    await other.goto('/profile');
    await see(other, 'Account settings');
    expect(
      await other
        .getByRole('switch', { name: 'Push notifications' })
        .isDisabled(),
    ).toBe(true);
    expect(
      await other
        .getByRole('button', { name: 'Send test notification' })
        .isDisabled(),
    ).toBe(true);
    await bare.close();
  });
});
