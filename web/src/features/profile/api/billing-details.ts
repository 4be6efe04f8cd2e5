import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  BillingDetails,
  BillingDetailsAnswer,
} from '@machines/documents/billing-details';
import { api } from '@/lib/http';

export const billingDetailsKey = ['billing-details'] as const;
export const billingDetailsQueryOptions = () =>
  queryOptions({
    queryKey: billingDetailsKey,
    queryFn: () => api<BillingDetailsAnswer>('/api/user/billing-details'),
  });
export const useBillingDetails = () => useQuery(billingDetailsQueryOptions());

/** Saves the billing details whole; invoices that waited for them are issued by the server next. */
export function useSaveBillingDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (details: BillingDetails) =>
      api<BillingDetailsAnswer>('/api/user/billing-details', {
        method: 'PUT',
        body: details,
      }),
    onSuccess: (answer) => {
      client.setQueryData(billingDetailsKey, answer);
      void client.invalidateQueries({ queryKey: ['deal-invoice'] });
    },
  });
}
