import { useQuery } from '@tanstack/react-query';
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

/** One issued invoice of the deal as a PDF download, or nothing while there is none (409). */
function AdminInvoiceLink({
  dealId,
  segment,
  kind,
}: {
  dealId: number;
  segment: string;
  kind: DocumentKind;
}) {
  const lang = useLanguage();
  const path = `/api/admin/${segment}/deal/${dealId}`;
  const doc = useQuery({
    queryKey: ['admin-invoice', segment, dealId],
    queryFn: async () => {
      try {
        return await api<InvoiceDocumentDto>(path, { auth: 'admin' });
      } catch (error) {
        if (error instanceof HttpError && error.status === 409) return null;
        throw error;
      }
    },
    retry: false,
  });
  if (!doc.data) return null;
  const { number } = doc.data;
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

/** The admin deal panel's links to the deal's fee invoice, credit note and self-billed invoice (PDF). */
export function AdminDealDocuments({ dealId }: { dealId: number }) {
  return (
    <div>
      <h3 className="mb-2 font-semibold">{t('admin.documents')}</h3>
      <div className="flex flex-wrap gap-2">
        {KINDS.map((k) => (
          <AdminInvoiceLink
            key={k.segment}
            dealId={dealId}
            segment={k.segment}
            kind={k.kind}
          />
        ))}
      </div>
    </div>
  );
}
