import { useEffect, useSyncExternalStore } from 'react';

/**
 * A module loaded after the first render (e.g. XState and a statechart, which no screen needs to
 * paint): `useModule()` starts the load on mount and re-renders with the module once it is there
 * (null until then; a failed load is tried again by the next screen that mounts).
 */
export function lazyModule<T>(load: () => Promise<T>) {
  let loaded: T | null = null;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const start = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        for (const l of listeners) l();
      },
      () => {
        loading = null;
      },
    );
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const current = () => loaded;
  return {
    current,
    useModule(): T | null {
      const module = useSyncExternalStore(subscribe, current, current);
      useEffect(start, []);
      return module;
    },
  };
}
