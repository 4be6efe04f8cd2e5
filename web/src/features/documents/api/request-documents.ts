import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingDetails,
  BillingDetailsAnswer,
} from '@machines/documents/billing-details';
import { claimHeaders } from '@/lib/claim-secret';
import { api, type RequestOptions } from '@/lib/http';
import { issuedInvoice } from './issued-invoice';

/** A payment request's link routes, called by the browser holding the link (its claim secret). */
const linkPath = (token: string, what: string) =>
  `/api/payment-requests/link/${encodeURIComponent(token)}/${what}`;
const asHolder = (token: string): RequestOptions => ({
  auth: 'none',
  headers: claimHeaders(token, 'request'),
});

const billingKey = (token: string) => ['request-billing', token] as const;

/** The paying brand's billing details for this request (null until given). */
export const useRequestBilling = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: billingKey(token),
    queryFn: () =>
      api<BillingDetailsAnswer>(
        linkPath(token, 'billing-details'),
        asHolder(token),
      ),
    enabled,
    retry: false,
  });

/** Saves them whole; the server issues the invoice that waited for them next. */
export function useSaveRequestBilling(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (details: BillingDetails) =>
      api<BillingDetailsAnswer>(linkPath(token, 'billing-details'), {
        ...asHolder(token),
        method: 'PUT',
        body: details,
      }),
    onSuccess: (answer) => {
      client.setQueryData(billingKey(token), answer);
      void client.invalidateQueries({ queryKey: ['request-invoice', token] });
    },
  });
}

export type RequestInvoiceKind =
  | 'invoice'
  | 'credit-note'
  | 'self-billed-invoice';

/** A paid request's fee invoice (or credit note, or self-billed invoice); null while not issued (409). */
export const useRequestInvoice = (
  token: string,
  kind: RequestInvoiceKind,
  enabled: boolean,
) =>
  useQuery({
    queryKey: ['request-invoice', token, kind],
    queryFn: () => issuedInvoice(linkPath(token, kind), asHolder(token)),
    enabled,
    retry: false,
  });

/** The creator's self-billed invoice of its own paid-out request (signed in); null while not issued (409). */
export const useOwnRequestSelfBilled = (requestId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['own-request-self-billed', requestId],
    queryFn: () =>
      issuedInvoice(`/api/payment-requests/${requestId}/self-billed-invoice`),
    enabled,
    retry: false,
  });

/** The references of the creator's statement and self-billed invoice of its own request (asked once). */
export const useRequestDocumentRefs = (requestId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['request-document-refs', requestId],
    queryFn: () =>
      api<Record<string, string>>(
        `/api/payment-requests/${requestId}/documents`,
      ),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
