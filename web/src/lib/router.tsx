import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The app's router: the few pieces of React Router's declarative API it uses (BrowserRouter, Link,
 * NavLink, Navigate, useNavigate, useLocation, useParams, useSearchParams), with the same behaviour,
 * in about 1.5 KB instead of React Router's 12 KB (compressed). React Router's build cannot be
 * tree-shaken below its data router, forms and prefetching, and the link page loads the router
 * first (docs/adr/0014-first-load-on-a-phone.md). Paths are absolute; no route nests.
 */

export type Params = Readonly<Record<string, string | undefined>>;

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** The `state` a navigation passed, else null. */
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** A path (`/deals/1?x=y`), or a step through the history (`-1` is back). */
export type NavigateFunction = (
  to: string | number,
  options?: NavigateOptions,
) => void;

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);

/** The params of the route being rendered (the app's route table puts them here). */
export const RouteParams = createContext<Params>({});

function readLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as { usr?: unknown } | null;
  return { pathname, search, hash, state: entry?.usr ?? null };
}

const pathOf = ({ pathname, search, hash }: Location) =>
  `${pathname}${search}${hash}`;

/** Keeps the location in React state; navigations render as transitions, as React Router's do. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readLocation);
  const update = useCallback(
    () => startTransition(() => setLocation(readLocation())),
    [],
  );
  useLayoutEffect(() => {
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, [update]);
  const navigate = useCallback<NavigateFunction>(
    (to, { replace = false, state = null } = {}) => {
      if (typeof to === 'number') return window.history.go(to);
      window.history[replace ? 'replaceState' : 'pushState'](
        { usr: state },
        '',
        to,
      );
      update();
    },
    [update],
  );
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

function useRouter(): RouterValue {
  const router = use(RouterContext);
  if (!router)
    throw new Error('router hooks need a <BrowserRouter> above them');
  return router;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
export const useParams = (): Params => use(RouteParams);

/** The query string's parameters (as React Router's `[params]`; nothing here sets them). */
export function useSearchParams(): readonly [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])] as const;
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * Matches a whole path against a pattern of React Router's syntax: `:name` and `:name?` segments and
 * a closing `*`; case-insensitive and with or without a trailing slash, as React Router matches.
 * Returns the decoded params, or null when the path is not the pattern's.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  const segments = pattern.split('/').filter(Boolean);
  const parts = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (const [i, segment] of segments.entries()) {
    if (segment === '*') {
      params['*'] = parts.slice(i).map(decode).join('/');
      return params;
    }
    const part = parts[i];
    if (segment.startsWith(':')) {
      if (part !== undefined)
        params[segment.slice(1).replace(/\?$/, '')] = decode(part);
      else if (!segment.endsWith('?')) return null;
    } else if (part?.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return parts.length <= segments.length ? params : null;
}

interface LinkProps
  extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
}

/**
 * An <a> that navigates in the app on a plain click (a modified click, or another target, is the
 * browser's); like React Router's, a link to the current location replaces it.
 */
export function Link({ to, replace, onClick, ...props }: LinkProps) {
  const { location, navigate } = useRouter();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified =
      event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified) return;
    if (props.target && props.target !== '_self') return;
    event.preventDefault();
    navigate(to, { replace: replace ?? pathOf(location) === to });
  };
  return <a {...props} href={to} onClick={click} />;
}

interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on this exact path, not below it. */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
}

/** A Link that knows whether it points at the current page (`aria-current="page"` when it does). */
export function NavLink({ end = false, className, ...props }: NavLinkProps) {
  const here = useLocation()
    .pathname.toLowerCase()
    .replace(/(.)\/$/, '$1');
  const to = props.to.toLowerCase();
  const isActive =
    here === to ||
    (!end &&
      here.startsWith(to) &&
      here.charAt(to === '/' ? 1 : to.length) === '/');
  return (
    <Link
      {...props}
      aria-current={isActive ? 'page' : undefined}
      className={className({ isActive })}
    />
  );
}

/** Navigates once rendered (a guard's redirect). */
export function Navigate({
  to,
  replace,
  state,
}: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(
    () => navigate(to, { replace, state }),
    [navigate, to, replace, state],
  );
  return null;
}
