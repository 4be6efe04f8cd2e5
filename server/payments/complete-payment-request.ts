import { paymentRequestAggregate, userAggregate } from '../commands/aggregate';
import type { CommandContext } from '../commands/command-bus';
import type { PaymentRequestResult } from './escrow.types';
import { asGatewayError, canTake, gatewayFailure, refusal, requireStream, type EscrowRuntime } from './escrow-support';

/**
 * The creator completes a paid request. When the creator's payout account is ready the escrowed
 * amount is transferred (one transfer per request: a fixed key and the gateway's one-per-group
 * rule); otherwise the request completes with `transferId: null` and the payout stays with the
 * platform for an admin to settle (docs/payments.md).
 */
export function createCompletePaymentRequest(rt: EscrowRuntime) {
  return function completePaymentRequest(requestId: number, ctx: CommandContext): Promise<PaymentRequestResult> {
    const streamId = paymentRequestAggregate.streamId(requestId);
    return rt.lock.run(streamId, async () => {
      let transferId: string | null = null;
      let attempted = false;
      return rt.bus.execute(
        paymentRequestAggregate,
        streamId,
        async ({ snapshot, revision, now }) => {
          requireStream(revision, 'Payment request');
          const c = snapshot.context;
          if (!canTake(snapshot, 'PaymentRequestCompleted', { transferId: null }, now)) {
            throw refusal(paymentRequestAggregate, snapshot, 'complete the request');
          }
          if (!attempted) {
            const creator = (await rt.bus.load(userAggregate, userAggregate.streamId(c.request!.creatorId))).snapshot.context;
            if (creator.payoutAccountId !== null && creator.payoutsEnabled) {
              try {
                ({ transferId } = await rt.gateway.transfer({
                  amountCents: c.request!.amountCents,
                  destinationAccountId: creator.payoutAccountId,
                  transferGroup: streamId,
                  sourceTransaction: c.chargeId,
                  idempotencyKey: `${streamId}:transfer`,
                  metadata: { paymentRequestId: String(requestId), streamId },
                }));
              } catch (error) {
                throw gatewayFailure(asGatewayError(error));
              }
            }
            attempted = true;
          }
          return [{ type: 'PaymentRequestCompleted', data: { transferId } }];
        },
        ctx,
      );
    });
  };
}
