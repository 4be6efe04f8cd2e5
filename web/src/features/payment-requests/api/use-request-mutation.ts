import {
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

/**
 * Request mutations refresh the creator's list and any token page afterwards; `after` does what a
 * command needs besides (an acceptance asks again who holds the link).
 */
export function useRequestMutation<TVars, TData>(
  fn: (vars: TVars) => Promise<TData>,
  after?: (client: QueryClient, vars: TVars) => Promise<void>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_answer, vars) => after?.(client, vars),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['payment-requests'] });
      void client.invalidateQueries({ queryKey: ['payment-request-token'] });
    },
  });
}
