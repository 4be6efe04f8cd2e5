import { paymentRequestAggregate, userAggregate } from '../commands/aggregate';
import type { CommandBus, CommandContext } from '../commands/command-bus';
import { deterministicId } from '../commands/deterministic-id';
import { requestNotFound, type CommandRunner, type PaymentRequestResult, type PaymentRequestState } from '../commands/run-command';

/**
 * Payouts of payment requests, as intents: the creator completes a paid request and the payout is
 * asked for (PaymentRequestPayoutRequested) when their payout account is ready, or deferred until
 * it is (the timer asks again). The transfer itself is the payments reactor's.
 */
export function createRequestPayouts({ bus, run }: { bus: CommandBus; run: CommandRunner }) {
  /** The creator's payout account, if it can receive the transfer now (from their user stream). */
  async function readyAccount(creatorId: string): Promise<string | null> {
    const creator = (await bus.load(userAggregate, userAggregate.streamId(creatorId))).snapshot.context;
    return creator.payoutAccountId !== null && creator.payoutsEnabled ? creator.payoutAccountId : null;
  }

  return {
    async completePaymentRequest(requestId: number, creatorId: string, key: string, ctx: CommandContext): Promise<PaymentRequestResult> {
      const authorize = (state: PaymentRequestState) => {
        if (state.revision < 0 || state.snapshot.context.request?.creatorId !== creatorId) throw requestNotFound();
      };
      const payoutAccountId = await readyAccount(creatorId);
      return run.request(requestId, { type: 'CompletePaymentRequest', payoutAccountId, key }, ctx, { authorize });
    },

    async requestDeferredPayout(requestId: number, ctx: CommandContext): Promise<PaymentRequestResult | null> {
      const streamId = paymentRequestAggregate.streamId(requestId);
      const { snapshot, revision } = await bus.load(paymentRequestAggregate, streamId);
      const request = snapshot.context.request;
      if (revision < 0 || request === null || snapshot.context.payoutDeferredAt === null) return null;
      const payoutAccountId = await readyAccount(request.creatorId);
      if (payoutAccountId === null) return null;
      // One key per attempt: the attempt after a refused payout is a new transfer request.
      const key = deterministicId(streamId, 'deferred-payout', String(revision));
      const result = await run.request(requestId, { type: 'RequestDeferredPayout', payoutAccountId, key }, ctx, { dedupeKey: key });
      return result.events.length > 0 ? result : null;
    },
  };
}
