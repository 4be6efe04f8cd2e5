import { QueryClient } from '@tanstack/react-query';

/** docs/product.md §9: no refetch on focus or interval by default, results never stale, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
