import {
  emptyDealContext,
  evolveDealContext,
  type DealContext,
} from '../deal/deal.context';
import type { DealEvent } from '../deal/deal.events';
import {
  emptyPaymentRequestContext,
  evolvePaymentRequestContext,
  type PaymentRequestContext,
} from '../payment-request/payment-request.context';
import type { PaymentRequestEvent } from '../payment-request/payment-request.events';

/** An escrow's context as its aggregate folds it: a deal's or a payment request's. */
export type FoldedEscrow =
  | { kind: 'deal'; context: DealContext }
  | { kind: 'request'; context: PaymentRequestContext };

/** Which escrow a stream holds (`deal-7`, `payment-request-3`), or null for any other stream. */
export const escrowKindOf = (streamId: string): FoldedEscrow['kind'] | null =>
  streamId.startsWith('deal-')
    ? 'deal'
    : streamId.startsWith('payment-request-')
      ? 'request'
      : null;

/**
 * One event folded into an escrow by its aggregate's own context function (`before` undefined: the
 * stream's first event). The reconciliation's trial balance and the read models' tests fold with
 * it, so they cannot disagree with the deals' and requests' ledgers.
 */
export function foldEscrowEvent(
  kind: FoldedEscrow['kind'],
  before: FoldedEscrow | undefined,
  event: { type: string; data: unknown; metadata: unknown },
): FoldedEscrow {
  if (kind === 'deal') {
    const context = before?.kind === 'deal' ? before.context : emptyDealContext;
    return {
      kind,
      context: evolveDealContext(context, event as unknown as DealEvent),
    };
  }
  const context =
    before?.kind === 'request' ? before.context : emptyPaymentRequestContext;
  const folded = evolvePaymentRequestContext(
    context,
    event as unknown as PaymentRequestEvent,
  );
  return { kind, context: folded };
}
