import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget bench reads the manifest to find what /accept/:token loads first.
    manifest: true,
  },
  server: {
    // `npm run dev` runs the API on 3000; Vite proxies it so the app and API share an origin.
    proxy: { '/api': 'http://127.0.0.1:3000', '/sim': 'http://127.0.0.1:3000' },
  },
});
