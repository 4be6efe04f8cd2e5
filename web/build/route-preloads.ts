import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { pageRoutes } from '../src/app/route-table';
import { areaCatalogs } from '../src/i18n/areas';
import {
  ROUTE_PRELOADS_FILE,
  type RoutePreload,
} from '../../machines/contract/route-preloads';

export { ROUTE_PRELOADS_FILE, type RoutePreload };

/** A chunk of Vite's build manifest (`.vite/manifest.json`), keyed by source path or `_name.js`. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** These chunks and everything they import statically, as manifest keys. */
export function manifestClosure(
  manifest: Manifest,
  keys: readonly string[],
  into = new Set<string>(),
): Set<string> {
  for (const key of keys) {
    if (into.has(key) || !manifest[key]) continue;
    into.add(key);
    manifestClosure(manifest, manifest[key].imports ?? [], into);
  }
  return into;
}

/**
 * After the build, lists for every route of web/src/app/route-table.ts the chunks its screen needs
 * (the screen and everything it imports, minus what index.html loads already) and its text chunks in
 * each language, from Vite's manifest. The server turns the list into <link rel="modulepreload">
 * tags (server/web/web-app.plugin.ts), so a phone fetches them at once with the entry.
 */
export function routePreloads(outDir: string): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    // Before precompression: the list is read by the server only.
    enforce: 'pre',
    closeBundle() {
      const manifest = JSON.parse(
        readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'),
      ) as Manifest;
      const closure = (keys: string[]) => manifestClosure(manifest, keys);
      const entry = closure(
        Object.keys(manifest).filter((k) => manifest[k]!.isEntry),
      );
      const url = (key: string) => `/${manifest[key]!.file}`;
      const chunk = (key: string) => {
        if (!manifest[key])
          throw new Error(
            `route-preloads: ${key} is not in the build manifest`,
          );
        return key;
      };
      // A catalog's own imports too (the contract terms both languages share are a chunk of their
      // own): otherwise the browser finds them only once the catalog has arrived, a round trip later.
      const texts = (language: 'en' | 'nl', areas: readonly string[]) => [
        ...new Set(
          ['core', ...areas].flatMap((area) =>
            [
              ...closure(
                areaCatalogs[area as keyof typeof areaCatalogs].map((name) =>
                  chunk(`src/i18n/${language}-${name}.ts`),
                ),
              ),
            ]
              .filter((k) => !entry.has(k))
              .map(url),
          ),
        ),
      ];
      const list: RoutePreload[] = pageRoutes.map((route) => ({
        path: route.path,
        modules: [...closure([chunk(`src/routes/${route.page}.tsx`)])]
          .filter((k) => !entry.has(k))
          .map(url),
        texts: { en: texts('en', route.areas), nl: texts('nl', route.areas) },
      }));
      writeFileSync(
        join(outDir, ROUTE_PRELOADS_FILE),
        JSON.stringify(list, null, 1),
      );
    },
  };
}
