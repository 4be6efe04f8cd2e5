import type { DealListItemDto } from '@machines/contract/api';
import { compareDeals, inDealFilter } from '@machines/deal/deal-order';
import type { DealFilter } from '@machines/deal/deal-order';

/** docs/product.md §4 filters and order, from the same rules the server's read model sorts by. */
export function filterAndSort<D extends DealListItemDto>(
  deals: D[],
  filter: DealFilter,
): D[] {
  return deals.filter((d) => inDealFilter(filter, d.status)).sort(compareDeals);
}
