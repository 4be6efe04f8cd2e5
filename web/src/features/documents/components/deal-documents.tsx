import { Link } from '@/lib/router';
import { t } from '@/i18n';
import { useBillingDetails } from '@/features/profile/api/billing-details';
import {
  useDealDocumentRefs,
  useDealInvoice,
} from '@/features/documents/api/deal-invoice.query';
import { DocumentLink } from './document-link';

/**
 * A paid deal's papers for its brand: the receipt and, once issued, the fee invoice (and a credit
 * note once fee money went back) and the creator's self-billed invoice beside it; while
 * the invoice waits for the brand's billing details, a prompt to give them.
 */
export function DealDocuments({ dealId }: { dealId: number }) {
  const invoice = useDealInvoice(dealId);
  const credit = useDealInvoice(dealId, 'credit-note');
  const selfBilled = useDealInvoice(dealId, 'self-billed-invoice');
  const billing = useBillingDetails();
  // Links by reference only (nothing sequential in the URL), once the references arrived.
  const refs = useDealDocumentRefs(dealId).data;
  const to = (
    kind: 'receipt' | 'invoice' | 'credit-note' | 'self-billed-invoice',
  ) => `/documents/${refs?.[kind] ?? ''}`;
  const waiting =
    invoice.data === null && billing.data?.billingDetails === null;
  return (
    <div className="space-y-2">
      {refs && (
        <div className="grid grid-cols-2 gap-2">
          <DocumentLink to={to('receipt')} kind="receipt" />
          {invoice.data && <DocumentLink to={to('invoice')} kind="invoice" />}
          {credit.data && (
            <DocumentLink to={to('credit-note')} kind="creditNote" />
          )}
          {selfBilled.data && (
            <DocumentLink to={to('self-billed-invoice')} kind="selfBilled" />
          )}
        </div>
      )}
      {waiting && (
        <p
          role="status"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
        >
          {t('doc.invoiceWaiting')}{' '}
          <Link to="/profile" className="font-medium underline">
            {t('doc.invoiceAddDetails')}
          </Link>
        </p>
      )}
    </div>
  );
}
