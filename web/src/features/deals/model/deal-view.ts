import type { StateValue } from 'xstate';
import type { DealListItemDto } from '@machines/contract/api';
import type { DealAction, DealStateView } from '@machines/deal/deal.view';

/**
 * Status, texts, badge, progress step and allowed actions of a deal: the server reads them from
 * the deal's statechart for every answer (`state`), so the browser renders them as they come and
 * never loads XState to work them out a second time.
 */
export function dealViewOf(
  deal: DealListItemDto | undefined,
): DealStateView | null {
  if (!deal) return null;
  const s = deal.state;
  return {
    ...s,
    value: deal.machine.value as StateValue,
    badge: s.badge as DealStateView['badge'],
  };
}

export const can = (view: DealStateView | null, action: DealAction): boolean =>
  view?.can.includes(action) ?? false;

/**
 * The money a deal's dispute conversation is about: the deal's amount, or in a deal with a plan
 * the amount of its latest disputed milestone (the conversation is that dispute's); null while the
 * deal was never disputed.
 */
export function disputedCents(deal: DealListItemDto): number | null {
  if (deal.disputeCreatedAt) return deal.amountCents;
  let latest: { at: string; cents: number } | null = null;
  for (const m of deal.milestones ?? [])
    if (
      m.disputeCreatedAt &&
      (latest === null || m.disputeCreatedAt > latest.at)
    )
      latest = { at: m.disputeCreatedAt, cents: m.amountCents };
  return latest?.cents ?? null;
}
