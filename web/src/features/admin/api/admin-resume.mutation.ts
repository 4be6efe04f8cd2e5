import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './admin-api';

export const adminResume = (id: number) =>
  adminApi<unknown>(`/api/admin/deals/${id}/resume`, { method: 'POST' });

export function useAdminResume() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: adminResume,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
