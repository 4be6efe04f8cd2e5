import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const MISSING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Escrow</title></head>
<body style="font-family:system-ui;max-width:36rem;margin:4rem auto;padding:0 1rem">
<h1>The web app is not built yet</h1>
<p>Run <code>npm run build:web</code> (or <code>npm start</code>, which builds it first) and reload.</p>
<p>The API is running: see <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/** Paths that never fall back to the SPA: the API, the simulated gateway pages and the docs. */
const isBackendPath = (url: string): boolean => /^\/(api|sim)(\/|$|\?)/.test(url);

/** Serves web/dist with an index.html fallback for client-side routes (GET only, never /api or /sim). */
export async function registerWebApp(app: FastifyInstance, distDir = resolve('web/dist')): Promise<void> {
  const index = join(distDir, 'index.html');
  const built = existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset; the smallest one the browser accepts is sent.
      preCompressed: true,
      // Hashed file names under /assets never change: cache them for a year.
      setHeaders: (reply, path) => {
        if (/[\\/]assets[\\/]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (request.method === 'GET' && !isBackendPath(url)) {
      if (built) return reply.type('text/html; charset=utf-8').sendFile('index.html');
      return reply.type('text/html; charset=utf-8').send(MISSING_PAGE);
    }
    return reply.status(404).send({ error: 'not_found', message: `Route ${request.method} ${url.split('?')[0]} not found` });
  });
}
