import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/http';
import { dealKeys } from './keys';
import { fallbackPoll } from '@/lib/use-event-stream';

export const fetchPaymentStatus = (id: number) =>
  api<{ updated: boolean }>(`/api/deals/${id}/payment-status`);

export const paymentStatusQueryOptions = (id: number) =>
  queryOptions({
    queryKey: dealKeys.paymentStatus(id),
    queryFn: () => fetchPaymentStatus(id),
    refetchInterval: fallbackPoll(5_000),
  });

/** Polls payment status; once it reports an update, refreshes the deal, the list and the stats. */
export function usePaymentStatus(id: number, enabled: boolean) {
  const client = useQueryClient();
  const query = useQuery({
    ...paymentStatusQueryOptions(id),
    enabled: enabled && id > 0,
  });
  const updated = query.data?.updated === true;
  useEffect(() => {
    if (!updated) return;
    void client.invalidateQueries({ queryKey: dealKeys.detail(id) });
    void client.invalidateQueries({ queryKey: dealKeys.lists });
    void client.invalidateQueries({ queryKey: dealKeys.stats });
  }, [updated, id, client, query.dataUpdatedAt]);
  return query;
}
