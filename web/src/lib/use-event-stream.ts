import { useEffect, useRef } from 'react';
import type { ChangeNotice } from '../../../machines/contract/api';

/**
 * Listens to a server-sent events stream of ChangeNotice messages. EventSource reconnects by
 * itself; polling stays as the fallback, so a dropped stream only delays updates.
 */
export function useEventStream(url: string | null, onNotice: (notice: ChangeNotice) => void): void {
  const handler = useRef(onNotice);
  handler.current = onNotice;

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    const source = new EventSource(url);
    source.onmessage = (message: MessageEvent<string>) => {
      try {
        handler.current(JSON.parse(message.data) as ChangeNotice);
      } catch {
        // Keep-alives and malformed messages carry nothing to refresh.
      }
    };
    return () => source.close();
  }, [url]);
}
