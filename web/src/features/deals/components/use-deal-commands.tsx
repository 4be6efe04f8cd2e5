import type { ReactNode } from 'react';
import type { DealListItemDto } from '@machines/contract/api';
import { useConfirm } from '@/components/ui/use-confirm';
import { toast } from '@/components/ui/toast-store';
import { errorText, HttpError } from '@/lib/http';
import { currentSettings, t, formatMoney } from '@/i18n';
import { formatDateTime } from '@/lib/dates';
import { payableNow } from '@/features/deals/model/payable-now';
import { useReleaseDeal } from '@/features/deals/api/release-deal.mutation';
import { useDisputeDeal } from '@/features/deals/api/dispute-deal.mutation';
import { useDeleteDeal } from '@/features/deals/api/delete-deal.mutation';
import { useManualComplete } from '@/features/deals/api/manual-complete.mutation';
import {
  milestoneRefusalText,
  type MilestoneDto,
} from '@/features/deals/model/milestones';

/** Refusals of a release the brand can answer by completing the deal by hand (test mode): no payout account, or no balance. */
const PAYOUT_PROBLEMS = new Set([
  'no_bank_account',
  'payouts_not_enabled',
  'balance_insufficient',
]);

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
      description:
        milestoneRefusalText(error) ??
        (errorText(error) || t('toast.tryAgain')),
      variant: 'destructive',
    });
  }
}

/** When a dispute opened now would end, as a clock time. */
function disputeEnd(): string {
  const hours = currentSettings()?.disputePeriodHours ?? 72;
  return formatDateTime(new Date(Date.now() + hours * 3_600_000).toISOString());
}

/** The approval prompt: what moves and to whom (a milestone's amount, named by its title). */
function releasePrompt(deal: DealListItemDto, m: MilestoneDto | undefined) {
  const vars = {
    // What the release pays: less than the amount after a lost chargeback took part of the escrow.
    amount: formatMoney(payableNow(deal, m?.amountCents ?? deal.amountCents)),
    creator: deal.influencer,
  };
  const text = m
    ? t('milestones.confirmRelease', { ...vars, title: m.title })
    : t('confirm.release', vars);
  return { vars, text };
}

/** The dispute prompt: when the dispute period would end and who gets the money then. */
function disputePrompt(
  deal: DealListItemDto,
  m: MilestoneDto | undefined,
): string {
  const vars = { time: disputeEnd(), creator: deal.influencer };
  return m
    ? t('milestones.confirmDispute', {
        ...vars,
        title: m.title,
        amount: formatMoney(m.amountCents),
      })
    : t('confirm.dispute', vars);
}

const disputeFailed = (error: Error) =>
  toast({
    title: t('toast.disputeError'),
    description: milestoneRefusalText(error) ?? t('toast.tryAgain'),
    variant: 'destructive',
  });

type Ask = ReturnType<typeof useConfirm>['ask'];

/** Completing by hand (test mode) after a release the payout side refused, behind its own prompt. */
function offerManualWith(
  ask: Ask,
  manualM: ReturnType<typeof useManualComplete>,
) {
  return (id: number) =>
    ask(t('confirm.manualComplete'), () =>
      manualM.mutate(id, {
        // The mutation refreshes the deal's queries; no page reload (it would drop other work).
        onSuccess: () => toast({ title: t('toast.manualDone') }),
        onError: () =>
          toast({ title: t('toast.manualFailed'), variant: 'destructive' }),
      }),
    );
}

// Approving names what moves and to whom; the payout starts now and takes days to arrive.
function releaseWith(
  ask: Ask,
  releaseM: ReturnType<typeof useReleaseDeal>,
  offerManual: (id: number) => void,
) {
  return (deal: DealListItemDto, m?: MilestoneDto) => {
    const { vars, text } = releasePrompt(deal, m);
    ask(text, () =>
      releaseM.mutate(
        m ? { id: deal.id, milestone: m.index } : { id: deal.id },
        {
          // A milestone's payout the provider has not confirmed yet (202) says so.
          onSuccess: (answer) =>
            toast({
              title: t('toast.released'),
              description:
                m && answer.pending
                  ? t('milestones.releasePending')
                  : t('toast.releasedText', vars),
            }),
          onError: (error) =>
            answerReleaseRefusal(error, () => offerManual(deal.id)),
        },
      ),
    );
  };
}

// The prompt names when the dispute period would end (a clock time) and who gets the money then.
function disputeWith(ask: Ask, disputeM: ReturnType<typeof useDisputeDeal>) {
  return (deal: DealListItemDto, m?: MilestoneDto) => {
    const where = m ? { id: deal.id, milestone: m.index } : { id: deal.id };
    ask(
      disputePrompt(deal, m),
      (reason) =>
        disputeM.mutate(
          { ...where, reason: reason.trim() || undefined },
          {
            onSuccess: () =>
              toast({
                title: t('toast.disputed'),
                description: t('toast.disputedText'),
              }),
            onError: disputeFailed,
          },
        ),
      true,
      t('dispute.reasonLabel'),
    );
  };
}

/** Deleting a deal, behind the delete prompt. */
function removeWith(ask: Ask, deleteM: ReturnType<typeof useDeleteDeal>) {
  return (id: number) =>
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
}

/**
 * Release, dispute and delete with the spec's confirmation prompts and toasts (docs/product.md §8);
 * release and dispute also of one milestone of a deal with a plan (its amount, its title).
 */
export function useDealCommands(): {
  release: (deal: DealListItemDto, milestone?: MilestoneDto) => void;
  dispute: (deal: DealListItemDto, milestone?: MilestoneDto) => void;
  remove: (id: number) => void;
  busy: boolean;
  dialog: ReactNode;
} {
  const { ask, dialog } = useConfirm();
  const releaseM = useReleaseDeal();
  const disputeM = useDisputeDeal();
  const deleteM = useDeleteDeal();
  const manualM = useManualComplete();
  const release = releaseWith(ask, releaseM, offerManualWith(ask, manualM));
  const dispute = disputeWith(ask, disputeM);
  const remove = removeWith(ask, deleteM);
  const busy =
    releaseM.isPending ||
    disputeM.isPending ||
    deleteM.isPending ||
    manualM.isPending;
  return { release, dispute, remove, busy, dialog };
}
