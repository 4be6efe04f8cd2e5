import type { PaymentRequestDto } from '@machines/contract/api';
import { useOwnRequestSelfBilled } from '@/features/documents/api/request-documents';
import { DocumentLink } from './document-link';

/**
 * The creator's papers of its own request on its card, once money reached it: the statement after
 * the payout or a split's part, and the self-billed invoice when one was issued under the account's
 * agreement. Both by the request's id, which the creator sees; their routes answer no one else.
 */
export function RequestCreatorDocuments({ request }: { request: PaymentRequestDto }) {
  const paidOut =
    request.status === 'split_resolved' ||
    (request.status === 'completed' && !request.payoutPending && request.completedAt !== null);
  const selfBilled = useOwnRequestSelfBilled(request.id, paidOut);
  if (!paidOut) return null;
  const base = `/payment-requests/${request.id}`;
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-2">
      <DocumentLink to={`${base}/statement`} kind="statement" compact />
      {selfBilled.data && (
        <DocumentLink to={`${base}/self-billed-invoice`} kind="selfBilled" compact />
      )}
    </div>
  );
}
