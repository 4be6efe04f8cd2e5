import { useQuery } from '@tanstack/react-query';
import type { InvoiceDocumentDto } from '@machines/contract/invoice-api';
import { api, HttpError } from '@/lib/http';

/**
 * A paid deal's fee invoice, or null while it is not issued (409: it waits for the brand's billing
 * details, or the payment is just being recorded).
 */
export const useDealInvoice = (dealId: number, paid: boolean) =>
  useQuery({
    queryKey: ['deal-invoice', dealId],
    queryFn: async () => {
      try {
        return await api<InvoiceDocumentDto>(`/api/deals/${dealId}/invoice`);
      } catch (error) {
        if (error instanceof HttpError && error.status === 409) return null;
        throw error;
      }
    },
    enabled: paid,
    retry: false,
  });
