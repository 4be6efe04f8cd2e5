/** The brand/creator session: a JWT kept in local storage as `authToken` (docs/product.md §3). */
const KEY = 'authToken';
const listeners = new Set<() => void>();

export function getAuthToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setAuthToken(token: string): void {
  localStorage.setItem(KEY, token);
  listeners.forEach((l) => l());
}

export function clearAuthToken(): void {
  localStorage.removeItem(KEY);
  listeners.forEach((l) => l());
}

export function subscribeAuthToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
