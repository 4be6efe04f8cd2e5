import { useQuery } from '@tanstack/react-query';
import type { InvoiceDocumentDto } from '@machines/contract/invoice-api';
import { api, HttpError } from '@/lib/http';

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
    queryFn: async () => {
      try {
        return await api<InvoiceDocumentDto>(`/api/deals/${dealId}/${kind}`);
      } catch (error) {
        if (error instanceof HttpError && error.status === 409) return null;
        throw error;
      }
    },
    retry: false,
  });

/** The unguessable references of a deal's receipt, invoice and credit note (its brand only). */
export const useDealDocumentRefs = (dealId: number) =>
  useQuery({
    queryKey: ['deal-document-refs', dealId],
    queryFn: () => api<Record<string, string>>(`/api/deals/${dealId}/documents`),
    staleTime: Infinity,
    retry: false,
  });
