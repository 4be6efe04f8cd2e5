import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from './admin-api';

export interface HistoryEvent {
  type: string;
  at?: string;
  recordedAt?: string;
  position?: number;
  revision?: number;
  data?: unknown;
  metadata?: { at?: string; actor?: { kind?: string; id?: string } };
  actor?: { kind?: string; id?: string } | string;
}

/** A deal's event history; accepts a bare array or `{events}`. */
export async function fetchAdminEvents(id: number): Promise<HistoryEvent[]> {
  const answer = await adminApi<HistoryEvent[] | { events: HistoryEvent[] }>(`/api/admin/deals/${id}/events`);
  return Array.isArray(answer) ? answer : answer.events;
}
export const adminEventsQueryOptions = (id: number) => queryOptions({ queryKey: ['admin', 'events', id], queryFn: () => fetchAdminEvents(id) });
export const useAdminEvents = (id: number) => useQuery(adminEventsQueryOptions(id));
