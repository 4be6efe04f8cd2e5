import type { AnyStateMachine } from 'xstate';
import { dealAggregate, paymentRequestAggregate, userAggregate, type Aggregate } from '../commands/aggregate';
import type { CommandContext, Decide, Draft } from '../commands/command-bus';
import type { GatewayWebhookEvent } from './gateway/payment-gateway';
import { settlePayment } from './duplicate-payment';
import { canTake, deterministicId, type EscrowRuntime } from './escrow-support';

type StripeObject = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const metadataOf = (o: StripeObject): Record<string, string> => (o.metadata ?? {}) as Record<string, string>;
type FailureContext = { checkoutSessionId: string | null; lastFailedSessionId: string | null };

/**
 * Turns verified gateway events into ledger events. Idempotent by event id: the appended event's id
 * is derived from the Stripe event id (a redelivery racing the original is acked by the store),
 * and an event the machine can no longer take (a redelivery, or one overtaken by later facts) or
 * whose fact is already recorded (same dispute, same account status) is ignored, so duplicates and
 * out-of-order deliveries change nothing. An unknown type is acknowledged and ignored.
 */
export function createWebhookHandler(rt: EscrowRuntime) {
  /** Appends the draft (with the event-derived id) if the stream exists and the machine takes it. */
  function record<M extends AnyStateMachine>(aggregate: Aggregate<M>, streamId: string, event: GatewayWebhookEvent, draft: (s: Parameters<Decide<M>>[0]) => Promise<Draft | null> | Draft | null) {
    const ctx: CommandContext = { actor: { kind: 'stripe', id: event.id }, correlationId: event.id };
    const decide: Decide<M> = async (state) => {
      if (state.revision < 0) return [];
      const made = await draft(state);
      if (!made || !canTake(state.snapshot, made.type, made.data, state.now)) return [];
      return [{ ...made, id: deterministicId('stripe', event.id, made.type) }];
    };
    return rt.bus.execute(aggregate, streamId, decide, ctx);
  }

  async function paid(event: GatewayWebhookEvent, session: StripeObject): Promise<void> {
    const paymentIntentId = text(session.payment_intent);
    const details = paymentIntentId ? await rt.gateway.paymentDetails(paymentIntentId) : { chargeId: null, method: null };
    const data = {
      checkoutSessionId: String(session.id),
      paymentIntentId,
      chargeId: details.chargeId,
      amountCents: Number(session.amount_total ?? 0),
      method: details.method,
      gatewayEventId: event.id,
    };
    const metadata = metadataOf(session);
    if (metadata.dealId) {
      const types = { paid: 'PaymentSucceeded', duplicate: 'DuplicatePaymentRefunded' };
      await settlePayment(rt, dealAggregate, dealAggregate.streamId(metadata.dealId), event, types, data);
    } else if (metadata.paymentRequestId) {
      const types = { paid: 'PaymentRequestPaid', duplicate: 'PaymentRequestDuplicatePaymentRefunded' };
      await settlePayment(rt, paymentRequestAggregate, paymentRequestAggregate.streamId(metadata.paymentRequestId), event, types, data);
    }
  }

  /**
   * A failure is the one webhook fact the machine accepts again and again (a self-loop), and the
   * store does not check ids at the current revision; so it is recorded only for the current
   * session and once per session: a redelivery, or a stale session's failure, changes nothing,
   * while a new session's failure after an earlier one is recorded again.
   */
  async function failed(event: GatewayWebhookEvent, session: StripeObject): Promise<void> {
    const checkoutSessionId = String(session.id);
    const data = { checkoutSessionId, reason: 'async_payment_failed', gatewayEventId: event.id };
    const fresh = (c: FailureContext) => c.checkoutSessionId === checkoutSessionId && c.lastFailedSessionId !== checkoutSessionId;
    await toTarget(event, session, { deal: 'PaymentFailed', request: 'PaymentRequestPaymentFailed' }, data, fresh);
  }

  async function toTarget(
    event: GatewayWebhookEvent,
    session: StripeObject,
    types: { deal: string; request: string },
    data: unknown,
    accept: (c: FailureContext) => boolean,
  ) {
    const metadata = metadataOf(session);
    if (metadata.dealId) {
      const streamId = dealAggregate.streamId(metadata.dealId);
      await record(dealAggregate, streamId, event, ({ snapshot }) => (accept(snapshot.context) ? { type: types.deal, data } : null));
    } else if (metadata.paymentRequestId) {
      const streamId = paymentRequestAggregate.streamId(metadata.paymentRequestId);
      await record(paymentRequestAggregate, streamId, event, ({ snapshot }) => (accept(snapshot.context) ? { type: types.request, data } : null));
    }
  }

  async function accountUpdated(event: GatewayWebhookEvent, account: StripeObject): Promise<void> {
    const metadata = metadataOf(account);
    const accountId = String(account.id);
    const payoutsEnabled = account.payouts_enabled === true;
    const detailsSubmitted = account.details_submitted === true;
    if (metadata.dealId) {
      if (!payoutsEnabled || !detailsSubmitted) return;
      await record(dealAggregate, dealAggregate.streamId(metadata.dealId), event, () => ({ type: 'BankAccountConnected', data: { accountId } }));
    } else if (metadata.userId) {
      await record(userAggregate, userAggregate.streamId(metadata.userId), event, ({ snapshot }) => {
        const c = snapshot.context;
        const changed = c.payoutsEnabled !== payoutsEnabled || c.detailsSubmitted !== detailsSubmitted;
        return changed ? { type: 'PayoutAccountStatusChanged', data: { accountId, payoutsEnabled, detailsSubmitted } } : null;
      });
    }
  }

  async function chargeback(event: GatewayWebhookEvent, dispute: StripeObject): Promise<void> {
    const chargeId = text(dispute.charge);
    const metadata = chargeId ? await rt.gateway.chargeMetadata(chargeId) : null;
    const disputeId = String(dispute.id);
    const facts = { disputeId, amountCents: Number(dispute.amount ?? 0), reason: String(dispute.reason ?? 'unknown'), gatewayEventId: event.id };
    if (metadata?.paymentRequestId) {
      // The machine holds a paid (or payout-pending) request; after the payout there is nothing to hold.
      const streamId = paymentRequestAggregate.streamId(metadata.paymentRequestId);
      await record(paymentRequestAggregate, streamId, event, () => ({ type: 'PaymentRequestChargebackOpened', data: facts }));
      return;
    }
    if (!metadata?.dealId) return;
    await record(dealAggregate, dealAggregate.streamId(metadata.dealId), event, ({ snapshot }) =>
      snapshot.context.chargebacks.some((c) => c.disputeId === disputeId) ? null : { type: 'ChargebackOpened', data: facts },
    );
  }

  return async function handleWebhook(event: GatewayWebhookEvent): Promise<void> {
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed':
        // iDEAL and other async methods complete 'unpaid' first; only the money counts.
        if (object.payment_status === 'paid') await paid(event, object);
        return;
      case 'checkout.session.async_payment_succeeded':
        return paid(event, object);
      case 'checkout.session.async_payment_failed':
        return failed(event, object);
      case 'account.updated':
        return accountUpdated(event, object);
      case 'charge.dispute.created':
        return chargeback(event, object);
      default:
        return;
    }
  };
}
