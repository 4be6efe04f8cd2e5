import { decodeEvent } from '../../machines/events/codec';
import type { DealEvent } from '../../machines/deal/deal.events';
import type { PaymentRequestEvent } from '../../machines/payment-request/payment-request.events';
import { dealAggregate, paymentRequestAggregate } from '../commands/aggregate';
import type { CommandBus, CommandContext } from '../commands/command-bus';
import { deterministicId } from '../commands/deterministic-id';
import type { CommandRunner } from '../commands/run-command';
import type { RecordedEvent } from '../event-store/event-store';
import { asGatewayError, isDefiniteRefusal } from '../payments/gateway/gateway-failure';
import type { PaymentGateway } from '../payments/gateway/payment-gateway';
import type { Reactor } from './reactor';

export interface PaymentsReactorDeps {
  bus: CommandBus;
  run: CommandRunner;
  gateway: PaymentGateway;
  log?: (message: string, details: Record<string, unknown>) => void;
}

const intents = [
  'FundsReleaseRequested',
  'RefundRequested',
  'UnexpectedPaymentReceived',
  'CheckoutSessionClosed',
  'PaymentRequestPayoutRequested',
  'PaymentRequestUnexpectedPaymentReceived',
  'PaymentRequestCheckoutClosed',
] as const;

const idOf = (streamId: string): number => Number(/(\d+)$/.exec(streamId)?.[1] ?? 0);

/**
 * Carries out the money intents the statecharts accepted, and records the gateway's answer as the
 * outcome event. Exactly once: the gateway call's idempotency key is the intent's key (or derived
 * from the intent), the outcome's event id is derived from the same key, and before calling the
 * gateway the reactor reads the stream: an intent already answered (a redelivery after a crash,
 * another instance was first) is not sent again. A definite refusal is recorded as the failure
 * outcome; an unknown outcome (network, 5xx) throws, and the runner hands the intent over again
 * with the same key, which the gateway answers with its first result.
 */
