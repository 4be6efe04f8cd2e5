import { useSelector } from '@xstate/react';
import type { SnapshotFrom, StateValue } from 'xstate';
import type { DealDto } from '../../../../../machines/contract/api';
import type { dealMachine } from '../../../../../machines/deal/deal.machine';
import { dealStateView, type DealAction, type DealStateView } from '../../../../../machines/deal/deal.view';
import { dealActorFrom, useDealActor } from './deal-actor';

/**
 * Status, texts, badge, progress step and allowed actions, read from the deal machine's snapshot
 * (DESIGN §3: the UI renders from the statechart). The server's `state` is the fallback when the
 * snapshot cannot be restored.
 */
const fromSnapshot = (snapshot: SnapshotFrom<typeof dealMachine>): DealStateView => dealStateView(snapshot, new Date().toISOString());

function fallbackView(deal: DealDto): DealStateView {
  const s = deal.state;
  return { ...s, value: deal.machine.value as StateValue, badge: s.badge as DealStateView['badge'] };
}

/** The view of one API answer, without React (tests, one-off reads). */
export function dealViewOf(deal: DealDto): DealStateView {
  const actor = dealActorFrom(deal.machine);
  return actor ? fromSnapshot(actor.getSnapshot()) : fallbackView(deal);
}

/** Stable, so useSelector recomputes only when the actor's snapshot changes. */
const selectView = (snapshot: SnapshotFrom<typeof dealMachine> | undefined): DealStateView | null => (snapshot ? fromSnapshot(snapshot) : null);

/** Subscribes to the deal's actor (restored from the API answer) and selects the view from it. */
export function useDealView(deal: DealDto | undefined): DealStateView | null {
  const actor = useDealActor(deal);
  const view = useSelector(actor ?? undefined, selectView);
  if (view) return view;
  return deal ? fallbackView(deal) : null;
}

export const can = (view: DealStateView | null, action: DealAction): boolean => view?.can.includes(action) ?? false;
