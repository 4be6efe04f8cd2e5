import { useDealDocumentRefs } from '@/features/documents/api/deal-invoice.query';
import { DocumentLink } from './document-link';

/**
 * A paid deal's receipt for its brand, linked by its unguessable reference (nothing sequential in
 * the URL); shown once the reference arrived.
 */
export function DealReceiptLink({
  dealId,
  compact = false,
}: {
  dealId: number;
  compact?: boolean;
}) {
  const ref = useDealDocumentRefs(dealId).data?.receipt;
  return ref ? <DocumentLink to={`/documents/${ref}`} kind="receipt" compact={compact} /> : null;
}
