import { useState } from 'react';
import { useLocation } from '@/lib/router';
import type { InvoiceDocumentDto } from '@machines/contract/invoice-api';
import type { MoneyDocumentDto } from '@machines/contract/money-api';
import { layoutMoneyDocument } from '@machines/documents/document-layout';
import { layoutInvoice } from '@machines/documents/invoice-layout';
import { layoutContract } from '@machines/documents/contract-layout';
import type { ContractDocumentDto } from '@machines/contract/contract-api';
import {
  layoutYearOverview,
  type YearOverviewDto,
} from '@machines/documents/year-figures';
import { toast } from '@/components/ui/toast-store';
import {
  downloadDocumentCsv,
  downloadDocumentPdf,
} from '@/features/documents/api/download-pdf';
import { useMoneyDocument } from '@/features/documents/api/get-document.query';
import {
  documentSourceOf,
  isInvoiceKind,
  type DocumentSource,
} from '@/features/documents/model/document-source';
import { errorText } from '@/lib/http';
import { t, useLanguage } from '@/i18n';

/**
 * Where the page goes back to: a document by reference back to the list of what it belongs to (a
 * request's papers to the requests, a deal's to the deals), the others where their source says.
 */
function backOf(source: DocumentSource | null, doc: unknown): string | null {
  if (!source) return null;
  const subject = (doc as { subject?: string | { kind: string } } | undefined)
    ?.subject;
  const ofRequest =
    subject === 'payment_request' ||
    (typeof subject === 'object' && subject.kind === 'payment_request');
  return source.kind === 'byReference' && ofRequest
    ? '/payment-requests'
    : source.back;
}

/**
 * The document the page's path names, laid out in the app's language, and its downloads (the
 * server's PDF of the same document, or a year overview's CSV) with a busy flag while one runs.
 */
export function useDocumentPage() {
  const lang = useLanguage();
  const source = documentSourceOf(useLocation().pathname);
  const doc = useMoneyDocument(source);
  const [busy, setBusy] = useState(false);
  // A document by reference is an invoice or a receipt/statement as its answer's kind says.
  const invoice =
    (source && isInvoiceKind(source.kind)) ||
    (doc.data &&
      !['receipt', 'statement'].includes((doc.data as { kind: string }).kind));
  const layout = !doc.data
    ? null
    : source?.kind === 'yearOverview'
      ? layoutYearOverview(doc.data as unknown as YearOverviewDto, lang)
      : source?.kind === 'contract'
        ? layoutContract(doc.data as unknown as ContractDocumentDto, lang)
        : invoice
          ? layoutInvoice(doc.data as InvoiceDocumentDto, lang)
          : layoutMoneyDocument(doc.data as MoneyDocumentDto, lang);

  const onDownload = (format: 'pdf' | 'csv') => {
    if (!source || !layout) return;
    setBusy(true);
    (format === 'pdf'
      ? downloadDocumentPdf(source, lang, layout.fileName)
      : downloadDocumentCsv(source, layout.fileName.replace(/\.pdf$/, '.csv'))
    )
      .catch((e: unknown) =>
        toast({
          title: t('doc.downloadError'),
          description: errorText(e),
          variant: 'destructive',
        }),
      )
      .finally(() => setBusy(false));
  };
  return {
    source,
    doc,
    layout,
    busy,
    onDownload,
    back: backOf(source, doc.data),
  };
}
