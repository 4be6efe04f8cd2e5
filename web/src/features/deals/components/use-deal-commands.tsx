import type { ReactNode } from 'react';
import type { DealDto } from '@machines/contract/api';
import { useConfirm } from '@/components/ui/use-confirm';
import { toast } from '@/components/ui/toast-store';
import { errorText, HttpError } from '@/lib/http';
import { currentSettings, t, formatMoney } from '@/i18n';
import { formatDateTime } from '@/lib/dates';
import { useReleaseDeal } from '@/features/deals/api/release-deal.mutation';
import { useDisputeDeal } from '@/features/deals/api/dispute-deal.mutation';
import { useDeleteDeal } from '@/features/deals/api/delete-deal.mutation';
import { useManualComplete } from '@/features/deals/api/manual-complete.mutation';

/** Refusals of a release the brand can answer by completing the deal by hand (test mode): no payout account, or no balance. */
const PAYOUT_PROBLEMS = new Set(['no_bank_account', 'payouts_not_enabled', 'balance_insufficient']);

/** The gateway's code of a refused release (`params.gatewayCode`), else the answer's own code. */
const refusalCode = (error: Error): string | null =>
  error instanceof HttpError
    ? String(error.serverParams.gatewayCode ?? error.serverErrorCode ?? '')
    : null;

/** A refused release: funds still settling, a payout problem the brand can settle by completing by hand, or an error. */
function answerReleaseRefusal(error: Error, offerManual: () => void): void {
  const code = refusalCode(error);
  if (code === 'funds_settling') {
    toast({
      title: t('toast.settling'),
      description: t('toast.settlingText'),
      variant: 'destructive',
    });
  } else if (code !== null && PAYOUT_PROBLEMS.has(code)) {
    offerManual();
  } else {
    toast({
      title: t('toast.releaseError'),
      description: errorText(error) || t('toast.tryAgain'),
      variant: 'destructive',
    });
  }
}

/** Release, dispute and delete with the spec's confirmation prompts and toasts (docs/product.md §8). */
export function useDealCommands(): {
  release: (deal: DealDto) => void;
  dispute: (deal: DealDto) => void;
  remove: (id: number) => void;
  busy: boolean;
  dialog: ReactNode;
} {
  const { ask, dialog } = useConfirm();
  const releaseM = useReleaseDeal();
  const disputeM = useDisputeDeal();
  const deleteM = useDeleteDeal();
  const manualM = useManualComplete();

  const offerManual = (id: number) =>
    ask(t('confirm.manualComplete'), () =>
      manualM.mutate(id, {
        // The mutation refreshes the deal's queries; no page reload (it would drop other work).
        onSuccess: () => toast({ title: t('toast.manualDone') }),
        onError: () => toast({ title: t('toast.manualFailed'), variant: 'destructive' }),
      }),
    );

  // Approving names what moves and to whom; the payout starts now and takes days to arrive.
  const release = (deal: DealDto) => {
    const vars = { amount: formatMoney(deal.amountCents), creator: deal.influencer };
    ask(t('confirm.release', vars), () =>
      releaseM.mutate(deal.id, {
        onSuccess: () =>
          toast({ title: t('toast.released'), description: t('toast.releasedText', vars) }),
        onError: (error) => answerReleaseRefusal(error, () => offerManual(deal.id)),
      }),
    );
  };

  // The prompt names when the dispute period would end (a clock time) and who gets the money then.
  const dispute = (deal: DealDto) => {
    const id = deal.id;
    const hours = currentSettings()?.disputePeriodHours ?? 72;
    const time = formatDateTime(new Date(Date.now() + hours * 3_600_000).toISOString());
    ask(
      t('confirm.dispute', { time, creator: deal.influencer }),
      (reason) =>
        disputeM.mutate(
          { id, reason: reason.trim() || undefined },
          {
            onSuccess: () =>
              toast({ title: t('toast.disputed'), description: t('toast.disputedText') }),
            onError: () =>
              toast({
                title: t('toast.disputeError'),
                description: t('toast.tryAgain'),
                variant: 'destructive',
              }),
          },
        ),
      true,
      t('dispute.reasonLabel'),
    );
  };

  const remove = (id: number) =>
    ask(
      t('confirm.delete'),
      () =>
        deleteM.mutate(id, {
          onSuccess: () => toast({ title: t('toast.deleted') }),
          onError: (error) =>
            toast({
              title: t('toast.deleteError'),
              description: errorText(error),
              variant: 'destructive',
            }),
        }),
      true,
    );

  const busy = releaseM.isPending || disputeM.isPending || deleteM.isPending || manualM.isPending;
  return { release, dispute, remove, busy, dialog };
}
