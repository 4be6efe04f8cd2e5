import { Link } from '@/lib/router';
import { Button, buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { DocumentSheet } from '@/features/documents/components/document-sheet';
import { YearSwitch } from '@/features/documents/components/year-switch';
import { useDocumentPage } from '@/features/documents/hooks/use-document-page';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';

/**
 * A receipt, statement or fee invoice as a printable page (A4 print styles in index.css), in the app's language,
 * with a PDF of the same document made by the server. Which document is read from the page's path.
 */
export default function DocumentRoute() {
  const { source, doc, layout, busy, onDownload, back } = useDocumentPage();

  return (
    <Page
      back={
        back && (
          <Link to={back} className={`${buttonClass('ghost')} print:hidden`}>
            {t('doc.back')}
          </Link>
        )
      }
    >
      {doc.isPending && source && <Spinner />}
      {(doc.isError || !source) && (
        <p
          role="alert"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
        >
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
