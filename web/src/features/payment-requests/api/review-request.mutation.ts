import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentRequestDto } from '@machines/contract/api';
import { claimHeaders } from '@/lib/claim-secret';
import { api } from '@/lib/http';
import { requestKeys } from './keys';

interface LinkAnswer {
  success: boolean;
  /** Approve: 202 while the payout is under way, and what it waits for. */
  pending?: boolean;
  waitingFor?: PaymentRequestDto['payoutWaitingFor'];
  request: PaymentRequestDto;
}
type LinkAction = 'approve' | 'dispute' | 'reject';

const linkCommand = (
  action: LinkAction,
  token: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) =>
  api<LinkAnswer>(
    `/api/payment-requests/${action}/${encodeURIComponent(token)}`,
    {
      method: 'POST',
      auth: 'none',
      body: options.body,
      // The claim secret of the browser that accepted, for the routes that check who holds the link.
      headers: { ...claimHeaders(token, 'request'), ...options.headers },
    },
  );

/** A command through the brand's link: its answer is the request as the link shows it now. */
function useLinkMutation<TVars extends { token: string }>(
  fn: (vars: TVars) => Promise<LinkAnswer>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (answer, vars) => {
      client.setQueryData(requestKeys.byToken(vars.token), answer.request);
      void client.invalidateQueries({ queryKey: requestKeys.list });
    },
  });
}

/** The Idempotency-Key makes a repeated tap (or a retry after a lost answer) release only once. */
export const useApproveRequest = () =>
  useLinkMutation(({ token, key }: { token: string; key: string }) =>
    linkCommand('approve', token, { headers: { 'Idempotency-Key': key } }),
  );
export const useDisputeRequest = () =>
  useLinkMutation(({ token, reason }: { token: string; reason: string }) =>
    linkCommand('dispute', token, { body: { reason } }),
  );
export const useRejectRequest = () =>
  useLinkMutation(({ token }: { token: string }) =>
    linkCommand('reject', token, { body: {} }),
  );
