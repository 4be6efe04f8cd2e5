import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@/lib/router';
import { getAdminToken } from '@/lib/admin-token';
import { useAuthToken } from './use-auth-token';

/** Protected routes need a stored authToken, else /login (docs/product.md §2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAuthToken();
  const location = useLocation();
  if (!token)
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** /admin checks its own admin token, else /admin/login (docs/product.md §6). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  if (!getAdminToken()) return <Navigate to="/admin/login" replace />;
  return <>{children}</>;
}
