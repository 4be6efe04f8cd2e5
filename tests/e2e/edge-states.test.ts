import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { registerAndOnboard, see, unique } from './support/flows';
import { createPaymentRequest } from './support/request-flows';
import { startServer, type RunningServer } from './support/server';

// Requests expire ~4 s after creation here, so the expired state can be reached in a test.
const EXPIRY_DAYS = String(4 / 86_400);

describe('not-found, expired, invalid-token and logged-out states', () => {
  let server: RunningServer;
  let browser: Browser;
  const fresh = async (locale?: string): Promise<Page> =>
    (await phoneContext(browser, server.url, locale)).newPage();

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ REQUEST_EXPIRY_DAYS: EXPIRY_DAYS }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('logged out: protected screens go to /login, link pages stay public', async () => {
    const snap = screens('d-logged-out');
    const page = await fresh();
    for (const path of [
      '/',
      '/deals',
      '/create',
      '/profile',
      '/payment-requests',
      '/onboarding',
    ]) {
      await page.goto(path);
      await page.waitForURL('**/login');
    }
    await see(page, 'Welcome back');
    expect(
      await page.getByRole('navigation', { name: 'Main navigation' }).count(),
    ).toBe(0);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await see(page, 'Invalid email address');
    await see(page, 'Password is required');
    await page.getByRole('button', { name: /Continue with Google/ }).click();
    await see(page, 'Google login soon available');
    await snap(page, 'login-errors');
    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await see(page, 'Login failed');
    await snap(page, 'login-failed');

    await page.goto('/payment-success/1');
    await see(page, 'Payment Successful!');
    await page.getByRole('link', { name: 'Login to Continue' }).waitFor();
    await snap(page, 'payment-success-logged-out');

    await page.goto('/admin');
    await page.waitForURL('**/admin/login');
    expect(
      await page.getByRole('button', { name: 'Sign in' }).isDisabled(),
    ).toBe(true);
    await snap(page, 'admin-login');
  });

  it('not found: unknown deal and request links, and a request link without token', async () => {
    const snap = screens('d-not-found');
    const page = await fresh();
    await page.goto('/accept/this-token-does-not-exist');
    await see(page, 'Deal not found');
    await see(
      page,
      'This link is not valid or the deal no longer exists. Contact the brand if you think this is an error.',
    );
    await see(page, 'Deal not found or link is invalid');
    await snap(page, 'accept');
    await page.goto('/pay-request/this-token-does-not-exist');
    await see(page, 'Request not found');
    await snap(page, 'pay-request');
    await page.goto('/pay-request');
    await see(page, 'No token found in the URL');
    await snap(page, 'pay-request-no-token');
  });

  it('invalid token: a malformed or rejected authToken is removed and the user lands on /login', async () => {
    const snap = screens('d-invalid-token');
    const page = await fresh();
    await page.goto('/login');
    for (const token of ['not-a-jwt', 'aaa.bbb.ccc']) {
      await page.evaluate(
        (value) => localStorage.setItem('authToken', value),
        token,
      );
      await page.goto('/');
      await page.waitForURL('**/login');
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('authToken')))
        .toBeNull();
    }
    // A token in the URL is never taken as the session (login CSRF).
    const register = async (name: string) => {
      const res = await page.request.post('/api/auth/register', {
        data: {
          username: name,
          email: `${name}@example.com`,
          password: 'secret123',
        },
      });
      return ((await res.json()) as { token: string }).token;
    };
    const mine = await register(unique('victim'));
    const attackers = await register(unique('attacker'));
    await page.goto('/?token=aaa.bbb.ccc');
    await page.waitForURL('**/login');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('authToken')))
      .toBeNull();
    await page.evaluate(
      (value) => localStorage.setItem('authToken', value),
      mine,
    );
    await page.goto(`/?token=${attackers}`);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(
      mine,
    );
    // The simulated gateway runs, so every screen says test mode.
    await page.getByTestId('test-mode-banner').waitFor();
    await page.evaluate(() => localStorage.removeItem('authToken'));
    await page.goto('/login');
    await page.getByTestId('test-mode-banner').waitFor();
    await snap(page, 'login');
  });

  it('expired: a request past its expiry shows "Verzoek verlopen"', async () => {
    const snap = screens('d-expired');
    const creator = await fresh();
    await registerAndOnboard(creator, snap, unique('maker'));
    const link = await createPaymentRequest(creator, snap, 'Verlopen opdracht');
    await new Promise((r) => setTimeout(r, 5_000));
    // A Dutch brand's browser: the request page is Dutch.
    const brand = await fresh('nl-NL');
    await brand.goto(link);
    await see(brand, 'Verzoek verlopen');
    await snap(brand, 'pay-request-expired');
  });
});
