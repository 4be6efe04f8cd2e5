import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const reactRouterDist = fileURLToPath(new URL('../node_modules/react-router/dist/production/', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    // @xstate/react imports the pre-React-18 shims of use-sync-external-store; React 19 has the hook
    // built in, so point the shims at the built-in versions and ship no fallback code.
    alias: [
      // react-router's package exports only its development build (dev warnings switched on); the
      // production build beside it is the same code with them off, so the minifier drops them.
      { find: /^react-router$/, replacement: `${reactRouterDist}index.mjs` },
      { find: /^react-router\/dom$/, replacement: `${reactRouterDist}dom-export.mjs` },
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/lib/react-sync-external-store.ts', import.meta.url)) },
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
        // The libraries every screen needs in one chunk: a dozen slivers gzip worse than one file.
        codeSplitting: { groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|react-router|react-router-dom)[\\/]/ }] },
      },
    },
  },
  server: {
    // `npm run dev` runs the API on 3000; Vite proxies it so the app and API share an origin.
    proxy: { '/api': 'http://127.0.0.1:3000', '/sim': 'http://127.0.0.1:3000' },
  },
});
