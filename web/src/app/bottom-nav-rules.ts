const HIDDEN_PREFIXES = [
  '/accept/',
  '/pay-request/',
  '/pay-request-success/',
  '/admin',
];
const HIDDEN_PATHS = ['/login', '/register', '/onboarding'];

/** docs/product.md §2: only for authenticated users, hidden on the link pages, admin and the auth screens. */
export function shouldShowBottomNav(
  pathname: string,
  authenticated: boolean,
): boolean {
  if (!authenticated) return false;
  if (HIDDEN_PATHS.includes(pathname)) return false;
  return !HIDDEN_PREFIXES.some((p) => pathname.startsWith(p));
}
