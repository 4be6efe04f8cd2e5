import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './admin-api';

export const adminRelease = (id: number) =>
  adminApi<unknown>(`/api/admin/deals/${id}/release`, { method: 'POST' });

export function useAdminRelease() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: adminRelease,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
