/**
 * What the web build tells the server about each route (web/build/route-preloads.ts writes it,
 * server/web/web-app.plugin.ts reads it; ADR 0014): the screen's modules, and its texts per language.
 */
export interface RoutePreload {
  path: string;
  modules: string[];
  texts: Record<'en' | 'nl', string[]>;
}

/** Where the list lies, relative to the built web app (web/dist). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
