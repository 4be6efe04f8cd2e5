import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newIdempotencyKey } from '@/features/admin/model/admin-split';
import { adminApi } from './admin-api';

/** An admin's release or refund of one milestone of a deal with a plan. */
export interface MilestoneMoney {
  dealId: number;
  milestone: number;
  action: 'release' | 'refund';
}

/**
 * Releases or refunds one milestone. Each confirmation is its own request under a fresh
 * Idempotency-Key, so a retried answer never moves the money twice.
 */
export function useAdminMilestoneMoney() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, milestone, action }: MilestoneMoney) =>
      adminApi<{ success: boolean; pending?: boolean }>(
        `/api/admin/deals/${dealId}/milestones/${milestone}/${action}`,
        { method: 'POST', headers: { 'Idempotency-Key': newIdempotencyKey() } },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
