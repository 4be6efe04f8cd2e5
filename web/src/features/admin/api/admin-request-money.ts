import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newIdempotencyKey } from '@/features/admin/model/admin-split';
import { adminApi } from './admin-api';

/** 200 once the gateway answered; 202 with `pending` while the payout or refund is under way (or waits, `waitingFor`). */
interface RequestMoneyAnswer {
  success: boolean;
  pending: boolean;
  /** A release: `bank_account` while the payout waits for the creator's payout account. */
  waitingFor: string | null;
}

/**
 * An admin releases a request's money to the creator or refunds the brand. Each confirmation is
 * one Idempotency-Key: a retry after a lost answer is the same request, so money moves once.
 */
function useRequestMoney(action: 'release' | 'refund') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminApi<RequestMoneyAnswer>(
        `/api/admin/payment-requests/${id}/${action}`,
        {
          method: 'POST',
          headers: { 'Idempotency-Key': newIdempotencyKey() },
        },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useAdminRequestRelease = () => useRequestMoney('release');
export const useAdminRequestRefund = () => useRequestMoney('refund');