export function createPaymentsReactor({ bus, run, gateway, log }: PaymentsReactorDeps): Reactor {
  const ctxFor = (event: RecordedEvent): CommandContext => {
    const metadata = event.metadata as { correlationId?: string };
    return { actor: { kind: 'system', id: 'payments-reactor' }, correlationId: metadata.correlationId ?? event.id, causationId: event.id };
  };

  async function onDealEvent(event: RecordedEvent, domain: DealEvent): Promise<void> {
    const dealId = idOf(event.streamId);
    const ctx = ctxFor(event);
    const { snapshot } = await bus.load(dealAggregate, event.streamId);
    const c = snapshot.context;
    switch (domain.type) {
      case 'FundsReleaseRequested': {
        const { key } = domain.data;
        if (c.pendingRelease?.key !== key) return;
        try {
          const { transferId } = await gateway.transfer({
            amountCents: c.pendingRelease.amountCents,
            destinationAccountId: c.stripeAccountId!,
            transferGroup: event.streamId,
            sourceTransaction: c.chargeId,
            idempotencyKey: key,
            metadata: { dealId: String(dealId), streamId: event.streamId, trigger: c.pendingRelease.trigger },
          });
          await run.deal(dealId, { type: 'RecordTransfer', key, transferId }, ctx, { dedupeKey: key });
        } catch (error) {
          const failure = asGatewayError(error);
          if (!isDefiniteRefusal(failure)) throw failure;
          await run.deal(dealId, { type: 'RecordTransferFailure', key, code: failure.code, message: failure.message }, ctx, { dedupeKey: key });
        }
        return;
      }
      case 'RefundRequested': {
        const { key } = domain.data;
        if (c.pendingRefund?.key !== key) return;
        try {
          const refund = await gateway.refund({
            paymentIntentId: c.paymentIntentId,
            chargeId: c.chargeId,
            amountCents: c.pendingRefund.amountCents,
            transferGroup: event.streamId,
            idempotencyKey: key,
          });
          await run.deal(dealId, { type: 'RecordRefund', key, ...refund }, ctx, { dedupeKey: key });
        } catch (error) {
          const failure = asGatewayError(error);
          if (!isDefiniteRefusal(failure)) throw failure;
          await run.deal(dealId, { type: 'RecordRefundFailure', key, code: failure.code, message: failure.message }, ctx, { dedupeKey: key });
        }
        return;
      }
      case 'UnexpectedPaymentReceived': {
        const payment = c.unexpectedPayments.find((p) => p.checkoutSessionId === domain.data.checkoutSessionId);
        if (!payment || payment.refundId !== null) return;
        const refundId = await refundUnexpected(event.streamId, payment);
        if (refundId === null) return;
        await run.deal(dealId, { type: 'RecordUnexpectedPaymentRefund', checkoutSessionId: payment.checkoutSessionId, refundId }, ctx, {
          dedupeKey: `unexpected:${payment.checkoutSessionId}`,
        });
        return;
      }
      case 'CheckoutSessionClosed':
        await expire(domain.data.sessionId);
        return;
      default:
        return;
    }
  }

  async function onRequestEvent(event: RecordedEvent, domain: PaymentRequestEvent): Promise<void> {
    const requestId = idOf(event.streamId);
    const ctx = ctxFor(event);
    const { snapshot } = await bus.load(paymentRequestAggregate, event.streamId);
    const c = snapshot.context;
    switch (domain.type) {
      case 'PaymentRequestPayoutRequested': {
        const { key } = domain.data;
        if (c.pendingPayout?.key !== key) return;
        try {
          const { transferId } = await gateway.transfer({
            amountCents: c.pendingPayout.amountCents,
            destinationAccountId: c.pendingPayout.destinationAccountId,
            transferGroup: event.streamId,
            sourceTransaction: c.chargeId,
            idempotencyKey: key,
            metadata: { paymentRequestId: String(requestId), streamId: event.streamId },
          });
          await run.request(requestId, { type: 'RecordTransfer', key, transferId }, ctx, { dedupeKey: key });
        } catch (error) {
          const failure = asGatewayError(error);
          if (!isDefiniteRefusal(failure)) throw failure;
          await run.request(requestId, { type: 'RecordTransferFailure', key, code: failure.code, message: failure.message }, ctx, { dedupeKey: key });
        }
        return;
      }
      case 'PaymentRequestUnexpectedPaymentReceived': {
        const payment = c.unexpectedPayments.find((p) => p.checkoutSessionId === domain.data.checkoutSessionId);
        if (!payment || payment.refundId !== null) return;
        const refundId = await refundUnexpected(event.streamId, payment);
        if (refundId === null) return;
        await run.request(requestId, { type: 'RecordUnexpectedPaymentRefund', checkoutSessionId: payment.checkoutSessionId, refundId }, ctx, {
          dedupeKey: `unexpected:${payment.checkoutSessionId}`,
        });
        return;
      }
      case 'PaymentRequestCheckoutClosed':
        await expire(domain.data.sessionId);
        return;
      default:
        return;
    }
  }

  /** Refunds a payment that did not fund its deal or request; the creator's transfer (if any) stays. */
  async function refundUnexpected(
    streamId: string,
    payment: { checkoutSessionId: string; paymentIntentId: string | null; chargeId: string | null; amountCents: number },
  ): Promise<string | null> {
    try {
      const { refundId } = await gateway.refund({
        paymentIntentId: payment.paymentIntentId,
        chargeId: payment.chargeId,
        amountCents: payment.amountCents,
        transferGroup: streamId,
        idempotencyKey: deterministicId(streamId, 'unexpected-payment-refund', payment.checkoutSessionId),
        reverseTransfers: false,
      });
      return refundId;
    } catch (error) {
      const failure = asGatewayError(error);
      if (!isDefiniteRefusal(failure)) throw failure;
      // Refused (already refunded at the gateway by hand, say): nothing to record; admins see it as unrefunded.
      log?.('refund of an unexpected payment refused', { streamId, sessionId: payment.checkoutSessionId, code: failure.code });
      return null;
    }
  }

  /**
   * Closing a session is best effort and never holds up the effects behind it: if the gateway
   * cannot be reached, the session may still be paid, and that payment is refunded as unexpected.
   */
  async function expire(sessionId: string): Promise<void> {
    try {
      await gateway.expireCheckoutSession(sessionId);
    } catch (error) {
      log?.('closing a checkout session failed; a payment on it will be refunded', { sessionId, message: asGatewayError(error).message });
    }
  }

  return {
    name: 'payments',
    types: new Set<string>(intents),
    async handle(event) {
      const domain = decodeEvent(event);
      if (event.streamId.startsWith('deal-')) return onDealEvent(event, domain as DealEvent);
      if (event.streamId.startsWith('payment-request-')) return onRequestEvent(event, domain as PaymentRequestEvent);
    },
  };
}
