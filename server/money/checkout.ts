import type { AnyStateMachine } from 'xstate';
import type {
  CommandBus,
  CommandContext,
  Loaded,
} from '../commands/command-bus';
import type { CommandRunner, EscrowTarget } from '../commands/run-command';
import { dealGuard, requestGuard } from '../auth/ownership';
import { callGateway } from './gateway/gateway-failure';
import type { PaymentGateway } from './gateway/payment-gateway';
import type { EscrowConfig } from './escrow.types';
import { dealSide, paymentRequestSide, type EscrowSide } from './escrow-sides';

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

  async function start<M extends AnyStateMachine>(
    side: EscrowSide<M>,
    id: number,
    authorize: (state: Loaded<M>) => void,
    ctx: CommandContext,
  ) {
    const streamId = side.aggregate.streamId(id);
    const state = await bus.load(side.aggregate, streamId);
    authorize(state);
    const fields = side.session(state.snapshot, id, base);
    const probe = {
      type: 'RecordCheckoutSession',
      sessionId: 'probe',
      totalCents: fields.totalCents,
      gateway: gateway.mode,
    } as const;
    side.probeCheckout(state.snapshot, probe, state.now);
    const session = await callGateway(() =>
      gateway.createCheckoutSession({
        ...fields,
        transferGroup: streamId,
        idempotencyKey: `${streamId}:checkout:${state.revision}`,
      }),
    );
    const command = { ...probe, sessionId: session.sessionId };
    try {
      const result = await run.escrow(
        { kind: side.kind, id } as EscrowTarget,
        command,
        ctx,
        {
          authorize: authorize as (state: never) => void,
        },
      );
      return { url: session.url, position: result.position };
    } catch (error) {
      await gateway
        .expireCheckoutSession(session.sessionId)
        .catch(() => undefined);
      throw error;
    }
  }

  return {
    /** The owner of the deal (a deleted deal is not found). */
    startDealCheckout: (dealId: number, ownerId: string, ctx: CommandContext) =>
      start(dealSide, dealId, dealGuard.owner(ownerId).authorize, ctx),
    /** Whoever holds the request's link. */
    startRequestCheckout: (
      requestId: number,
      token: string,
      ctx: CommandContext,
    ) =>
      start(
        paymentRequestSide,
        requestId,
        requestGuard.link(token).authorize,
        ctx,
      ),
  };
}
