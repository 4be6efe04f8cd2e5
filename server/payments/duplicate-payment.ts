import type { AnyStateMachine } from 'xstate';
import type { Aggregate } from '../commands/aggregate';
import type { CommandContext, Decide } from '../commands/command-bus';
import type { GatewayWebhookEvent } from './gateway/payment-gateway';
import { asGatewayError, canTake, deterministicId, gatewayFailure, type EscrowRuntime } from './escrow-support';

/** What a confirmed checkout payment says (the data of PaymentSucceeded / PaymentRequestPaid). */
export interface ConfirmedPayment {
  checkoutSessionId: string;
  paymentIntentId: string | null;
  chargeId: string | null;
  amountCents: number;
  method: string | null;
  gatewayEventId: string;
}

interface PayableContext {
  paidAt: string | null;
  checkoutSessionId: string | null;
  duplicateRefunds?: { checkoutSessionId: string }[];
}

/**
 * Records a confirmed payment, or refunds it when the deal / request cannot take it: a second paid
 * session (an old tab, a double click), or a payment for a deal deleted or a request expired or
 * rejected while its checkout was open. Money is never kept by accident. The refund key is the
 * payment's own (`<stream>:duplicate:<payment intent>`), so redeliveries and concurrent handlers
 * refund once; it never reverses the creator's transfer, which the first payment paid for. The
 * refund is recorded (`…DuplicatePaymentRefunded`) where the statechart takes it; final states
 * accept nothing, so there the refund happens without a stream event (docs/payments.md).
 */
export async function settlePayment<M extends AnyStateMachine>(
  rt: EscrowRuntime,
  aggregate: Aggregate<M>,
  streamId: string,
  event: GatewayWebhookEvent,
  types: { paid: string; duplicate: string },
  payment: ConfirmedPayment,
): Promise<void> {
  const ctx: CommandContext = { actor: { kind: 'stripe', id: event.id }, correlationId: event.id };
  let refundId: string | null = null;
  const decide: Decide<M> = async ({ snapshot, revision, now }) => {
    if (revision < 0) return [];
    if (canTake(snapshot, types.paid, payment, now)) {
      return [{ type: types.paid, data: payment, id: deterministicId('stripe', event.id, types.paid) }];
    }
    const c = (snapshot as { context: PayableContext }).context;
    const sessionId = payment.checkoutSessionId;
    // A redelivery of the payment that paid (even after a later admin refund) changes nothing.
    if (c.paidAt !== null && c.checkoutSessionId === sessionId) return [];
    if (c.duplicateRefunds?.some((r) => r.checkoutSessionId === sessionId)) return [];
    if (refundId === null) {
      try {
        ({ refundId } = await rt.gateway.refund({
          paymentIntentId: payment.paymentIntentId,
          chargeId: payment.chargeId,
          amountCents: payment.amountCents,
          transferGroup: streamId,
          idempotencyKey: `${streamId}:duplicate:${payment.paymentIntentId ?? sessionId}`,
          reverseTransfers: false,
        }));
      } catch (error) {
        // Unrecorded: the webhook answers 500 and Stripe redelivers; the key makes the retry safe.
        throw gatewayFailure(asGatewayError(error));
      }
    }
    const data = { checkoutSessionId: sessionId, paymentIntentId: payment.paymentIntentId, refundId, amountCents: payment.amountCents, gatewayEventId: event.id };
    if (!canTake(snapshot, types.duplicate, data, now)) return [];
    return [{ type: types.duplicate, data, id: deterministicId(streamId, types.duplicate, sessionId) }];
  };
  await rt.bus.execute(aggregate, streamId, decide, ctx);
}
