import type { EscrowEventNames } from './escrow-events';
import { answersUnexpectedRefund, fundsEscrow, isNewUnexpectedPayment, type EscrowLedger } from './escrow-ledger';

interface GuardArgs<C> {
  context: C;
  event: { type: string; data: unknown };
}

/**
 * The statechart guards of the escrow, for both aggregates' machines (spread into `setup`):
 * a session closes only if it is the open one, a payment funds the escrow only through its open
 * session for exactly what is due, each session's failure counts once, a payment to refund is
 * recorded once per session, and a refund answers only a recorded payment.
 */
export function escrowGuards<C extends EscrowLedger>(names: EscrowEventNames, dueCents: (c: C) => number | null) {
  const data = <T>(event: GuardArgs<C>['event']) => event.data as T;
  return {
    closesOpenSession: ({ context, event }: GuardArgs<C>) =>
      event.type === names.checkoutClosed && context.openSession?.sessionId === data<{ sessionId: string }>(event).sessionId,
    fundsEscrow: ({ context, event }: GuardArgs<C>) =>
      event.type === names.paid && fundsEscrow(context, data<{ checkoutSessionId: string; amountCents: number }>(event), dueCents(context)),
    openSessionFailed: ({ context, event }: GuardArgs<C>) => {
      if (event.type !== names.paymentFailed) return false;
      const { checkoutSessionId } = data<{ checkoutSessionId: string }>(event);
      return context.openSession?.sessionId === checkoutSessionId && context.lastFailedSessionId !== checkoutSessionId;
    },
    newUnexpectedPayment: ({ context, event }: GuardArgs<C>) =>
      event.type === names.unexpectedPayment && isNewUnexpectedPayment(context, data<{ checkoutSessionId: string }>(event).checkoutSessionId),
    refundsUnexpectedPayment: ({ context, event }: GuardArgs<C>) =>
      event.type === names.unexpectedPaymentRefunded && answersUnexpectedRefund(context, data<{ checkoutSessionId: string; amountCents: number }>(event)),
  };
}
