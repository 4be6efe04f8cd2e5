import { dealAggregate, paymentRequestAggregate } from '../commands/aggregate';
import type { CommandContext } from '../commands/command-bus';
import { DomainError } from '../commands/domain-error';
import { asGatewayError, canTake, gatewayFailure, refusal, requireStream, type EscrowRuntime } from './escrow-support';

/**
 * Opens checkout sessions for the total (amount + platform fee) in EUR. A payment only counts once
 * a webhook confirms it. The key includes the revision, so a retried attempt (crash, conflict)
 * reuses its session while a later attempt (after an edit or a failed payment) opens a fresh one.
 */
export function createCheckout(rt: EscrowRuntime) {
  const base = rt.config.publicUrl.replace(/\/$/, '');

  /**
   * A new checkout closes the previous open session, so an old tab cannot be paid as well. Best
   * effort: if closing fails (or the old session was paid meanwhile) the duplicate payment is
   * refunded automatically by the webhook handler, so money is never kept either way.
   */
  async function expireStale(previous: string | null, mine: string | null): Promise<void> {
    if (previous === null || previous === mine) return;
    await rt.gateway.expireCheckoutSession(previous).catch(() => undefined);
  }

  async function openSession(input: Parameters<typeof rt.gateway.createCheckoutSession>[0]) {
    try {
      return await rt.gateway.createCheckoutSession(input);
    } catch (error) {
      throw gatewayFailure(asGatewayError(error));
    }
  }

  return {
    async startDealCheckout(dealId: number, ctx: CommandContext): Promise<{ url: string }> {
      const streamId = dealAggregate.streamId(dealId);
      let url = '';
      let mine: string | null = null;
      await rt.bus.execute(
        dealAggregate,
        streamId,
        async ({ snapshot, revision, now }) => {
          requireStream(revision, 'Deal');
          const terms = snapshot.context.terms!;
          const data = (sessionId: string) => ({ sessionId, totalCents: terms.totalCents, gateway: rt.gateway.mode });
          if (!canTake(snapshot, 'CheckoutSessionCreated', data('probe'), now)) throw refusal(dealAggregate, snapshot, 'start checkout');
          // A concurrent call recorded the session this call opened: use it, do not close it.
          if (mine !== null && snapshot.context.checkoutSessionId === mine) return [];
          await expireStale(snapshot.context.checkoutSessionId, mine);
          const session = await openSession({
            kind: 'deal',
            reference: String(dealId),
            description: terms.title?.trim() || `Collaboration with ${terms.influencer}`,
            totalCents: terms.totalCents,
            successUrl: `${base}/payment-success/${dealId}`,
            cancelUrl: `${base}/payment/${dealId}`,
            metadata: { kind: 'deal', dealId: String(dealId), streamId },
            transferGroup: streamId,
            idempotencyKey: `${streamId}:checkout:${revision}`,
          });
          url = session.url;
          mine = session.sessionId;
          return [{ type: 'CheckoutSessionCreated', data: data(session.sessionId) }];
        },
        ctx,
      );
      return { url };
    },

    async startRequestCheckout(requestId: number, ctx: CommandContext): Promise<{ url: string }> {
      const streamId = paymentRequestAggregate.streamId(requestId);
      let url = '';
      let mine: string | null = null;
      await rt.bus.execute(
        paymentRequestAggregate,
        streamId,
        async ({ snapshot, revision, now }) => {
          requireStream(revision, 'Payment request');
          const request = snapshot.context.request!;
          const data = (sessionId: string) => ({ sessionId, totalCents: request.totalCents, gateway: rt.gateway.mode });
          if (!canTake(snapshot, 'PaymentRequestCheckoutCreated', data('probe'), now)) {
            if (Date.parse(now) >= Date.parse(request.expiresAt)) throw new DomainError('expired', 'Payment request has expired');
            throw refusal(paymentRequestAggregate, snapshot, 'start checkout');
          }
          if (mine !== null && snapshot.context.checkoutSessionId === mine) return [];
          await expireStale(snapshot.context.checkoutSessionId, mine);
          const session = await openSession({
            kind: 'payment_request',
            reference: String(requestId),
            token: request.token,
            description: request.title,
            totalCents: request.totalCents,
            successUrl: `${base}/pay-request-success/${request.token}`,
            cancelUrl: `${base}/pay-request/${request.token}`,
            metadata: { kind: 'payment_request', paymentRequestId: String(requestId), streamId },
            transferGroup: streamId,
            idempotencyKey: `${streamId}:checkout:${revision}`,
          });
          url = session.url;
          mine = session.sessionId;
          return [{ type: 'PaymentRequestCheckoutCreated', data: data(session.sessionId) }];
        },
        ctx,
      );
      return { url };
    },
  };
}
