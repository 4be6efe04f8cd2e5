import { dealAggregate } from '../commands/aggregate';
import type { CommandContext } from '../commands/command-bus';
import type { DealResult } from './escrow.types';
import { asGatewayError, canTake, deterministicId, gatewayFailure, refusal, requireStream, type EscrowRuntime } from './escrow-support';

/**
 * Full refund to the brand; the deal ends cancelled. The gateway reverses any transfer of the
 * deal's group first, which also undoes a transfer whose FundsReleased never got appended.
 * One refund per deal ever, so the key is the stream's alone.
 */
export function createRefundDeal(rt: EscrowRuntime) {
  return function refund(dealId: number, ctx: CommandContext): Promise<DealResult> {
    const streamId = dealAggregate.streamId(dealId);
    return rt.lock.run(streamId, async () => {
      let done: { refundId: string; transferReversalId: string | null } | null = null;
      return rt.bus.execute(
        dealAggregate,
        streamId,
        async ({ snapshot, revision, now }) => {
          requireStream(revision, 'Deal');
          const c = snapshot.context;
          if (c.refundId !== null) return [];
          const data = (r: { refundId: string; transferReversalId: string | null }) => ({ ...r, amountCents: c.paidCents });
          if (!canTake(snapshot, 'DealRefunded', data({ refundId: 'probe', transferReversalId: null }), now)) {
            throw refusal(dealAggregate, snapshot, 'refund the payment');
          }
          if (done === null) {
            try {
              done = await rt.gateway.refund({
                paymentIntentId: c.paymentIntentId,
                chargeId: c.chargeId,
                amountCents: c.paidCents,
                transferGroup: streamId,
                idempotencyKey: `${streamId}:refund`,
              });
            } catch (error) {
              throw gatewayFailure(asGatewayError(error));
            }
          }
          return [{ type: 'DealRefunded', data: data(done), id: deterministicId(streamId, 'DealRefunded', done.refundId) }];
        },
        ctx,
      );
    });
  };
}
