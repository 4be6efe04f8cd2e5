import type { DealListItemDto } from '@machines/contract/api';
import { formatMoney, tKey } from '@/i18n';

/** A split outcome's amounts as the brand's and the creator's deal answers carry them, null before one. */
export const dealSplitOf = (deal: DealListItemDto): DealListItemDto['split'] =>
  deal.split ?? null;

/**
 * A deal's status text (its view's `brandText` or `creatorText`) in the current language. A split
 * names `{refund}` (what the brand got back) and `{amount}` (what the creator receives) in the
 * language's money format. A deal with a plan keeps no deal-wide split once its milestone's split
 * is done (each milestone shows its own outcome), so its resolution is said without an amount
 * instead of with a placeholder left unfilled.
 */
export function statusText(deal: DealListItemDto, key: string): string {
  const split = dealSplitOf(deal);
  if (split)
    return tKey(key, {
      refund: formatMoney(split.refundCents),
      amount: formatMoney(split.creatorCents),
    });
  return deal.status === 'split_resolved' && deal.milestones
    ? tKey('deal.splitResolvedPlan')
    : tKey(key);
}
