import type { EscrowEventNames } from './escrow-events';
import {
  chargedBack,
  intentRefusal,
  writtenOffByChargeback,
} from './escrow-limits';
import {
  answersUnexpectedRefund,
  fundsEscrow,
  isNewUnexpectedPayment,
  pendingSplitPart,
  type EscrowLedger,
  type SplitPart,
} from './escrow-ledger';

interface GuardArgs<C> {
  context: C;
  event: { type: string; data: unknown };
}

type SplitOutcomes = Record<string, { part: SplitPart; success: boolean }>;

const data = <T>(event: { data: unknown }) => event.data as T;

const other = (part: SplitPart): SplitPart =>
  part === 'transfer' ? 'refund' : 'transfer';

/** Which split part each outcome event answers, and whether it reports success. */
function splitOutcomes(names: EscrowEventNames): SplitOutcomes {
  const outcomes: SplitOutcomes = {};
  if (names.splitTransferred)
    outcomes[names.splitTransferred] = { part: 'transfer', success: true };
  if (names.splitTransferFailed)
    outcomes[names.splitTransferFailed] = { part: 'transfer', success: false };
  if (names.splitRefunded)
    outcomes[names.splitRefunded] = { part: 'refund', success: true };
  if (names.splitRefundFailed)
    outcomes[names.splitRefundFailed] = { part: 'refund', success: false };
  return outcomes;
}

/** The split's part this outcome answers (null: none waits for it). */
function answeredSplitPart<C extends EscrowLedger>(
  outcomes: SplitOutcomes,
  { context, event }: GuardArgs<C>,
): SplitPart | null {
  const outcome = outcomes[event.type];
  const { key, amountCents } = data<{ key: string; amountCents?: number }>(
    event,
  );
  if (!outcome || pendingSplitPart(context.split, key) !== outcome.part)
    return null;
  const expected =
    outcome.part === 'transfer'
      ? context.split!.creatorCents
      : context.split!.refundCents;
  return !outcome.success || amountCents === expected ? outcome.part : null;
}

/**
 * The refund outcome that ends an escrow a lost chargeback emptied (escrow-limits.ts): it moves
 * nothing and names a lost chargeback of this escrow.
 */
function endsByChargeback<C extends EscrowLedger>(
  names: EscrowEventNames,
  { context, event }: GuardArgs<C>,
): boolean {
  if (event.type !== names.refunded) return false;
  const d = data<{ reason?: string; amountCents: number; disputeId?: string }>(
    event,
  );
  return (
    d.reason === chargedBack &&
    d.amountCents === 0 &&
    context.chargebacks.some(
      (cb) => cb.status === 'lost' && cb.disputeId === d.disputeId,
    ) &&
    writtenOffByChargeback(context)
  );
}

/**
 * The statechart guards of the escrow, for both aggregates' machines (spread into `setup`):
 * a session closes only if it is the open one, a payment funds the escrow only through its open
 * session for exactly what is due, each session's failure counts once, a payment to refund is
 * recorded once per session, and a refund answers only a recorded payment; a split's outcome
 * answers only its own part while that part waits (same key, same amount), the outcome that
 * completes the split is the second success, and a retry asks again only for a refused part.
 */
export function escrowGuards<C extends EscrowLedger>(
  names: EscrowEventNames,
  dueCents: (c: C) => number | null,
) {
  const outcomes = splitOutcomes(names);
  const answeredPart = (args: GuardArgs<C>) =>
    answeredSplitPart(outcomes, args);
  return {
    closesOpenSession: ({ context, event }: GuardArgs<C>) =>
      event.type === names.checkoutClosed &&
      context.openSession?.sessionId ===
        data<{ sessionId: string }>(event).sessionId,
    fundsEscrow: ({ context, event }: GuardArgs<C>) =>
      event.type === names.paid &&
      fundsEscrow(
        context,
        data<{ checkoutSessionId: string; amountCents: number }>(event),
        dueCents(context),
      ),
    openSessionFailed: ({ context, event }: GuardArgs<C>) => {
      if (event.type !== names.paymentFailed) return false;
      const { checkoutSessionId } = data<{ checkoutSessionId: string }>(event);
      return (
        context.openSession?.sessionId === checkoutSessionId &&
        context.lastFailedSessionId !== checkoutSessionId
      );
    },
    newUnexpectedPayment: ({ context, event }: GuardArgs<C>) =>
      event.type === names.unexpectedPayment &&
      isNewUnexpectedPayment(
        context,
        data<{ checkoutSessionId: string }>(event).checkoutSessionId,
      ),
    refundsUnexpectedPayment: ({ context, event }: GuardArgs<C>) =>
      event.type === names.unexpectedPaymentRefunded &&
      answersUnexpectedRefund(
        context,
        data<{ checkoutSessionId: string; amountCents: number }>(event),
      ),
    /** An intent that pays out keeps the escrow's limits, and no chargeback is open (escrow-limits.ts). */
    withinLimits: ({ context, event }: GuardArgs<C>) =>
      intentRefusal(context, event, names) === null,
    /** The gateway's outcome of a chargeback that is open. */
    closesChargeback: ({ context, event }: GuardArgs<C>) =>
      event.type === names.chargebackClosed &&
      context.chargebacks.some(
        (cb) =>
          cb.status === 'open' &&
          cb.disputeId === data<{ disputeId: string }>(event).disputeId,
      ),
    endsByChargeback: (args: GuardArgs<C>) => endsByChargeback(names, args),
    answersSplitPart: (args: GuardArgs<C>) => answeredPart(args) !== null,
    /** The second part's success: both parts are done. */
    completesSplit: (args: GuardArgs<C>) => {
      const part = answeredPart(args);
      return (
        part !== null &&
        outcomes[args.event.type]!.success &&
        args.context.split![other(part)] === 'succeeded'
      );
    },
    splitPartRetryable: ({ context, event }: GuardArgs<C>) => {
      if (event.type !== names.splitRetried || context.split === null)
        return false;
      const { part, key } = data<{ part: SplitPart; key: string }>(event);
      return (
        context.split[part] === 'failed' && context.split[`${part}Key`] === key
      );
    },
  };
}
