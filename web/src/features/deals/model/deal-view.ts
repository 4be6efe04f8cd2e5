import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { DealDto } from '../../../../../machines/contract/api';
import type { dealMachine } from '../../../../../machines/deal/deal.machine';
import type { DealAction, DealStateView } from '../../../../../machines/deal/deal.view';
import type * as DealActorModule from './deal-actor';
import { fallbackView } from './deal-fallback-view';

/**
 * Status, texts, badge, progress step and allowed actions, read from the deal machine's snapshot
 * (DESIGN §3: the UI renders from the statechart).
 *
 * The statechart (XState and the deal machine, about 16 KB compressed) is not part of what a screen
 * needs for its first paint: until it has loaded, and whenever a snapshot cannot be restored, the
 * view is the one the server computed with the same statechart (`state` in every deal answer).
 * It loads right after the first render; from then on the view comes from the restored snapshot.
 */
type MachineModule = typeof DealActorModule;
let machineModule: MachineModule | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadMachine(): void {
  loading ??= import('./deal-actor').then(
    (module) => {
      machineModule = module;
      for (const l of listeners) l();
    },
    () => {
      // Offline or a failed chunk: the server's view stays; the next screen tries again.
      loading = null;
    },
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const loadedModule = () => machineModule;

/** Stable, so useSelector recomputes only when the actor's snapshot changes. */
const selectView = (snapshot: SnapshotFrom<typeof dealMachine> | undefined): DealStateView | null =>
  snapshot && machineModule ? machineModule.viewOfSnapshot(snapshot) : null;

/** Subscribes to the deal's actor (restored from the API answer once the statechart has loaded) and selects the view from it. */
export function useDealView(deal: DealDto | undefined): DealStateView | null {
  const loaded = useSyncExternalStore(subscribe, loadedModule, loadedModule);
  useEffect(loadMachine, []);
  const machine = deal?.machine;
  const actor = useMemo(() => (loaded && machine ? loaded.dealActorFrom(machine) : null), [loaded, machine]);
  const view = useSelector(actor ?? undefined, selectView);
  if (view) return view;
  return deal ? fallbackView(deal) : null;
}

export const can = (view: DealStateView | null, action: DealAction): boolean => view?.can.includes(action) ?? false;
