import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './admin-api';

export const adminHold = (id: number) =>
  adminApi<unknown>(`/api/admin/deals/${id}/hold`, { method: 'POST' });

export function useAdminHold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: adminHold,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
