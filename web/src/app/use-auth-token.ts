import { useSyncExternalStore } from 'react';
import { getAuthToken, subscribeAuthToken } from '@/lib/auth-token';

/** The stored authToken as React state, so a 401 that clears it re-renders the guards. */
export const useAuthToken = (): string | null =>
  useSyncExternalStore(subscribeAuthToken, getAuthToken, () => null);
