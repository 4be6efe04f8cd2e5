import { spawnSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext } from './support/browser';
import { see } from './support/flows';
import { ADMIN, startServer, type RunningServer } from './support/server';
import { repoRoot } from './support/web-build';

/*
 * An admin whose address is refused by the sign-in throttles signs in on a 390 px phone with a
 * one-time recovery code from `npm run admin -- recovery-code`, in English; the Dutch form names
 * the field in Dutch.
 */
let server: RunningServer;
let browser: Browser;
let code = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(
      { LOGIN_MAX_FAILURES: '3' },
      {
        // The code is issued on the server's data folder before it starts (the first admin too).
        beforeStart: (env) => {
          const run = (args: string[], input = '') => {
            const result = spawnSync(
              process.execPath,
              ['--import', 'tsx', 'server/cli/admin.ts', ...args],
              {
                cwd: repoRoot,
                env: { ...process.env, ...env },
                input,
                encoding: 'utf8',
              },
            );
            if (result.status !== 0)
              throw new Error(`admin CLI: ${result.stderr}`);
            return result.stdout;
          };
          run(['create', 'keeper'], 'keeper-password-1\n');
          code = /\b([A-Z2-7]{4}(?:-[A-Z2-7]{4}){7})\b/.exec(
            run(['recovery-code', 'keeper']),
          )![1]!;
        },
      },
    ),
    launchBrowser(),
  ]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('admin recovery code on the sign-in form', () => {
  it('given this address refused for the account, when the admin adds the recovery code, then the admin area opens', async () => {
    expect(ADMIN.username).not.toBe('keeper');
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.url}/api/auth/admin-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'keeper', password: 'a-guess' }),
      });
      expect(res.status).toBe(401);
    }
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('keeper');
    await page
      .getByLabel('Password', { exact: true })
      .fill('keeper-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await see(page, 'Login Failed');
    expect(page.url()).toContain('/admin/login');

    const field = page.getByLabel('Recovery code (optional)');
    await see(page, 'the one-time code an operator made for you on the server');
    await field.fill(` ${code.toLowerCase()} `);
    const box = await field.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin');
    await see(page, 'Admin dashboard');
    await context.close();
  }, 120_000);

  it('names the field and its hint in Dutch', async () => {
    const context = await phoneContext(browser, server.url, 'nl-NL');
    const page = await context.newPage();
    await page.goto('/admin/login');
    await expect
      .poll(async () => page.getByLabel('Herstelcode (optioneel)').count())
      .toBe(1);
    await see(
      page,
      'de eenmalige code die een beheerder op de server voor je heeft gemaakt',
    );
    await context.close();
  }, 60_000);
});
