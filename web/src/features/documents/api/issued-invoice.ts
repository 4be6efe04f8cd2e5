import type { InvoiceDocumentDto } from '@machines/contract/invoice-api';
import { api, HttpError, type RequestOptions } from '@/lib/http';

/**
 * An invoice (fee invoice, credit note or self-billed invoice) from its route, or null while it is
 * not issued (409: unpaid, nothing paid out, waiting for billing details or an agreement).
 */
export async function issuedInvoice(
  path: string,
  options?: RequestOptions,
): Promise<InvoiceDocumentDto | null> {
  try {
    return await api<InvoiceDocumentDto>(path, options);
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) return null;
    throw error;
  }
}
