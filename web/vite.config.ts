import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { routePreloads } from './build/route-preloads';

/**
 * Writes .br and .gz beside every text asset of the build, so the server sends compressed bytes
 * without compressing per request (@fastify/static `preCompressed`). On a phone on slow 4G the
 * transfer size is most of the load time.
 */
function precompress(outDir: string): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    );
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir).filter(
        (f) =>
          /\.(js|css|html|svg|webmanifest|json)$/.test(f) &&
          !f.includes('.vite'),
      )) {
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
          }),
        );
      }
    },
  };
}

/**
 * Writes `.vite/build-info.json` with the NODE_ENV the build ran under. Vite builds React's
 * development bundle when NODE_ENV is not "production" (a test runner sets "test"); whoever serves
 * or measures web/dist (the browser tests, the bench) reads this and rebuilds such a build.
 */
function buildInfo(outDir: string): Plugin {
  return {
    name: 'build-info',
    apply: 'build',
    closeBundle() {
      writeFileSync(
        join(outDir, '.vite', 'build-info.json'),
        JSON.stringify({ nodeEnv: process.env.NODE_ENV ?? 'production' }),
      );
    },
  };
}

// Parts of the libraries that only some later screens use (the admin's documents ask several
// queries at once) stay out of it: in the shared chunk they would load on every first screen.
const vendorLibrary =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/](?!.*[\\/](useQueries|queriesObserver)\.js$)/;
/**
 * The modules every first screen runs (router, texts, HTTP, toasts, the shared controls a link page
 * paints). Only modules that import nothing outside this list and the libraries above belong here,
 * or the shell would pull a screen's dependencies into the first load.
 */
const appShell = new RegExp(
  [
    'src/app/(app|app-routes|route-table|guards|bootstrap|query-client|live-updates|language-switch|language-save|use-auth-token|bottom-nav|bottom-nav-rules|register-service-worker)\\.tsx?$',
    'src/lib/(http|dates|auth-token|admin-token|lazy-module|use-event-stream|support)\\.ts$',
    'src/lib/router\\.tsx$',
    'src/i18n/(index|areas)\\.ts$',
    'src/components/ui/(button|card|detail-row|icon|spinner|toast-store|toast-viewport|tooltip|progress-tracker|badge)\\.tsx?$',
    'src/features/settings/test-mode-banner\\.tsx$',
    'src/features/auth/api/me\\.query\\.ts$',
    'src/features/deals/model/(deal-text|deal-split|deliverables|claim-secret|use-stripe-setup-return)\\.ts$',
    'src/features/deals/api/(keys|use-deal-mutation|get-deal-by-token\\.query|accept-deal\\.mutation|start-onboarding\\.mutation|deliver-deal\\.mutation)\\.ts$',
    'src/features/deals/components/(description-view|deal-progress)\\.tsx$',
  ].join('|'),
);

/**
 * The small modules the link page (/accept/:token) shares with other screens: apart, each was a chunk
 * of a few hundred bytes (eight of them on the link page's first load); joined they compress 2 KB
 * smaller. They import nothing outside the shell and the libraries.
 */
const linkPage = new RegExp(
  [
    'src/components/ui/(chargeback-notice|field)\\.tsx$',
    'src/features/deals/components/(outside-link|contract-summary|revision-history|deal-countdown|delivery-form|milestone-panel)\\.tsx$',
    'src/features/deals/model/(deal-clock|deal-view)\\.ts$',
    'src/features/link-claim/api/code-refusal\\.ts$',
    'src/lib/use-now\\.ts$',
    'src/features/payouts/components/identity-fields\\.tsx$',
    'src/features/documents/components/document-link\\.tsx$',
  ].join('|'),
);

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [
    react(),
    tailwindcss(),
    routePreloads(fileURLToPath(new URL('./dist', import.meta.url))),
    precompress(fileURLToPath(new URL('./dist', import.meta.url))),
    buildInfo(fileURLToPath(new URL('./dist', import.meta.url))),
  ],
  resolve: {
    // `@machines/…` and any other alias come from tsconfig.json's `paths`, the one place they are named.
    tsconfigPaths: true,
    // @headlessui/react imports the pre-React-18 shims of use-sync-external-store; React 19 has the hook
    // built in, so point the shims at the built-in versions and ship no fallback code.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(
          new URL('./src/lib/react-sync-external-store.ts', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget bench reads the manifest to find what /accept/:token loads first.
    manifest: true,
    // Every browser we support has <link rel=modulepreload>; the polyfill only costs entry bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The libraries every screen needs and the app's shell in one chunk: a dozen slivers gzip
        // worse than one file (a link page loaded 22 chunks first, 4 KB more than the same code joined).
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: (id: string) => vendorLibrary.test(id) || appShell.test(id),
            },
            { name: 'link-page', test: (id: string) => linkPage.test(id) },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` runs the API on 3000; Vite proxies it so the app and API share an origin.
    proxy: { '/api': 'http://127.0.0.1:3000', '/sim': 'http://127.0.0.1:3000' },
  },
});
