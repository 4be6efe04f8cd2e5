import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dealKeys } from './keys';

/** Every deal mutation refreshes the deal list, stats and the touched deal afterwards (docs/product.md §7). */
export function useDealMutation<TVars, TData>(fn: (vars: TVars) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: dealKeys.lists });
      void client.invalidateQueries({ queryKey: dealKeys.stats });
      void client.invalidateQueries({ queryKey: ['deal'] });
      void client.invalidateQueries({ queryKey: ['deal-token'] });
    },
  });
}
