import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSettings } from '@machines/contract/public-settings';
import { registerWebApp } from '@server/web/web-app.plugin';
import {
  routePreloads,
  ROUTE_PRELOADS_FILE,
  type RoutePreload,
} from '../../../web/build/route-preloads';
import { pageRoutes } from '@/app/route-table';
import { areaCatalogs } from '@/i18n/areas';

/**
 * The page a browser gets for a client-side route (speed on a phone): the screen's code
 * and texts preloaded for that route and language, the public settings and the stylesheet inline.
 * A small fake build stands in for web/dist (the browser tests and the Lighthouse bench use the real one).
 */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Escrow Deals</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"><svg role="img" aria-label="Escrow Deals"></svg></div></body>
</html>`;

const settings: PublicSettings = {
  reviewPeriodHours: 0.5,
  disputePeriodHours: 2,
  requestExpiryDays: 30,
  dealFeeBps: 820,
  requestFeeBps: 500,
  maxDealCents: 1_000_000,
  maxRequestCents: 500_000,
  simulatedPayments: true,
  testMode: true,
  mailKept: true,
};

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'escrow-web-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(
    join(dist, 'assets', 'index-abc.css'),
    '.a{color:red}</style><script>x</script>',
  );
  // The build plugin writes the list from a Vite manifest: here a small one with the accept screen.
  const manifest: Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean }
  > = {
    'index.html': {
      file: 'assets/index-abc.js',
      imports: ['_vendor.js'],
      isEntry: true,
    },
    '_vendor.js': { file: 'assets/vendor-abc.js' },
    '_card.js': { file: 'assets/card-abc.js', imports: ['_vendor.js'] },
  };
  for (const route of pageRoutes)
    manifest[`src/routes/${route.page}.tsx`] = {
      file: `assets/${route.page}-abc.js`,
      imports: ['_card.js', 'index.html'],
    };
  // The core catalogs import the contract terms both languages share: a chunk of its own.
  manifest['_terms.js'] = { file: 'assets/terms-abc.js' };
  for (const lang of ['en', 'nl']) {
    for (const name of new Set(Object.values(areaCatalogs).flat()))
      manifest[`src/i18n/${lang}-${name}.ts`] = {
        file: `assets/${lang}-${name}-abc.js`,
        ...(name === 'core' && { imports: ['_terms.js'] }),
      };
  }
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  (routePreloads(dist).closeBundle as () => void)();

  app = Fastify();
  await registerWebApp(app, { distDir: dist, settings });
  await app.ready();
});
afterAll(() => app.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers });

describe('the build lists each route’s screen code and texts', () => {
  it('given the manifest, then every route of the route table has its screen, its imports and its texts in both languages, without the entry’s own files', () => {
    const list = JSON.parse(
      readFileSync(join(dist, ROUTE_PRELOADS_FILE), 'utf8'),
    ) as RoutePreload[];
    expect(list.map((r) => r.path)).toEqual(pageRoutes.map((r) => r.path));
    const accept = list.find((r) => r.path === '/accept/:token')!;
    expect(accept.modules).toEqual([
      '/assets/accept-abc.js',
      '/assets/card-abc.js',
    ]);
    // A catalog's imports are preloaded with it, not found a round trip later.
    expect(accept.texts).toEqual({
      en: ['/assets/en-core-abc.js', '/assets/terms-abc.js'],
      nl: ['/assets/nl-core-abc.js', '/assets/terms-abc.js'],
    });
    const detail = list.find((r) => r.path === '/deals/:id')!;
    expect(detail.texts.nl).toEqual([
      '/assets/nl-core-abc.js',
      '/assets/terms-abc.js',
      '/assets/nl-brand-abc.js',
      '/assets/nl-requests-abc.js',
      '/assets/nl-deal-pages-abc.js',
    ]);
  });
});

describe('a client-side route’s page', () => {
  it('given a Dutch browser on a deal link, then the page is Dutch and preloads the link screen and the Dutch core texts only', async () => {
    const res = await page('/accept/tok123', {
      'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<html lang="nl">');
    const preloads = [
      ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
    ].map((m) => m[1]);
    expect(preloads).toEqual([
      '/assets/vendor-abc.js',
      '/assets/nl-core-abc.js',
      '/assets/terms-abc.js',
      '/assets/accept-abc.js',
      '/assets/card-abc.js',
    ]);
    // No script holds up the first paint: the loading screen is HTML and the styles are inline.
    expect(html).not.toMatch(
      /<link rel="modulepreload"(?![^>]*fetchpriority="low")/,
    );
    expect(html).toContain(
      '<script type="module" crossorigin fetchpriority="low" src="/assets/index-abc.js">',
    );
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain(
      '<style>.a{color:red}<\\/style><script>x</script></style>',
    );
  });

  it('given the language chosen in the app (cookie), then it wins over the browser’s', async () => {
    const html = (
      await page('/accept/tok123', {
        'accept-language': 'nl',
        cookie: 'theme=x; lang=en',
      })
    ).body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('/assets/en-core-abc.js');
    expect(html).not.toContain('nl-core');
  });

  it('then the public settings are in the page, as GET /api/settings answers them, and cannot close their script tag', async () => {
    const html = (await page('/login')).body;
    const json =
      /<script type="application\/json" id="public-settings">(.*?)<\/script>/.exec(
        html,
      )?.[1];
    expect(JSON.parse(json!)).toEqual(settings);
    expect(json).not.toContain('<');
  });

  it('given routes with optional parameters and unknown paths, then each gets its own screen (the not-found screen for the unknown)', async () => {
    expect((await page('/pay-request')).body).toContain(
      '/assets/pay-request-abc.js',
    );
    expect((await page('/pay-request/t0k?x=1')).body).toContain(
      '/assets/pay-request-abc.js',
    );
    expect((await page('/deals/7')).body).toContain(
      '/assets/deal-detail-abc.js',
    );
    expect((await page('/')).body).toContain('/assets/deals-abc.js');
    const unknown = (await page('/no/such/page')).body;
    expect(unknown).toContain('/assets/not-found-abc.js');
    expect(unknown).not.toContain('/assets/deals-abc.js');
  });

  it('given a browser that accepts brotli or gzip, then the page comes compressed and decodes to the same HTML', async () => {
    const plain = (await page('/login')).body;
    const br = await app.inject({
      url: '/login',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await app.inject({
      url: '/login',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it('then API paths never fall back to the page', async () => {
    const res = await page('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});
