import type { DealListItemDto } from '@machines/contract/api';
import { DocumentLink } from './document-link';

/**
 * A paid deal's receipt for its brand, linked by the unguessable reference the brand's deal answer
 * carries (nothing sequential in the URL); nothing before the payment.
 */
export function DealReceiptLink({
  deal,
  compact = false,
}: {
  deal: DealListItemDto;
  compact?: boolean;
}) {
  return deal.receiptRef ? (
    <DocumentLink
      to={`/documents/${deal.receiptRef}`}
      kind="receipt"
      compact={compact}
    />
  ) : null;
}
