import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminDealDto,
  AdminPaymentRequestDto,
  splitPreviewSchema,
} from '@machines/contract/api';
import {
  escrowedCents,
  type EscrowLedger,
} from '@machines/escrow/escrow-ledger';
import type { Toast } from '@/components/ui/toast-store';
import { t } from '@/i18n';
import { unreleased } from '@/features/admin/model/admin-milestones';
import { adminApi } from './admin-api';

/**
 * What an admin splits: a deal, a payment request (their routes differ only in the prefix) or one
 * milestone of a deal with a plan (its amount, and its amount with its fee share as the total).
 * `rest`: the whole deal of a deal with a plan, everything not yet released (the open milestones'
 * amounts, and those with their fee shares as the total).
 */
export interface SplitSubject {
  kind: 'deals' | 'payment-requests';
  id: number;
  milestone?: number;
  rest?: boolean;
  amountCents: number;
  totalAmountCents: number;
  /**
   * What the escrow still holds when a lost chargeback left less than was paid (a deal without a
   * plan, a request): the split divides that; absent otherwise.
   */
  heldCents?: number;
}

/** What the escrow of an answer holds, when a lost chargeback left less than its total. */
function heldAfterChargeback(
  dto: { machine: { context: Record<string, unknown> } },
  totalAmountCents: number,
): { heldCents?: number } {
  const { accounts } = dto.machine.context as Partial<EscrowLedger>;
  if (!accounts) return {};
  const held = escrowedCents({ accounts });
  return held < totalAmountCents ? { heldCents: held } : {};
}

export function dealSubject(deal: AdminDealDto): SplitSubject {
  if (deal.milestones === undefined)
    return {
      kind: 'deals',
      id: deal.id,
      amountCents: deal.amountCents,
      totalAmountCents: deal.totalAmountCents,
      ...heldAfterChargeback(deal, deal.totalAmountCents),
    };
  const { releaseCents, refundCents } = unreleased(deal);
  return {
    kind: 'deals',
    id: deal.id,
    rest: true,
    amountCents: releaseCents,
    totalAmountCents: refundCents,
  };
}

export const requestSubject = (
  request: AdminPaymentRequestDto,
): SplitSubject => ({
  kind: 'payment-requests',
  id: request.id,
  amountCents: request.amountCents,
  totalAmountCents: request.totalAmountCents,
  ...heldAfterChargeback(request, request.totalAmountCents),
});

export const milestoneSubject = (
  deal: AdminDealDto,
  m: { index: number; amountCents: number; feeCents: number },
): SplitSubject => ({
  kind: 'deals',
  id: deal.id,
  milestone: m.index,
  amountCents: m.amountCents,
  totalAmountCents: m.amountCents + m.feeCents,
});

const pathOf = ({ kind, id, milestone }: SplitSubject, rest: string) =>
  `/api/admin/${kind}/${id}/${milestone === undefined ? '' : `milestones/${milestone}/`}${rest}`;

/** What a split would move: the server's own arithmetic (GET .../split-preview). */
export type SplitPreview = z.infer<typeof splitPreviewSchema>;

/**
 * The answer of the split and retry actions: 202 with `pending` while a part is under way; 200 once
 * the gateway answered both, `success` false when it refused one (the deal's `split` says which).
 */
interface SplitAnswer {
  success: boolean;
  pending?: boolean;
}

/** What the admin is told after a split or a retry: done, still under way, or a part refused. */
export function splitToast(answer: SplitAnswer): Omit<Toast, 'id'> {
  if (answer.pending) return { title: t('admin.splitPending') };
  return answer.success
    ? { title: t('admin.splitDone') }
    : { title: t('admin.splitPartFailed'), variant: 'destructive' };
}

/** The preview for this creator amount; none is asked for while the typed amount is not one. */
export const useSplitPreview = (
  subject: SplitSubject,
  creatorCents: number | null,
) =>
  useQuery({
    queryKey: [
      'admin',
      'split-preview',
      subject.kind,
      subject.id,
      subject.milestone,
      creatorCents,
    ],
    queryFn: () =>
      adminApi<SplitPreview>(
        pathOf(subject, `split-preview?creatorCents=${creatorCents}`),
      ),
    enabled: creatorCents !== null,
    // A refusal (amount out of range) is an answer, not a hiccup: show it at once.
    retry: false,
  });

/**
 * Splits the deal or request. The Idempotency-Key makes a repeated confirmation (a double tap, a retry after a
 * lost answer) the same request: the server answers it once and moves the money once.
 */
export function useAdminSplit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      subject,
      creatorCents,
      key,
    }: {
      subject: SplitSubject;
      creatorCents: number;
      key: string;
    }) =>
      adminApi<SplitAnswer>(pathOf(subject, 'split'), {
        method: 'POST',
        body: { creatorCents },
        headers: { 'Idempotency-Key': key },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Retries the failed part(s) of a split; the server reuses their original keys, so nothing moves twice. */
export function useAdminSplitRetry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ subject, key }: { subject: SplitSubject; key: string }) =>
      adminApi<SplitAnswer>(pathOf(subject, 'split/retry'), {
        method: 'POST',
        headers: { 'Idempotency-Key': key },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
