import type { DealListItemDto } from '@machines/contract/api';

/**
 * The period running on a deal, if any: after delivery the brand's review (the money goes to the
 * creator when it ends), during a dispute the dispute period (the same then). `paused` while the
 * platform holds the deal: the period is extended by the time held when the hold ends.
 */
export interface DealClock {
  kind: 'review' | 'dispute';
  endsAt: string;
  paused: boolean;
}

export function dealClockOf(deal: DealListItemDto): DealClock | null {
  const paused = deal.onHold;
  if (deal.status === 'delivered' && deal.reviewPeriodEndsAt)
    return { kind: 'review', endsAt: deal.reviewPeriodEndsAt, paused };
  if (deal.status === 'dispute' && deal.disputePeriodEndsAt)
    return { kind: 'dispute', endsAt: deal.disputePeriodEndsAt, paused };
  return null;
}
