import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './admin-api';

export const adminReleaseHold = (id: number) =>
  adminApi<unknown>(`/api/admin/payment-requests/${id}/release-hold`, {
    method: 'POST',
  });

export function useAdminReleaseHold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: adminReleaseHold,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
