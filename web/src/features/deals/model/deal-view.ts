import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { DealDto } from '@machines/contract/api';
import type { dealMachine } from '@machines/deal/deal.machine';
import type { DealAction, DealStateView } from '@machines/deal/deal.view';
import { lazyModule } from '@/lib/lazy-module';
import { fallbackView } from './deal-fallback-view';

/**
 * Status, texts, badge, progress step and allowed actions, read from the deal machine's snapshot
 * (the UI renders from the statechart).
 *
 * The statechart (XState and the deal machine, about 16 KB compressed) is not part of what a screen
 * needs for its first paint: until it has loaded, and whenever a snapshot cannot be restored, the
 * view is the one the server computed with the same statechart (`state` in every deal answer).
 * It loads right after the first render; from then on the view comes from the restored snapshot.
 */
const machine = lazyModule(() => import('./deal-actor'));

/** Stable, so useSelector recomputes only when the actor's snapshot changes. */
const selectView = (
  snapshot: SnapshotFrom<typeof dealMachine> | undefined,
): DealStateView | null =>
  snapshot ? (machine.current()?.viewOfSnapshot(snapshot) ?? null) : null;

/** Subscribes to the deal's actor (restored from the API answer once the statechart has loaded) and selects the view from it. */
export function useDealView(deal: DealDto | undefined): DealStateView | null {
  const loaded = machine.useModule();
  const snapshot = deal?.machine;
  const actor = useMemo(
    () => (loaded && snapshot ? loaded.dealActorFrom(snapshot) : null),
    [loaded, snapshot],
  );
  const view = useSelector(actor ?? undefined, selectView);
  if (view) return view;
  return deal ? fallbackView(deal) : null;
}

export const can = (view: DealStateView | null, action: DealAction): boolean =>
  view?.can.includes(action) ?? false;
