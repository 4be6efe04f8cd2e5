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
 * Runs `evolve(before, event)`, or returns what an identical call (the same event onto the same
 * `before`) already made; the folds are pure, so both are the same. Without one, every fold runs.
 */
type FoldMemo = <C extends object, E extends object>(
  evolve: (before: C, event: E) => C,
  before: C,
  event: E,
) => C;
const foldNow: FoldMemo = (evolve, before, event) => evolve(before, event);

/**
 * One event folded into an escrow by its aggregate's own context function (`before` undefined: the
 * stream's first event). The money read model and the reconciliation's trial balance both fold with
 * it, so they cannot disagree with the deals' and requests' ledgers.
 */
export function foldEscrowEvent(
  kind: FoldedEscrow['kind'],
  before: FoldedEscrow | undefined,
  event: { type: string; data: unknown; metadata: unknown },
  memo: FoldMemo = foldNow,
): FoldedEscrow {
  if (kind === 'deal') {
    const context = before?.kind === 'deal' ? before.context : emptyDealContext;
    return {
      kind,
      context: memo(evolveDealContext, context, event as unknown as DealEvent),
    };
  }
  const context =
    before?.kind === 'request' ? before.context : emptyPaymentRequestContext;
  const folded = memo(
    evolvePaymentRequestContext,
    context,
    event as unknown as PaymentRequestEvent,
  );
  return { kind, context: folded };
}
