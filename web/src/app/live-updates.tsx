import { useQueryClient } from '@tanstack/react-query';
import type { ChangeNotice } from '../../../machines/contract/api';
import { useEventStream } from '../lib/use-event-stream';
import { useAuthToken } from './use-auth-token';

/** Maps a change notice to the queries it makes stale. */
export function keysFor(notice: ChangeNotice): readonly (readonly unknown[])[] {
  if (notice.kind === 'deal') {
    const id = Number(notice.id);
    return [['deals'], ['deal', id], ['deal-token'], ['payment-status', id], ['dashboard-stats'], ['user-stats'], ['admin']];
  }
  if (notice.kind === 'payment-request') return [['payment-requests'], ['payment-request-token'], ['admin']];
  return [['me'], ['profile'], ['user-stats']];
}

/** The signed-in user's stream: a change refreshes the affected screens at once. */
export function LiveUpdates() {
  const token = useAuthToken();
  const client = useQueryClient();
  const url = token ? `/api/events/stream?access_token=${encodeURIComponent(token)}` : null;
  useEventStream(url, (notice) => {
    for (const queryKey of keysFor(notice)) void client.invalidateQueries({ queryKey });
  });
  return null;
}
