import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n';
import {
  useRequestBilling,
  useRequestInvoice,
  useSaveRequestBilling,
} from '@/features/documents/api/request-documents';
import { BillingForm, type BillingTexts } from './billing-form';
import { DocumentLink } from './document-link';

const texts: BillingTexts = {
  title: 'preqDoc.title',
  vatId: 'preqDoc.vatId',
  save: 'preqDoc.save',
  saved: 'preqDoc.saved',
  savedText: 'preqDoc.savedText',
  failed: 'preqDoc.failed',
  failedText: 'preqDoc.failedText',
  saving: 'preqDoc.saving',
};

/**
 * A payment request's papers for the brand that pays it through the link: the receipt and, once
 * issued, the fee invoice, a credit note and the creator's self-billed invoice; and the billing
 * details the invoice is made out to, asked before the checkout (optional) and, while a paid
 * request's invoice waits for them, asked for again.
 */
export function RequestDocuments({
  token,
  paid,
}: {
  token: string;
  paid: boolean;
}) {
  const billing = useRequestBilling(token, true);
  const save = useSaveRequestBilling(token);
  const invoice = useRequestInvoice(token, 'invoice', paid);
  const credit = useRequestInvoice(token, 'credit-note', paid);
  const selfBilled = useRequestInvoice(token, 'self-billed-invoice', paid);
  const base = `/pay-request/${encodeURIComponent(token)}`;
  const details = billing.data?.billingDetails ?? null;
  const waiting = paid && billing.data && details === null;
  return (
    <Card className="space-y-3">
      {paid && (
        <div className="grid grid-cols-2 gap-2">
          <DocumentLink to={`${base}/receipt`} kind="receipt" />
          {invoice.data && (
            <DocumentLink to={`${base}/invoice`} kind="invoice" />
          )}
          {credit.data && (
            <DocumentLink to={`${base}/credit-note`} kind="creditNote" />
          )}
          {selfBilled.data && (
            <DocumentLink
              to={`${base}/self-billed-invoice`}
              kind="selfBilled"
            />
          )}
        </div>
      )}
      {waiting && (
        <p
          role="status"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
        >
          {t('doc.invoiceWaiting')}
        </p>
      )}
      <details open={!details}>
        <summary className="min-h-11 cursor-pointer py-2 font-semibold">
          {t('preqDoc.title')}
        </summary>
        <p className="mb-3 text-sm text-slate-600">{t('preqDoc.intro')}</p>
        {billing.data ? (
          <BillingForm initial={details} save={save} texts={texts} />
        ) : (
          <Spinner />
        )}
      </details>
    </Card>
  );
}
