import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';
import { repoRoot } from './web-build';

export const VIEWPORT = { width: 390, height: 844 };
const screenshots = join(repoRoot, 'tests', 'e2e', 'screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * A phone-sized context; clipboard permission so Copy buttons can be checked. `locale` is the
 * browser's language, which the app follows until the user picks one (en-US unless a test is Dutch).
 */
export async function phoneContext(
  browser: Browser,
  baseURL: string,
  locale = 'en-US',
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    baseURL,
    deviceScaleFactor: 1,
    hasTouch: false,
    locale,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: baseURL,
  });
  return context;
}

/** A page of a phone-sized context signed in with an account's token (kept where the app keeps it). */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  token: string,
  locale = 'en-US',
): Promise<Page> {
  const context = await phoneContext(browser, baseURL, locale);
  await context.addInitScript((value: string) => {
    localStorage.setItem('authToken', value);
  }, token);
  return context.newPage();
}

/**
 * Saves a screenshot of the current screen under tests/e2e/screenshots/ and checks that the page
 * does not scroll sideways at 390 px.
 */
export function screens(
  prefix: string,
): (page: Page, name: string) => Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  let n = 0;
  return async (page, name) => {
    n += 1;
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.screenshot({
      path: join(
        screenshots,
        `${prefix}-${String(n).padStart(2, '0')}-${name}.png`,
      ),
      fullPage: true,
    });
    const width = await page.evaluate(
      () => document.documentElement.scrollWidth,
    );
    expect(width, `${name} scrolls sideways`).toBeLessThanOrEqual(
      VIEWPORT.width,
    );
  };
}
