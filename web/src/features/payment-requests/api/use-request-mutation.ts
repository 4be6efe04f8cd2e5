import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Request mutations refresh the creator's list and any token page afterwards. */
export function useRequestMutation<TVars, TData>(fn: (vars: TVars) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['payment-requests'] });
      void client.invalidateQueries({ queryKey: ['payment-request-token'] });
    },
  });
}
