import type { DealDto } from '@machines/contract/api';
import { formatMoney, type Vars } from '@/i18n';

/** A split outcome's amounts as the brand's and the creator's deal answers carry them, null before one. */
export const dealSplitOf = (deal: DealDto): DealDto['split'] =>
  deal.split ?? null;

/**
 * The values the status texts name: `{refund}` (what the brand got back) and `{amount}` (what the
 * creator receives) of a split, in the current language's money format.
 */
export function statusTextVars(deal: DealDto): Vars {
  const split = dealSplitOf(deal);
  return split
    ? {
        refund: formatMoney(split.refundCents),
        amount: formatMoney(split.creatorCents),
      }
    : {};
}
