import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  gzipSync,
} from 'node:zlib';
import type { PublicSettings } from '@machines/contract/public-settings';
import {
  ROUTE_PRELOADS_FILE,
  type RoutePreload,
} from '@machines/contract/route-preloads';
import { requestLanguage } from '../i18n/request-language';
import { sendError } from '../http/error-handler';

const MISSING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Escrow</title></head>
<body style="font-family:system-ui;max-width:36rem;margin:4rem auto;padding:0 1rem">
<h1>The web app is not built yet</h1>
<p>Run <code>npm run build:web</code> (or <code>npm start</code>, which builds it first) and reload.</p>
<p>The API is running: see <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/** Paths that never fall back to the SPA: the API, the simulated gateway pages and the docs. */
const isBackendPath = (url: string): boolean =>
  /^\/(api|sim)(\/|$|\?)/.test(url);

/** A route-table path ("/accept/:token", "/pay-request/:token?", "*") as a regular expression. */
function pathPattern(path: string): RegExp {
  if (path === '*') return /^/;
  const body = path
    .split('/')
    .filter(Boolean)
    .map((part) =>
      part.startsWith(':')
        ? part.endsWith('?')
          ? '(?:/[^/]+)?'
          : '/[^/]+'
        : `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    )
    .join('');
  return new RegExp(`^${body || '/'}/?$`);
}

/** A page as sent: plain, gzip and brotli, compressed once per route and language. */
interface EncodedPage {
  html: Buffer;
  gzip: Buffer;
  br: Buffer;
}
function encodePage(html: string): EncodedPage {
  const plain = Buffer.from(html);
  // Brotli's best level takes ~40 ms for a page: answer at once with a fast level (under 1 ms,
  // ~10 % larger) and swap in the best one when the thread pool has made it.
  const page = {
    html: plain,
    gzip: gzipSync(plain, { level: 9 }),
    br: brotliCompressSync(plain, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
    }),
  };
  brotliCompress(
    plain,
    { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } },
    (error, best) => {
      if (!error) page.br = best;
    },
  );
  return page;
}

const escapeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c');

export interface WebAppOptions {
  distDir?: string;
  /** GET /api/settings's answer, written into every page so the first render needs no round trip for it. */
  settings?: PublicSettings;
}

/**
 * The page a browser gets for a client-side route: the built index.html with, for that route and the
 * visitor's language (cookie `lang`, else Accept-Language), <link rel="modulepreload"> for the
 * screen's code and texts, and the public settings inline. On a phone on slow 4G each round trip the
 * entry would otherwise make before asking for them costs a few hundred milliseconds.
 */
function pageRenderer(distDir: string, settings: PublicSettings | undefined) {
  const index = readFileSync(join(distDir, 'index.html'), 'utf8');
  const listFile = join(distDir, ROUTE_PRELOADS_FILE);
  const routes = existsSync(listFile)
    ? (JSON.parse(readFileSync(listFile, 'utf8')) as RoutePreload[]).map(
        (r) => ({
          ...r,
          pattern: pathPattern(r.path),
        }),
      )
    : [];
  const inline = settings
    ? `<script type="application/json" id="public-settings">${escapeJson(settings)}</script>`
    : '';
  // The stylesheet goes into the page: as a file it blocks the first paint for a round trip, and the
  // HTML alone already draws the loading screen. (About 6 KB compressed; navigation is client-side.)
  const withStyles = index
    .replace(
      /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
      (tag, file: string) => {
        const css = join(distDir, file);
        return existsSync(css)
          ? `<style>${readFileSync(css, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`
          : tag;
      },
    )
    // No script is needed for the first paint (the loading screen is HTML): scripts never hold it up.
    .replace(
      /<script type="module" crossorigin/g,
      '<script type="module" crossorigin fetchpriority="low"',
    )
    .replace(
      /<link rel="modulepreload" crossorigin/g,
      '<link rel="modulepreload" crossorigin fetchpriority="low"',
    );
  const pages = new Map<string, EncodedPage>();
  return (request: FastifyRequest): EncodedPage => {
    const path = request.url.split('?')[0]!;
    const route = routes.find((r) => r.pattern.test(path));
    const language = requestLanguage(request);
    const key = `${route?.path ?? ''}|${language}`;
    let page = pages.get(key);
    if (!page) {
      const preload = route ? [...route.texts[language], ...route.modules] : [];
      const links = preload
        .map(
          (href) =>
            `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`,
        )
        .join('');
      page = encodePage(
        withStyles
          .replace('<html lang="en">', `<html lang="${language}">`)
          .replace('</head>', `${links}${inline}</head>`),
      );
      pages.set(key, page);
    }
    return page;
  };
}

/** Serves web/dist with an index.html fallback for client-side routes (GET only, never /api or /sim). */
export async function registerWebApp(
  app: FastifyInstance,
  { distDir = resolve('web/dist'), settings }: WebAppOptions = {},
): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  const render = built ? pageRenderer(distDir, settings) : null;
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset; the smallest one the browser accepts is sent.
      preCompressed: true,
      // Hashed file names under /assets never change: cache them for a year.
      setHeaders: (reply, path) => {
        if (/[\\/]assets[\\/]/.test(path))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (request.method === 'GET' && !isBackendPath(url)) {
      // The page names the build's current files: a browser checks for a new one on every visit.
      if (render) {
        const page = render(request);
        const accepts = String(request.headers['accept-encoding'] ?? '');
        const encoding = /\bbr\b/.test(accepts)
          ? 'br'
          : /\bgzip\b/.test(accepts)
            ? 'gzip'
            : null;
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'Cookie, Accept-Language, Accept-Encoding');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(
          encoding === 'br'
            ? page.br
            : encoding === 'gzip'
              ? page.gzip
              : page.html,
        );
      }
      return reply.type('text/html; charset=utf-8').send(MISSING_PAGE);
    }
    return sendError(request, reply, 'route_not_found', {
      method: request.method,
      url: url.split('?')[0]!,
    });
  });
}
