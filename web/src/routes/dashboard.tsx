import { Navigate } from '@/lib/router';

/** docs/product.md §2: /dashboard exists but its contents are not shown; it leads to the deal overview. */
export default function DashboardRoute() {
  return <Navigate to="/" replace />;
}
