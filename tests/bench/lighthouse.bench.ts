import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { apiClient, startServer } from '../e2e/support/server';
import type { BenchLine, BenchSuite } from './bench.types';

/**
 * Lighthouse (issue 12), mobile preset (Lighthouse's default: Moto G class device, slow 4G
 * throttling), against the production build in the local Chromium (CHROME_PATH, default
 * /usr/bin/chromium): performance and accessibility on /login, /accept/:token and / (signed in via
 * the ?token= return path). Target >= 95 each. Baseline: the same score on /login, the lightest
 * screen; extra: the JavaScript and total bytes each page transferred (beside the web-budget bench).
 */
const TARGET = 95;

export const run: BenchSuite = async () => {
  const server = await startServer({ LOG_LEVEL: 'error' });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const call = apiClient(server);
    const name = `lighthouse${Date.now().toString(36)}`;
    const { token } = await call<{ token: string }>('POST', '/api/auth/register', {
      username: name,
      email: `${name}@example.com`,
      password: 'secret-password',
    });
    await call('POST', '/api/auth/complete-onboarding', { companyName: 'Acme', country: 'NL', phoneNumber: '' }, token);
    const deadline = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const { id } = await call<{ id: number }>(
      'POST',
      '/api/deals',
      {
        influencer: '@lighthouse',
        title: 'Spring reel',
        description: 'One reel',
        amount: '250',
        deadline,
        deliverables: ['1 Instagram Post'],
        platforms: ['Instagram'],
      },
      token,
    );
    const { url } = await call<{ url: string }>('POST', '/api/create-checkout-session', { dealId: id }, token);
    await fetch(new URL(url, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay&method=ideal',
      redirect: 'manual',
    });
    const link = (await call<{ token: string }>('POST', `/api/deals/${id}/generate-token`, {}, token)).token;

    const pages: [string, string][] = [
      ['/login', '/login'],
      ['/accept/:token', `/accept/${link}`],
      ['/', `/?token=${encodeURIComponent(token)}`],
    ];
    const scores: { page: string; performance: number; accessibility: number; jsKb: number; totalKb: number }[] = [];
    for (const [label, path] of pages) {
      const result = await lighthouse(`${server.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`lighthouse gave no result for ${label}`);
      const { categories, audits } = result.lhr;
      const items = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
      const kb = (filter: (t: string | undefined) => boolean) =>
        items.filter((i) => filter(i.resourceType)).reduce((s, i) => s + (i.transferSize ?? 0), 0) / 1024;
      scores.push({
        page: label,
        performance: Math.round((categories['performance']?.score ?? 0) * 100),
        accessibility: Math.round((categories['accessibility']?.score ?? 0) * 100),
        jsKb: kb((t) => t === 'Script'),
        totalKb: kb(() => true),
      });
    }
    const login = scores[0]!;
    return scores.flatMap((s): BenchLine[] =>
      (['performance', 'accessibility'] as const).map((category) => ({
        id: `lh-${category.slice(0, 4)}-${s.page === '/' ? 'home' : s.page.split('/')[1]}`,
        label: `Lighthouse mobile ${category}, ${s.page}`,
        value: s[category],
        unit: 'score',
        baseline: { label: `${category} on /login`, value: login[category] },
        target: `>= ${TARGET}`,
        met: s[category] >= TARGET,
        extra: `JS ${s.jsKb.toFixed(1)} KB, all ${s.totalKb.toFixed(1)} KB transferred`,
      })),
    );
  } finally {
    await chrome.kill();
    await server.stop();
  }
};
