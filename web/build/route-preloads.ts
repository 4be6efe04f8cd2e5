import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { pageRoutes } from '../src/app/route-table';
import { areaCatalogs } from '../src/i18n/areas';

/** What the server adds to a page's HTML for one route: its screen's modules, and its texts per language. */
export interface RoutePreload {
  path: string;
  modules: string[];
  texts: Record<'en' | 'nl', string[]>;
}

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
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
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
      const closure = (keys: string[], into = new Set<string>()): Set<string> => {
        for (const key of keys) {
          if (into.has(key) || !manifest[key]) continue;
          into.add(key);
          closure(manifest[key].imports ?? [], into);
        }
        return into;
      };
      const entry = closure(Object.keys(manifest).filter((k) => manifest[k]!.isEntry));
      const url = (key: string) => `/${manifest[key]!.file}`;
      const chunk = (key: string) => {
        if (!manifest[key]) throw new Error(`route-preloads: ${key} is not in the build manifest`);
        return key;
      };
      const texts = (language: 'en' | 'nl', areas: readonly string[]) =>
        ['core', ...areas].flatMap((area) => areaCatalogs[area as keyof typeof areaCatalogs].map((name) => url(chunk(`src/i18n/${language}-${name}.ts`))));
      const list: RoutePreload[] = pageRoutes.map((route) => ({
        path: route.path,
        modules: [...closure([chunk(`src/routes/${route.page}.tsx`)])].filter((k) => !entry.has(k)).map(url),
        texts: { en: texts('en', route.areas), nl: texts('nl', route.areas) },
      }));
      writeFileSync(join(outDir, ROUTE_PRELOADS_FILE), JSON.stringify(list, null, 1));
    },
  };
}
