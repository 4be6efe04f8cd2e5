import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { clearAuthToken, setAuthToken } from '../lib/auth-token';
import { meQueryOptions } from '../features/auth/api/me.query';

const VERIFY_DELAY_MS = 200;

/**
 * docs/product.md §2 load-time handling (social-login return): `error` is dropped; `token` is stored,
 * the URL cleaned, and after ~200 ms verified with /api/auth/me to pick the next screen.
 */
export function TokenFromUrl() {
  const navigate = useNavigate();
  const client = useQueryClient();

  useEffect(() => {
    const url = new URL(window.location.href);
    const token = url.searchParams.get('token');
    const hadError = url.searchParams.has('error');
    if (!token && !hadError) return;
    url.searchParams.delete('token');
    url.searchParams.delete('error');
    window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
    if (!token) return;
    setAuthToken(token);
    const timer = setTimeout(() => {
      client
        .fetchQuery(meQueryOptions())
        .then((user) => navigate(user.isOnboardingComplete ? '/' : '/onboarding', { replace: true }))
        .catch(() => {
          clearAuthToken();
          navigate('/login', { replace: true });
        });
    }, VERIFY_DELAY_MS);
    return () => clearTimeout(timer);
    // Runs once, on application load.
  }, []);

  return null;
}
