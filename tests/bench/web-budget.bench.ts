import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  ensureWebBuild,
  webDist,
  webManifest,
} from '@tests/e2e/support/web-build';
import { manifestClosure, type Manifest } from '../../web/build/route-preloads';
import type { BenchLine, BenchSuite } from './bench.types';

/**
 * The web budget: the JavaScript /accept/:token loads first (entry chunk, its
 * static imports, the accept route's lazy chunk and its static imports, plus the core texts of the
 * visitor's language — counted as the larger of English and Dutch; the other language loads on
 * demand) <= 100 KB gzip, and all CSS <= 30 KB gzip. Baseline: the gzip size of every JS chunk.
 */
const JS_TARGET_KB = 100;
const CSS_TARGET_KB = 30;
const ACCEPT_ROUTE = 'src/routes/accept.tsx';
const CORE_TEXTS = ['src/i18n/en-core.ts', 'src/i18n/nl-core.ts'];

const gzipKb = (file: string): number =>
  gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length / 1024;

const closure = (manifest: Manifest, key: string): Set<string> =>
  manifestClosure(manifest, [key]);

export const run: BenchSuite = async () => {
  ensureWebBuild();
  const manifest = JSON.parse(readFileSync(webManifest, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('No entry chunk in the Vite manifest');
  if (!manifest[ACCEPT_ROUTE])
    throw new Error(`${ACCEPT_ROUTE} is not a chunk of its own`);

  const first = new Set([
    ...closure(manifest, entry),
    ...closure(manifest, ACCEPT_ROUTE),
  ]);
  const firstJs = [...first]
    .map((k) => manifest[k]!.file)
    .filter((f) => f.endsWith('.js'));
  const texts = CORE_TEXTS.map((key) => {
    if (!manifest[key])
      throw new Error(
        `${key} is not a chunk of its own (each language's core texts load on demand)`,
      );
    const extra = [...closure(manifest, key)]
      .filter((k) => !first.has(k))
      .map((k) => manifest[k]!.file);
    return { key, kb: extra.reduce((sum, f) => sum + gzipKb(f), 0) };
  });
  const largestTexts = texts.reduce((a, b) => (b.kb > a.kb ? b : a));
  const acceptKb =
    firstJs.reduce((sum, f) => sum + gzipKb(f), 0) + largestTexts.kb;

  const assets = readdirSync(join(webDist, 'assets'));
  const allJsKb = assets
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipKb(join('assets', f)), 0);
  const cssKb = assets
    .filter((f) => f.endsWith('.css'))
    .reduce((sum, f) => sum + gzipKb(join('assets', f)), 0);

  const lines: BenchLine[] = [
    {
      id: 'web-accept-js',
      label: 'JS loaded first by /accept/:token (gzip)',
      value: acceptKb,
      unit: 'KB',
      baseline: { label: 'all JS chunks (gzip)', value: allJsKb },
      target: `<= ${JS_TARGET_KB} KB`,
      met: acceptKb <= JS_TARGET_KB,
      extra: `${firstJs.length} chunks + ${largestTexts.key.split('/').pop()} ${largestTexts.kb.toFixed(2)} KB; ${texts.map((x) => `${x.key.split('/').pop()} ${x.kb.toFixed(2)} KB`).join(', ')}`,
    },
    {
      id: 'web-css',
      label: 'all CSS (gzip)',
      value: cssKb,
      unit: 'KB',
      target: `<= ${CSS_TARGET_KB} KB`,
      met: cssKb <= CSS_TARGET_KB,
    },
  ];
  return lines;
};
