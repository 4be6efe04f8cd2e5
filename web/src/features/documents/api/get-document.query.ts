import { useQuery } from '@tanstack/react-query';
import type { MoneyDocumentDto } from '@machines/contract/money-api';
import { api } from '@/lib/http';
import type { DocumentSource } from '@/features/documents/model/document-source';

/** A receipt or statement; it never changes once issued, so it is not polled. */
export const useMoneyDocument = (source: DocumentSource | null) =>
  useQuery({
    queryKey: ['document', source?.path ?? ''],
    queryFn: () => api<MoneyDocumentDto>(source!.path, source!.options),
    enabled: source !== null,
    retry: false,
  });
