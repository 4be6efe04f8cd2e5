import type { StateValue } from 'xstate';
import type { DealDto } from '@machines/contract/api';
import type { DealStateView } from '@machines/deal/deal.view';

/** The view the server computed with the same statechart (`state` in every deal answer). */
export function fallbackView(deal: DealDto): DealStateView {
  const s = deal.state;
  return {
    ...s,
    value: deal.machine.value as StateValue,
    badge: s.badge as DealStateView['badge'],
  };
}
