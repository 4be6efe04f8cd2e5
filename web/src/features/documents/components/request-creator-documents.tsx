import type { PaymentRequestDto } from '@machines/contract/api';
import {
  useOwnRequestSelfBilled,
  useRequestDocumentRefs,
} from '@/features/documents/api/request-documents';
import { DocumentLink } from './document-link';

/**
 * The creator's papers of its own request on its card, once money reached it: the statement after
 * the payout or a split's part, and the self-billed invoice when one was issued under the account's
 * agreement. Both linked by their unguessable references, which open them for the creator only.
 */
export function RequestCreatorDocuments({
  request,
}: {
  request: PaymentRequestDto;
}) {
  const paidOut =
    request.status === 'split_resolved' ||
    (request.status === 'completed' &&
      !request.payoutPending &&
      request.completedAt !== null);
  const selfBilled = useOwnRequestSelfBilled(request.id, paidOut);
  const refs = useRequestDocumentRefs(request.id, paidOut).data;
  if (!paidOut || !refs) return null;
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-2">
      <DocumentLink
        to={`/documents/${refs.statement}`}
        kind="statement"
        compact
      />
      {selfBilled.data && (
        <DocumentLink
          to={`/documents/${refs['self-billed-invoice']}`}
          kind="selfBilled"
          compact
        />
      )}
    </div>
  );
}
