import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { issuedInvoice } from './issued-invoice';

/**
 * A paid deal's fee invoice (or credit note, or the creator's self-billed invoice), or null while
 * it is not issued (409: it waits for the brand's billing details, the payment is just being
 * recorded, no fee money went back, or nothing was paid out under a self-billing agreement).
 */
export const useDealInvoice = (
  dealId: number,
  kind: 'invoice' | 'credit-note' | 'self-billed-invoice' = 'invoice',
) =>
  useQuery({
    queryKey: ['deal-invoice', dealId, kind],
    queryFn: () => issuedInvoice(`/api/deals/${dealId}/${kind}`),
    retry: false,
  });

/**
 * The unguessable references of a deal's receipt, invoice, credit note and self-billed invoice (its
 * brand only): the pages link them by these. A reference never changes, so it is asked once.
 */
export const useDealDocumentRefs = (dealId: number) =>
  useQuery({
    queryKey: ['deal-document-refs', dealId],
    queryFn: () =>
      api<Record<string, string>>(`/api/deals/${dealId}/documents`),
    staleTime: Infinity,
    retry: false,
  });
