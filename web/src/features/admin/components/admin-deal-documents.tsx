import { useQueries } from '@tanstack/react-query';
import type { InvoiceDocumentDto } from '@machines/contract/invoice-api';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { toast } from '@/components/ui/toast-store';
import { downloadDocumentPdf } from '@/features/documents/api/download-pdf';
import type { DocumentKind } from '@/features/documents/model/document-source';
import { api, errorText, HttpError } from '@/lib/http';
import { t, useLanguage } from '@/i18n';

/** The deal's invoices an admin or auditor may read (docs/api.md), by the admin route's segment. */
const KINDS = [
  { segment: 'invoices', kind: 'invoice' },
  { segment: 'credit-notes', kind: 'creditNote' },
  { segment: 'self-billed-invoices', kind: 'selfBilled' },
] as const satisfies readonly { segment: string; kind: DocumentKind }[];

type Kind = (typeof KINDS)[number];

/** The deal's issued document of one kind, null while there is none (409). */
const documentQuery = (dealId: number, { segment }: Kind) => ({
  queryKey: ['admin-invoice', segment, dealId],
  queryFn: async () => {
    try {
      return await api<InvoiceDocumentDto>(
        `/api/admin/${segment}/deal/${dealId}`,
        { auth: 'admin' },
      );
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) return null;
      throw error;
    }
  },
  retry: false,
});

/** One issued invoice of the deal as a PDF download. */
function AdminInvoiceLink({
  dealId,
  kind: { segment, kind },
  number,
}: {
  dealId: number;
  kind: Kind;
  number: string;
}) {
  const lang = useLanguage();
  const path = `/api/admin/${segment}/deal/${dealId}`;
  const download = () =>
    downloadDocumentPdf(
      { path, options: { auth: 'admin' }, back: '/admin', kind },
      lang,
      `${segment}-${number}.pdf`,
    ).catch((e: unknown) =>
      toast({
        title: t('doc.downloadError'),
        description: errorText(e),
        variant: 'destructive',
      }),
    );
  return (
    <Button variant="secondary" onClick={download}>
      <Icon name="file" className="h-4 w-4" /> {t(`doc.${kind}`)} {number}
    </Button>
  );
}

/**
 * The admin deal panel's links to the deal's fee invoice, credit note and self-billed invoice
 * (PDF); once all are asked, "none issued yet" when there is none, not a heading over nothing.
 */
export function AdminDealDocuments({ dealId }: { dealId: number }) {
  const docs = useQueries({
    queries: KINDS.map((k) => documentQuery(dealId, k)),
  });
  const issued = KINDS.flatMap((kind, i) => {
    const doc = docs[i]?.data;
    return doc ? [{ kind, number: doc.number }] : [];
  });
  const settled = docs.every((d) => !d.isPending);
  return (
    <div data-testid="admin-deal-documents">
      <h3 className="mb-2 font-semibold">{t('admin.documents')}</h3>
      <div className="flex flex-wrap gap-2">
        {issued.map(({ kind, number }) => (
          <AdminInvoiceLink
            key={kind.segment}
            dealId={dealId}
            kind={kind}
            number={number}
          />
        ))}
      </div>
      {settled && issued.length === 0 && (
        <p className="text-sm text-slate-500">{t('admin.documentsNone')}</p>
      )}
    </div>
  );
}
