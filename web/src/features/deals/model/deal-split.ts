import type { DealDto } from '@machines/contract/api';
import { formatMoney, type Vars } from '../../../i18n';

/** The amounts of a split outcome as the brand's and the creator's deal answers carry them (`split`). */
export interface DealSplit {
  creatorCents: number;
  refundCents: number;
  feeKeptCents: number;
}

export const dealSplitOf = (deal: DealDto): DealSplit | null => (deal as DealDto & { split?: DealSplit | null }).split ?? null;

/**
 * The values the status texts name: `{refund}` (what the brand got back) and `{amount}` (what the
 * creator receives) of a split, in the current language's money format.
 */
export function statusTextVars(deal: DealDto): Vars {
  const split = dealSplitOf(deal);
  return split ? { refund: formatMoney(split.refundCents), amount: formatMoney(split.creatorCents) } : {};
}
