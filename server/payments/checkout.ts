import { decideDeal } from '../../machines/deal/deal.commands';
import { decidePaymentRequest } from '../../machines/payment-request/payment-request.commands';
import { dealAggregate, paymentRequestAggregate } from '../commands/aggregate';
import type { CommandBus, CommandContext } from '../commands/command-bus';
import { dealNotFound, requestNotFound, type CommandRunner, type DealState, type PaymentRequestState } from '../commands/run-command';
import { callGateway } from './gateway/gateway-failure';
import type { PaymentGateway } from './gateway/payment-gateway';
import type { EscrowConfig } from './escrow.types';

export interface CheckoutDeps {
  bus: CommandBus;
  run: CommandRunner;
  gateway: PaymentGateway;
  config: EscrowConfig;
}

/**
 * Opens checkout sessions for what is due now and records each one. The gateway call comes
 * first (it moves no money; a URL must go back to the brand) and outside the command; the command
 * then records the session, and its decider refuses one that no longer charges what is due (the
 * terms changed meanwhile): that session is closed at once and can never fund the deal. The key
 * includes the revision, so a retried click reuses its session while a later one opens a fresh one.
 */
export function createCheckout({ bus, run, gateway, config }: CheckoutDeps) {
  const base = config.publicUrl.replace(/\/$/, '');

  async function recordOrClose<T>(sessionId: string, record: () => Promise<T>): Promise<T> {
    try {
      return await record();
    } catch (error) {
      await gateway.expireCheckoutSession(sessionId).catch(() => undefined);
      throw error;
    }
  }

  return {
    async startDealCheckout(dealId: number, ownerId: string, ctx: CommandContext) {
      const streamId = dealAggregate.streamId(dealId);
      const authorize = (state: DealState) => {
        const c = state.snapshot.context;
        if (state.revision < 0 || c.ownerId !== ownerId || c.deletedAt !== null) throw dealNotFound();
      };
      const state = await bus.load(dealAggregate, streamId);
      authorize(state);
      const terms = state.snapshot.context.terms!;
      // Refuses now (wrong status) rather than after opening a session the deal cannot take.
      decideDeal({ type: 'RecordCheckoutSession', sessionId: 'probe', totalCents: terms.totalCents, gateway: gateway.mode }, state.snapshot, state.now);
      const session = await callGateway(() =>
        gateway.createCheckoutSession({
          kind: 'deal',
          reference: String(dealId),
          description: terms.title?.trim() || `Collaboration with ${terms.influencer}`,
          totalCents: terms.totalCents,
          successUrl: `${base}/payment-success/${dealId}`,
          cancelUrl: `${base}/payment/${dealId}`,
          metadata: { kind: 'deal', dealId: String(dealId), streamId },
          transferGroup: streamId,
          idempotencyKey: `${streamId}:checkout:${state.revision}`,
        }),
      );
      const command = { type: 'RecordCheckoutSession', sessionId: session.sessionId, totalCents: terms.totalCents, gateway: gateway.mode } as const;
      const result = await recordOrClose(session.sessionId, () => run.deal(dealId, command, ctx, { authorize }));
      return { url: session.url, position: result.position };
    },

    async startRequestCheckout(requestId: number, token: string, ctx: CommandContext) {
      const streamId = paymentRequestAggregate.streamId(requestId);
      const authorize = (state: PaymentRequestState) => {
        if (state.revision < 0 || state.snapshot.context.request?.token !== token) throw requestNotFound();
      };
      const state = await bus.load(paymentRequestAggregate, streamId);
      authorize(state);
      const request = state.snapshot.context.request!;
      decidePaymentRequest(
        { type: 'RecordCheckoutSession', sessionId: 'probe', totalCents: request.totalCents, gateway: gateway.mode },
        state.snapshot,
        state.now,
      );
      const session = await callGateway(() =>
        gateway.createCheckoutSession({
          kind: 'payment_request',
          reference: String(requestId),
          token: request.token,
          description: request.title,
          totalCents: request.totalCents,
          successUrl: `${base}/pay-request-success/${request.token}`,
          cancelUrl: `${base}/pay-request/${request.token}`,
          metadata: { kind: 'payment_request', paymentRequestId: String(requestId), streamId },
          transferGroup: streamId,
          idempotencyKey: `${streamId}:checkout:${state.revision}`,
        }),
      );
      const command = { type: 'RecordCheckoutSession', sessionId: session.sessionId, totalCents: request.totalCents, gateway: gateway.mode } as const;
      const result = await recordOrClose(session.sessionId, () => run.request(requestId, command, ctx, { authorize }));
      return { url: session.url, position: result.position };
    },
  };
}
