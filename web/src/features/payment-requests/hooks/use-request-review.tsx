import { useState, type ReactNode } from 'react';
import type { PaymentRequestDto } from '@machines/contract/api';
import { toast } from '@/components/ui/toast-store';
import { useConfirm } from '@/components/ui/use-confirm';
import { newIdempotencyKey } from '@/features/admin/model/admin-split';
import {
  useApproveRequest,
  useDisputeRequest,
  useRejectRequest,
} from '@/features/payment-requests/api/review-request.mutation';
import { DisputeRequestDialog } from '@/features/payment-requests/components/dispute-request-dialog';
import { errorText } from '@/lib/http';
import { payableNow } from '@/features/deals/model/payable-now';
import { formatMoney, t, type MessageKey } from '@/i18n';

/** What the approval's answer says of the payout: made, waiting for the provider, a chargeback, or the creator's bank account. */
const approvedText: Record<
  'done' | 'provider' | 'bank_account' | 'chargeback',
  MessageKey
> = {
  done: 'preq.approvedText',
  provider: 'preq.approvedWaitingProvider',
  bank_account: 'preq.approvedWaitingBank',
  chargeback: 'preq.approvedWaitingChargeback',
};

const failed = (title: MessageKey) => (error: Error) =>
  toast({
    title: t(title),
    description: errorText(error),
    variant: 'destructive',
  });

/** The brand's commands through its link: approve, dispute (with a reason) and decline, each confirmed first. */
export function useRequestReview(token: string): {
  approve: (request: PaymentRequestDto) => void;
  dispute: () => void;
  decline: () => void;
  busy: boolean;
  dialog: ReactNode;
} {
  const { ask, dialog: confirmDialog } = useConfirm();
  const [disputing, setDisputing] = useState(false);
  const approveM = useApproveRequest();
  const disputeM = useDisputeRequest();
  const rejectM = useRejectRequest();

  const approve = (request: PaymentRequestDto) => {
    const vars = {
      amount: formatMoney(payableNow(request, request.amountCents)),
      creator: request.creatorName,
    };
    // One key per confirmation: a double tap or a retry of the same approval releases once.
    const key = newIdempotencyKey();
    ask(t('preq.confirmApprove', vars), () =>
      approveM.mutate(
        { token, key },
        {
          onSuccess: (answer) =>
            toast({
              title: t('preq.approved'),
              description: t(approvedText[answer.waitingFor ?? 'done'], vars),
            }),
          onError: failed('preq.approveError'),
        },
      ),
    );
  };

  const decline = () =>
    ask(
      t('preq.confirmReject'),
      () =>
        rejectM.mutate(
          { token },
          {
            onSuccess: () => toast({ title: t('preq.declined') }),
            onError: failed('preq.declineError'),
          },
        ),
      true,
    );

  const onDispute = (reason: string) =>
    disputeM.mutate(
      { token, reason },
      {
        onSuccess: () => {
          setDisputing(false);
          toast({ title: t('preq.disputed') });
        },
        onError: failed('preq.disputeError'),
      },
    );

  const dialog = (
    <>
      {confirmDialog}
      {disputing && (
        <DisputeRequestDialog
          open
          busy={disputeM.isPending}
          onCancel={() => setDisputing(false)}
          onConfirm={onDispute}
        />
      )}
    </>
  );
  const busy = approveM.isPending || disputeM.isPending || rejectM.isPending;
  return { approve, dispute: () => setDisputing(true), decline, busy, dialog };
}
