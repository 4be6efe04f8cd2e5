import { useState } from 'react';
import { Link, useLocation } from '@/lib/router';
import type { InvoiceDocumentDto } from '@machines/contract/invoice-api';
import type { MoneyDocumentDto } from '@machines/contract/money-api';
import { layoutMoneyDocument } from '@machines/documents/document-layout';
import { layoutInvoice } from '@machines/documents/invoice-layout';
import { layoutContract } from '@machines/documents/contract-layout';
import type { ContractDocumentDto } from '@machines/contract/contract-api';
import { layoutYearOverview, type YearOverviewDto } from '@machines/documents/year-figures';
import { Button, buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { downloadDocumentCsv, downloadDocumentPdf } from '@/features/documents/api/download-pdf';
import { useMoneyDocument } from '@/features/documents/api/get-document.query';
import { DocumentSheet } from '@/features/documents/components/document-sheet';
import { YearSwitch } from '@/features/documents/components/year-switch';
import { documentSourceOf, isInvoiceKind } from '@/features/documents/model/document-source';
import { errorText } from '@/lib/http';
import { t, useLanguage } from '@/i18n';

/**
 * A receipt, statement or fee invoice as a printable page (A4 print styles in index.css), in the app's language,
 * with a PDF of the same document made by the server. Which document is read from the page's path.
 */
export default function DocumentRoute() {
  const lang = useLanguage();
  const source = documentSourceOf(useLocation().pathname);
  const doc = useMoneyDocument(source);
  const [busy, setBusy] = useState(false);
  // A document by reference is an invoice or a receipt/statement as its answer's kind says.
  const invoice =
    (source && isInvoiceKind(source.kind)) ||
    (doc.data && !['receipt', 'statement'].includes((doc.data as { kind: string }).kind));
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
        toast({ title: t('doc.downloadError'), description: errorText(e), variant: 'destructive' }),
      )
      .finally(() => setBusy(false));
  };

  return (
    <Page
      back={
        source && (
          <Link to={source.back} className={`${buttonClass('ghost')} print:hidden`}>
            {t('doc.back')}
          </Link>
        )
      }
    >
      {doc.isPending && source && <Spinner />}
      {(doc.isError || !source) && (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {doc.error ? errorText(doc.error) : t('doc.missing')}
        </p>
      )}
      {source?.kind === 'yearOverview' && <YearSwitch path={source.path} />}
      {layout && (
        <>
          <DocumentSheet layout={layout} />
          <div className="mt-4 grid grid-cols-2 gap-2 print:hidden">
            <Button variant="secondary" onClick={() => window.print()}>
              {t('doc.print')}
            </Button>
            <Button onClick={() => onDownload('pdf')} disabled={busy}>
              {t('doc.download')}
            </Button>
            {source?.kind === 'yearOverview' && (
              <Button
                variant="secondary"
                className="col-span-2"
                onClick={() => onDownload('csv')}
                disabled={busy}
              >
                {t('doc.downloadCsv')}
              </Button>
            )}
          </div>
        </>
      )}
    </Page>
  );
}
