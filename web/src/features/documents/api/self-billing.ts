import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceDocumentDto } from '@machines/contract/invoice-api';
import type { SelfBillingAnswer, SelfBillingTerms } from '@machines/documents/self-billing';
import { getAuthToken } from '@/lib/auth-token';
import { claimHeaders } from '@/lib/claim-secret';
import { api, HttpError, type RequestOptions } from '@/lib/http';

/** The deal link's self-billing routes, with this browser's claim secret (only the claimer's). */
const linkPath = (token: string, rest: string) =>
  `/api/deals/link/${encodeURIComponent(token)}/${rest}`;
const linkOptions = (token: string): RequestOptions => ({
  auth: getAuthToken() ? 'user' : 'none',
  headers: claimHeaders(token),
});
const selfBillingKey = (token: string) => ['self-billing', token] as const;

/** The creator's self-billing agreement for the deal behind a link (null without one). */
export const useLinkSelfBilling = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: selfBillingKey(token),
    queryFn: () => api<SelfBillingAnswer>(linkPath(token, 'self-billing'), linkOptions(token)),
    enabled,
    retry: false,
  });

/** Agrees (the terms) or withdraws (null) for later payouts; the answer replaces the query's data. */
export function useSaveLinkSelfBilling(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (terms: SelfBillingTerms | null) =>
      api<SelfBillingAnswer>(linkPath(token, 'self-billing'), {
        ...linkOptions(token),
        method: terms ? 'PUT' : 'DELETE',
        ...(terms ? { body: terms } : {}),
      }),
    onSuccess: (answer) => client.setQueryData(selfBillingKey(token), answer),
  });
}

/** The deal's self-billed invoice through its link, or null while there is none (409). */
export const useLinkSelfBilledInvoice = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: ['self-billed-invoice', token],
    queryFn: async () => {
      try {
        return await api<InvoiceDocumentDto>(
          linkPath(token, 'self-billed-invoice'),
          linkOptions(token),
        );
      } catch (error) {
        if (error instanceof HttpError && error.status === 409) return null;
        throw error;
      }
    },
    enabled,
    retry: false,
  });
