import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SelfBillingAnswer,
  SelfBillingTerms,
} from '@machines/documents/self-billing';
import { getAuthToken } from '@/lib/auth-token';
import { claimHeaders } from '@/lib/claim-secret';
import { api, type RequestOptions } from '@/lib/http';
import { issuedInvoice } from './issued-invoice';

/** The deal link's self-billing routes, with this browser's claim secret (only the claimer's). */
const linkPath = (token: string, rest: string) =>
  `/api/deals/link/${encodeURIComponent(token)}/${rest}`;
const linkOptions = (token: string): RequestOptions => ({
  auth: getAuthToken() ? 'user' : 'none',
  headers: claimHeaders(token),
});
/**
 * Whose agreement a self-billing card shows: the deal link's creator (this browser's claim) or the
 * signed-in account's (every deal it accepted signed in, and its payment requests).
 */
export interface SelfBillingSource {
  path: string;
  options: RequestOptions;
  key: readonly unknown[];
}
export const linkSelfBilling = (token: string): SelfBillingSource => ({
  path: linkPath(token, 'self-billing'),
  options: linkOptions(token),
  key: ['self-billing', token],
});
export const accountSelfBilling: SelfBillingSource = {
  path: '/api/user/self-billing',
  options: {},
  key: ['self-billing', 'account'],
};

/** The creator's self-billing agreement (null without one). */
export const useSelfBilling = (source: SelfBillingSource, enabled: boolean) =>
  useQuery({
    queryKey: source.key,
    queryFn: () => api<SelfBillingAnswer>(source.path, source.options),
    enabled,
    retry: false,
  });

/** Agrees (the terms) or withdraws (null) for later payouts; the answer replaces the query's data. */
export function useSaveSelfBilling(source: SelfBillingSource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (terms: SelfBillingTerms | null) =>
      api<SelfBillingAnswer>(source.path, {
        ...source.options,
        method: terms ? 'PUT' : 'DELETE',
        ...(terms ? { body: terms } : {}),
      }),
    onSuccess: (answer) => client.setQueryData(source.key, answer),
  });
}

/** The deal's self-billed invoice through its link, or null while there is none (409). */
export const useLinkSelfBilledInvoice = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: ['self-billed-invoice', token],
    queryFn: () =>
      issuedInvoice(linkPath(token, 'self-billed-invoice'), linkOptions(token)),
    enabled,
    retry: false,
  });
