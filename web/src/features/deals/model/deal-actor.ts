import { useMemo } from 'react';
import { createActor, type ActorRefFrom, type StateValue } from 'xstate';
import type { DealDto } from '../../../../../machines/contract/api';
import { emptyDealContext, type DealContext } from '../../../../../machines/deal/deal.context';
import { dealMachine } from '../../../../../machines/deal/deal.machine';
import { dealSnapshotFrom } from '../../../../../machines/deal/deal.view';

export type DealActor = ActorRefFrom<typeof dealMachine>;

/**
 * The deal's statechart as an actor, restored from the `machine` snapshot (value + context) the API
 * returns. Null when the snapshot cannot be restored (a newer server shape): callers then fall back
 * to the server's own `state` summary.
 */
export function dealActorFrom(machine: DealDto['machine']): DealActor | null {
  try {
    const context: DealContext = { ...emptyDealContext, ...(machine.context as Partial<DealContext>) };
    return createActor(dealMachine, { snapshot: dealSnapshotFrom(machine.value as StateValue, context) });
  } catch {
    return null;
  }
}

/**
 * One actor per API answer. React Query keeps `deal.machine` referentially stable while the
 * server's snapshot is unchanged, so a poll or live update that changes nothing keeps the actor; a
 * changed snapshot restores a fresh one and its useSelector subscribers re-render. The server owns
 * every transition (events are appended there), so the actor is never started: it is the restored
 * snapshot to read from, not a second source of truth.
 */
export function useDealActor(deal: DealDto | undefined): DealActor | null {
  const machine = deal?.machine;
  return useMemo(() => (machine ? dealActorFrom(machine) : null), [machine]);
}
