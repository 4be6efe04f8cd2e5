import type { DealContext } from '../../machines/deal/deal.context';
import type { ReleaseTrigger } from '../../machines/deal/deal.events';
import { dealAggregate } from '../commands/aggregate';
import type { CommandContext, Draft } from '../commands/command-bus';
import { DomainError } from '../commands/domain-error';
import { gatewayErrorMessage } from './gateway/gateway-error-messages';
import { definiteRefusals, type GatewayError } from './gateway/payment-gateway';
import type { DealResult } from './escrow.types';
import { asGatewayError, canTake, deterministicId, gatewayFailure, refusal, requireStream, type EscrowRuntime } from './escrow-support';

/**
 * The idempotency key of a transfer attempt. It changes only after a *recorded* refusal
 * (TransferFailed), never because other events (timer, hold, chargeback) were appended meanwhile:
 * a brand click at revision r and the timer at r+1 must send the same key, or Stripe would make
 * two transfers. A crash after the transfer and before the append retries with the same key.
 */
export function transferKey(streamId: string, context: DealContext): string {
  const attempt = context.lastTransferError ? Date.parse(context.lastTransferError.at) : 0;
  return `${streamId}:transfer:${attempt}`;
}

/**
 * Transfers the creator amount exactly once, whoever asks (brand, admin, timer). A definite refusal
 * appends TransferFailed (the deal stays where it was, retryable, visible to admins) and throws;
 * an unknown outcome (network, 5xx) records nothing, so the retry reuses the key.
 */
export function createReleaseFunds(rt: EscrowRuntime) {
  return function releaseFunds(dealId: number, trigger: ReleaseTrigger, ctx: CommandContext): Promise<DealResult> {
    const streamId = dealAggregate.streamId(dealId);
    const reverse = (s: string, id: string) => reverseLateTransfer(rt, s, id);
    return rt.lock.run(streamId, async () => {
      // Survive the bus's conflict retries: never call the gateway twice within one command.
      let transferId: string | null = null;
      let refused: GatewayError | null = null;
      const result = await rt.bus.execute(
        dealAggregate,
        streamId,
        async ({ snapshot, revision, now }): Promise<Draft[]> => {
          requireStream(revision, 'Deal');
          const c = snapshot.context;
          if (refused) throw gatewayFailure(refused);
          // Already released (a concurrent call or an earlier retry won): nothing more to move.
          if (c.transferId !== null) return [];
          const amountCents = c.terms?.amountCents ?? 0;
          const released = (id: string) => ({ type: 'FundsReleased', data: { trigger, transferId: id, amountCents } });
          if (!canTake(snapshot, 'FundsReleased', released('probe').data, now)) {
            // Another instance refunded the brand while this transfer was under way (its reversal
            // found nothing yet): take the creator's transfer back, or the money would go out twice.
            if (transferId !== null && c.refundId !== null) await reverse(streamId, transferId);
            throw whyNot(snapshot, trigger);
          }
          if (transferId === null) {
            const key = transferKey(streamId, c);
            try {
              ({ transferId } = await rt.gateway.transfer({
                amountCents,
                destinationAccountId: c.stripeAccountId!,
                transferGroup: streamId,
                sourceTransaction: c.chargeId,
                idempotencyKey: key,
                metadata: { dealId: String(dealId), streamId, trigger },
              }));
            } catch (error) {
              const failure = asGatewayError(error);
              if (!definiteRefusals.includes(failure.code)) throw gatewayFailure(failure);
              refused = failure;
              const data = { trigger, code: failure.code, message: failure.message };
              return [{ type: 'TransferFailed', id: deterministicId(streamId, 'TransferFailed', key), data }];
            }
          }
          return [{ ...released(transferId), id: deterministicId(streamId, 'FundsReleased', transferId) }];
        },
        ctx,
      );
      if (refused) throw gatewayFailure(refused);
      return result;
    });
  };
}

async function reverseLateTransfer(rt: EscrowRuntime, streamId: string, transferId: string): Promise<void> {
  try {
    await rt.gateway.reverseTransfer({ transferId, idempotencyKey: `${streamId}:reversal:${transferId}` });
  } catch (error) {
    const failure = asGatewayError(error);
    // Already reversed (the refund got to it first): nothing left to take back.
    if (failure.code !== 'invalid_request') throw gatewayFailure(failure);
  }
}

function whyNot(snapshot: Parameters<typeof dealAggregate.describe>[0], trigger: ReleaseTrigger): DomainError {
  const c = snapshot.context;
  if (c.hold !== null && trigger !== 'admin') {
    return new DomainError('illegal_transition', 'Cannot release funds while the deal is on hold; an admin must act', { status: 'on_hold' });
  }
  if (c.stripeAccountId === null && c.paidAt !== null && c.cancelledAt === null) {
    return new DomainError('conflict', gatewayErrorMessage('no_bank_account', 'no connected account on this deal'), { gatewayCode: 'no_bank_account' });
  }
  return refusal(dealAggregate, snapshot, 'release funds');
}
