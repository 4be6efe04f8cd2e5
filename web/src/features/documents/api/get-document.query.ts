import { useQuery } from '@tanstack/react-query';
import type { InvoiceDocumentDto } from '@machines/contract/invoice-api';
import type { MoneyDocumentDto } from '@machines/contract/money-api';
import { api } from '@/lib/http';
import type { DocumentSource } from '@/features/documents/model/document-source';

/** A receipt, statement or invoice; it never changes once issued, so it is not polled. */
export const useMoneyDocument = (source: DocumentSource | null) =>
  useQuery({
    queryKey: ['document', source?.path ?? ''],
    queryFn: () =>
      api<MoneyDocumentDto | InvoiceDocumentDto>(source!.path, source!.options),
    enabled: source !== null,
    retry: false,
  });
