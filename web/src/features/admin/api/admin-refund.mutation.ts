import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './admin-api';

export const adminRefund = (id: number) =>
  adminApi<unknown>(`/api/admin/deals/${id}/refund`, { method: 'POST' });

export function useAdminRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: adminRefund,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
