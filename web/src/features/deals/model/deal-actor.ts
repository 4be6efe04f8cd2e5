import { createActor, type ActorRefFrom, type SnapshotFrom, type StateValue } from 'xstate';
import type { DealDto } from '@machines/contract/api';
import { emptyDealContext, type DealContext } from '@machines/deal/deal.context';
import { dealMachine } from '@machines/deal/deal.machine';
import { dealSnapshotFrom, dealStateView, type DealStateView } from '@machines/deal/deal.view';
import { fallbackView } from './deal-fallback-view';

export type DealActor = ActorRefFrom<typeof dealMachine>;

/**
 * The deal's statechart as an actor, restored from the `machine` snapshot (value + context) the API
 * returns. Null when the snapshot cannot be restored (a newer server shape): callers then fall back
 * to the server's own `state` summary. The server owns every transition (events are appended
 * there), so the actor is never started: it is the restored snapshot to read from, not a second
 * source of truth. This module (XState and the deal machine) loads after the first render; see
 * deal-view.ts.
 */
export function dealActorFrom(machine: DealDto['machine']): DealActor | null {
  try {
    const context: DealContext = {
      ...emptyDealContext,
      ...(machine.context as Partial<DealContext>),
    };
    return createActor(dealMachine, {
      snapshot: dealSnapshotFrom(machine.value as StateValue, context),
    });
  } catch {
    return null;
  }
}

/** Status, texts, badge, progress step and allowed actions, read from the deal machine's snapshot. */
export const viewOfSnapshot = (snapshot: SnapshotFrom<typeof dealMachine>): DealStateView =>
  dealStateView(snapshot, new Date().toISOString());

/** The view of one API answer, without React (tests, one-off reads). */
export function dealViewOf(deal: DealDto): DealStateView {
  const actor = dealActorFrom(deal.machine);
  return actor ? viewOfSnapshot(actor.getSnapshot()) : fallbackView(deal);
}
