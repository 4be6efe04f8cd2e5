import { useMemo } from 'react';
import type { StateValue } from 'xstate';
import type { DealDto } from '../../../../../machines/contract/api';
import { dealSnapshotFrom, dealStateView, type DealAction, type DealStateView } from '../../../../../machines/deal/deal.view';
import { emptyDealContext, type DealContext } from '../../../../../machines/deal/deal.context';

/**
 * Rebuilds the deal machine's snapshot from the `machine` the API returns and reads status,
 * texts, badge, progress step and allowed actions from it (DESIGN §3: the UI renders from the
 * statechart). The server's `state` is the fallback if the snapshot cannot be rebuilt.
 */
export function dealViewOf(deal: DealDto, now: string = new Date().toISOString()): DealStateView {
  try {
    const context: DealContext = { ...emptyDealContext, ...(deal.machine.context as Partial<DealContext>) };
    return dealStateView(dealSnapshotFrom(deal.machine.value as StateValue, context), now);
  } catch {
    const s = deal.state;
    return { ...s, value: deal.machine.value as StateValue, badge: s.badge as DealStateView['badge'] };
  }
}

export function useDealView(deal: DealDto | undefined): DealStateView | null {
  return useMemo(() => (deal ? dealViewOf(deal) : null), [deal]);
}

export const can = (view: DealStateView | null, action: DealAction): boolean => view?.can.includes(action) ?? false;
