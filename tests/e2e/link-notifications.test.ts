import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browser as pushBrowser,
  decryptPushMessage,
  localTls,
  startPushEndpoint,
} from '@tests/support/push-endpoint';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { fakePushSubscription } from './support/fake-push';
import {
  approveOnCard,
  cardOf,
  createAndPayDeal,
  registerAndOnboard,
  see,
  unique,
  fillPayoutIdentity,
} from './support/flows';
import { startServer, type RunningServer } from './support/server';
import { acceptInBrowser } from './support/link-codes';

/*
 * A creator without an account turns push on from the accept page, for that deal only, and the
 * real server's notifications reactor pushes the payout to it (real web-push, VAPID, RFC 8291).
 *
 * What is not real: headless Chromium cannot register with a browser vendor's push service (it
 * answers "Registration failed" even with permission granted, and there is no such service
 * offline), so an init script stands in for `PushManager.subscribe`: it hands the page a
 * subscription whose endpoint is a local HTTPS push endpoint and whose keys belong to this test,
 * which then decrypts what the server sent. Everything from the page's fetch onwards is real.
 */
describe('push for one deal from the accept page', () => {
  let tempDir: string;
  let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
  let server: RunningServer;
  let browser: Browser;
  let brand: BrowserContext;
  let creator: BrowserContext;
  let page: Page;
  const keys = pushBrowser();

  beforeAll(async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'e2e-push-'));
    const tls = localTls(tempDir);
    endpoint = await startPushEndpoint(tls);
    // The server trusts the local push endpoint's certificate the way it trusts a real push service's.
    writeFileSync(join(tempDir, 'push-ca.pem'), tls.cert);
    [server, browser] = await Promise.all([
      startServer({
        NODE_EXTRA_CA_CERTS: join(tempDir, 'push-ca.pem'),
        PUSH_SERVICE_HOSTS: '127.0.0.1',
      }),
      launchBrowser(),
    ]);
    brand = await phoneContext(browser, server.url);
    creator = await phoneContext(browser, server.url);
    await creator.grantPermissions(['notifications'], { origin: server.url });
    const subscription = keys.subscription(
      `${endpoint.origin}/push/accept-page`,
    );
    await fakePushSubscription(creator, subscription);
    page = await brand.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (endpoint) {
      endpoint.server.closeAllConnections();
      await new Promise<void>((resolve) =>
        endpoint.server.close(() => resolve()),
      );
    }
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  it('the creator turns notifications on from the accept page, receives the payout push, and can turn them off', async () => {
    const snap = screens('link-push');
    await registerAndOnboard(page, snap, unique('brand'));
    const link = await createAndPayDeal(page, snap, '@push.creator');
    const token = new URL(link).pathname.split('/').pop()!;

    const accept = await creator.newPage();
    await accept.goto(link);
    await acceptInBrowser(accept, server);
    await see(accept, 'Deal Accepted!');
    const toggle = accept.getByRole('switch', {
      name: 'Notify me about this deal',
    });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await see(accept, 'Notifications on for this deal');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await snap(accept, 'notify-on');
    const endpointUrl = `${endpoint.origin}/push/accept-page`;
    const status = async () =>
      (await (
        await fetch(
          `${server.url}/api/deals/link/${token}/notifications?endpoint=${encodeURIComponent(endpointUrl)}`,
        )
      ).json()) as {
        subscribed: boolean;
      };
    expect(await status()).toEqual({ subscribed: true });
    // Reloaded, the page asks the server and shows the switch on.
    await accept.reload();
    await expect
      .poll(() =>
        accept
          .getByRole('switch', { name: 'Notify me about this deal' })
          .getAttribute('aria-checked'),
      )
      .toBe('true');

    // Bank setup and delivery, as in the deal flow (the deal is already accepted here).
    await fillPayoutIdentity(accept);
    await accept.getByRole('button', { name: /Set up bank details/ }).click();
    await accept.waitForURL('**/sim/onboarding/**');
    await accept.getByRole('button', { name: 'Complete setup' }).click();
    await accept.waitForURL('**/accept/**');
    await see(accept, 'Bank Details Setup Complete!');
    await accept
      .getByRole('button', { name: 'Mark assignment as completed' })
      .waitFor({ timeout: 20_000 });
    // The page reloads itself 3 s after the bank setup; act after that.
    await accept.waitForTimeout(3_500);
    await accept
      .getByRole('button', { name: 'Mark assignment as completed' })
      .click();
    await expect
      .poll(() => accept.getByTestId('creator-status').textContent(), {
        timeout: 20_000,
      })
      .toBe('Delivered');
    await accept.close();

    await page.goto('/');
    const card = cardOf(page, '@push.creator');
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('delivered');
    await card.getByRole('button', { name: 'Details' }).click();
    await approveOnCard(page, snap, card);
    await see(page, 'Payout started');

    const received = () =>
      endpoint.received
        .filter((r) => r.path === '/push/accept-page')
        .map(
          (r) =>
            JSON.parse(decryptPushMessage(r.body, keys)) as {
              title: string;
              url: string;
            },
        );
    await expect.poll(received, { timeout: 20_000 }).toEqual([
      expect.objectContaining({
        title: 'Payout sent',
        url: `/accept/${token}`,
      }),
    ]);

    const again = await creator.newPage();
    await again.goto(link);
    const off = again.getByRole('switch', {
      name: 'Notify me about this deal',
    });
    await expect.poll(() => off.getAttribute('aria-checked')).toBe('true');
    await off.click();
    await see(again, 'Notifications off for this deal');
    await expect.poll(() => off.getAttribute('aria-checked')).toBe('false');
    expect(await status()).toEqual({ subscribed: false });
    await snap(again, 'notify-off');
  });

  it("the profile's email toggle is saved on the server: it stays off after a reload", async () => {
    await page.goto('/profile');
    const email = page.getByRole('switch', { name: 'Email notifications' });
    await expect.poll(() => email.getAttribute('aria-checked')).toBe('true');
    await email.click();
    await expect.poll(() => email.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await expect
      .poll(() =>
        page
          .getByRole('switch', { name: 'Email notifications' })
          .getAttribute('aria-checked'),
      )
      .toBe('false');
    const saved = await page.evaluate(async () => {
      const token = localStorage.getItem('authToken');
      const res = await fetch('/api/user/notification-preferences', {
        headers: { authorization: `Bearer ${token}` },
      });
      return res.json() as Promise<unknown>;
    });
    expect(saved).toEqual({
      push: true,
      email: false,
      documents: {
        receipt: true,
        invoice: true,
        creditNote: true,
        statement: true,
        selfBilled: true,
      },
      language: 'en',
    });
  });
});
