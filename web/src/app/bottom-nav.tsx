import { lazy, Suspense } from 'react';
import { useLocation } from '@/lib/router';
import { shouldShowBottomNav } from './bottom-nav-rules';
import { useAuthToken } from './use-auth-token';

// The bar's own code loads only where it shows, so link pages such as /accept/:token never fetch it.
const Tabs = lazy(() => import('./bottom-nav-tabs'));

/** The three-tab bar of docs/product.md §2, where `shouldShowBottomNav` allows it. */
export function BottomNav() {
  const { pathname } = useLocation();
  const token = useAuthToken();
  if (!shouldShowBottomNav(pathname, token !== null)) return null;
  return (
    <Suspense fallback={null}>
      <Tabs pathname={pathname} />
    </Suspense>
  );
}
