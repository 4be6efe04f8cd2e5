import { useEffect, useRef } from 'react';
import type { ChangeNotice } from '@machines/contract/api';

/**
 * How many server-sent-event streams of this page are connected. Queries poll only while none is
 * (see `fallbackPoll`): the stream is the way changes arrive, polling is the fallback.
 */
let connected = 0;

/**
 * A `refetchInterval` that polls every `ms` only while no live stream is connected. React Query
 * re-evaluates it after each fetch; a stream that drops fires `onDown`, which refetches at once.
 */
export function fallbackPoll(ms: number): () => number | false {
  return () => (connected > 0 ? false : ms);
}

export interface StreamHandlers {
  /** A `change` event arrived. */
  onNotice: (notice: ChangeNotice) => void;
  /** The stream (re)connected after being down: changes may have been missed. */
  onReconnect?: () => void;
  /** The stream dropped: restart the fallback polling. */
  onDown?: () => void;
}

/**
 * Listens to a server-sent events stream of named `change` events (contract ChangeNotice).
 * EventSource reconnects by itself; while it is down the queries poll (`fallbackPoll`).
 */
export function useEventStream(
  url: string | null,
  handlers: StreamHandlers | ((notice: ChangeNotice) => void),
): void {
  const current = useRef(handlers);
  current.current = handlers;

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    const get = (): StreamHandlers =>
      typeof current.current === 'function'
        ? { onNotice: current.current }
        : current.current;
    const source = new EventSource(url);
    let open = false;
    let wasOpen = false;
    const down = () => {
      if (!open) return;
      open = false;
      connected -= 1;
      get().onDown?.();
    };
    source.addEventListener('open', () => {
      if (open) return;
      open = true;
      connected += 1;
      if (wasOpen) get().onReconnect?.();
      wasOpen = true;
    });
    source.addEventListener('error', down);
    source.addEventListener('change', (message: MessageEvent<string>) => {
      let notice: ChangeNotice;
      try {
        notice = JSON.parse(message.data) as ChangeNotice;
      } catch {
        return; // A malformed message carries nothing to refresh.
      }
      get().onNotice(notice);
    });
    return () => {
      down();
      source.close();
    };
  }, [url]);
}
