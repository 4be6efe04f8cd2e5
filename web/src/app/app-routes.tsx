import type { QueryClient } from '@tanstack/react-query';
import { use, type ComponentType, type ReactNode } from 'react';
import { matchPath, RouteParams, useLocation, type Params } from '@/lib/router';
import { loadTexts, useLanguage } from '@/i18n';
import { getAdminToken } from '@/lib/admin-token';
import { getAuthToken } from '@/lib/auth-token';
import { RequireAdmin, RequireAuth } from './guards';
import { queryClient } from './query-client';
import { pageRoutes, type PageRoute } from './route-table';

/**
 * A screen module: the screen, and optionally `prefetch`, which starts the queries the screen shows
 * first (with the same query options), so the app can ask for the data while it is still starting.
 */
export interface ScreenModule {
  default: ComponentType;
  prefetch?: (params: Params, client: QueryClient) => void;
}

// One chunk per screen, so a link page such as /accept/:token loads only its own code. Keyed by the
// screen's name: Vite keys an aliased glob by the resolved path, not by the pattern as written.
const modules = Object.fromEntries(
  Object.entries(import.meta.glob<ScreenModule>('@/routes/*.tsx')).map(
    ([path, load]) => [
      path.slice(path.lastIndexOf('/') + 1, -'.tsx'.length),
      load,
    ],
  ),
);

interface Screen {
  (): ReactNode;
  /** Loads the screen's code and its texts in the current language (core is always loaded). */
  preload: () => Promise<void>;
}

/**
 * A screen loaded on first use, like React.lazy, but one that can be loaded before the first render:
 * once loaded it renders at once, with no Suspense fallback in between (React holds a revealed
 * fallback for up to 300 ms, which on a phone delays the screen and its data requests).
 */
function screenOf(route: PageRoute): Screen {
  const load = modules[route.page];
  if (!load)
    throw new Error(
      `route table names a screen that does not exist: ${route.page}`,
    );
  let Component: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    // Texts first: some modules read texts while they load.
    (loading ??= loadTexts(route.areas)
      .then(load)
      .then(
        (module) => void (Component = module.default),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      ));
  const Screen = (() => {
    // The router hands the same element back on every render, so a language switch that lands
    // after the screen rendered would leave it in the old language: the screen subscribes itself.
    useLanguage();
    if (!Component) use(preload());
    const Loaded = Component!;
    return <Loaded />;
  }) as Screen;
  Screen.preload = preload;
  return Screen;
}

const screens = new Map<string, Screen>();
for (const route of pageRoutes)
  if (!screens.has(route.page)) screens.set(route.page, screenOf(route));
const screenFor = (route: PageRoute) => screens.get(route.page)!;

// The catch-all `*` row matches every path: it is tried after every other row.
const matchOrder = [...pageRoutes].sort(
  (a, b) => Number(a.path === '*') - Number(b.path === '*'),
);
function matchPage(
  pathname: string,
): { route: PageRoute; params: Params } | undefined {
  for (const route of matchOrder) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return undefined;
}

/** Loads the screen the app opens on (main.tsx waits for it, so the first render shows it). */
export function preloadScreenFor(pathname: string): Promise<void> {
  const match = matchPage(pathname);
  return match ? screenFor(match.route).preload() : Promise.resolve();
}

/**
 * Starts the data requests of the screen the app opens on, while texts and code still load (the
 * server lists the screen's code in the page, so it is at hand). Screens behind a login only when a
 * session is stored: otherwise the guard sends the visitor elsewhere.
 */
export function prefetchScreenData(pathname: string): void {
  const match = matchPage(pathname);
  if (!match) return;
  const { route, params } = match;
  if (
    (route.access === 'user' && !getAuthToken()) ||
    (route.access === 'admin' && !getAdminToken())
  )
    return;
  void modules[route.page]?.()
    .then((module) => module.prefetch?.(params, queryClient))
    .catch(() => undefined);
}

function element(route: PageRoute): ReactNode {
  const Screen = screenFor(route);
  if (route.access === 'user') return <RequireAuth>{<Screen />}</RequireAuth>;
  if (route.access === 'admin')
    return <RequireAdmin>{<Screen />}</RequireAdmin>;
  return <Screen />;
}

const elements = new Map(pageRoutes.map((route) => [route, element(route)]));

/** The route table of docs/product.md §2 (route-table.ts) with its access rules. */
export function AppRoutes() {
  const match = matchPage(useLocation().pathname);
  if (!match) return null;
  return (
    <RouteParams value={match.params}>{elements.get(match.route)}</RouteParams>
  );
}
