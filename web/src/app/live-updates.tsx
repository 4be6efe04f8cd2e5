import { useQueryClient } from '@tanstack/react-query';
import type { ChangeNotice } from '@machines/contract/api';
import { getAdminToken } from '@/lib/admin-token';
import { useEventStream } from '@/lib/use-event-stream';
import { useAuthToken } from './use-auth-token';

type Keys = readonly (readonly unknown[])[];

/** Maps a change notice to the queries it makes stale. */
export function keysFor(notice: ChangeNotice): Keys {
  if (notice.kind === 'deal') {
    const id = Number(notice.id);
    return [
      ['deals'],
      ['deal', id],
      ['deal-token'],
      ['payment-status', id],
      ['dashboard-stats'],
      ['user-stats'],
      ['admin'],
    ];
  }
  if (notice.kind === 'payment-request')
    return [['payment-requests'], ['payment-request-token'], ['admin']];
  return [['me'], ['profile'], ['user-stats']];
}

/**
 * Refreshes queries from a live stream: the keys a notice names at once, and everything the
 * stream covers when it reconnects (notices may have been missed) or drops (polling takes over).
 */
export function useLiveQueries(
  url: string | null,
  keys: (notice: ChangeNotice) => Keys,
  all: Keys,
): void {
  const client = useQueryClient();
  const refresh = (list: Keys) => {
    for (const queryKey of list) void client.invalidateQueries({ queryKey });
  };
  useEventStream(url, {
    onNotice: (notice) => refresh(keys(notice)),
    onReconnect: () => refresh(all),
    onDown: () => refresh(all),
  });
}

const EVERYTHING: Keys = [[]];

/** The signed-in user's stream: a change refreshes the affected screens at once. */
export function LiveUpdates() {
  const token = useAuthToken();
  useLiveQueries(
    token
      ? `/api/events/stream?access_token=${encodeURIComponent(token)}`
      : null,
    keysFor,
    EVERYTHING,
  );
  return null;
}

/** The admin's stream (every deal and request); mounted by the admin screen only. */
export function AdminLiveUpdates() {
  const token = getAdminToken();
  useLiveQueries(
    token
      ? `/api/admin/events/stream?access_token=${encodeURIComponent(token)}`
      : null,
    () => [['admin']],
    [['admin']],
  );
  return null;
}
