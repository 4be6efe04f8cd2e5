import { paymentRequestAggregate, userAggregate } from '../commands/aggregate';
import type { CommandContext, Draft, Loaded } from '../commands/command-bus';
import type { paymentRequestMachine } from '../../machines/payment-request/payment-request.machine';
import { DomainError } from '../commands/domain-error';
import type { PaymentRequestResult } from './escrow.types';
import { asGatewayError, canTake, deterministicId, gatewayFailure, refusal, requireStream, type EscrowRuntime } from './escrow-support';

type RequestContext = Parameters<typeof paymentRequestAggregate.describe>[0]['context'];

/**
 * Payouts of payment requests. One transfer per request ever: a fixed key and the gateway's
 * one-live-transfer-per-group rule, whether the creator completes with a ready payout account or
 * the payout was deferred and is made later by the timer reactor once the account is ready.
 */
export function createRequestPayouts(rt: EscrowRuntime) {
  /** The creator's payout account, if it can receive the transfer now. */
  async function readyAccount(c: RequestContext): Promise<string | null> {
    const creator = (await rt.bus.load(userAggregate, userAggregate.streamId(c.request!.creatorId))).snapshot.context;
    return creator.payoutAccountId !== null && creator.payoutsEnabled ? creator.payoutAccountId : null;
  }

  async function transfer(requestId: number, streamId: string, c: RequestContext, destinationAccountId: string): Promise<string> {
    try {
      const made = await rt.gateway.transfer({
        amountCents: c.request!.amountCents,
        destinationAccountId,
        transferGroup: streamId,
        sourceTransaction: c.chargeId,
        idempotencyKey: `${streamId}:transfer`,
        metadata: { paymentRequestId: String(requestId), streamId },
      });
      return made.transferId;
    } catch (error) {
      throw gatewayFailure(asGatewayError(error));
    }
  }

  /**
   * Decides a payout under the stream's lock. `payOnce` asks the gateway at most once per command
   * (its outcome survives the bus's conflict retries): the transfer id, or null when the creator's
   * payout account cannot receive it yet.
   */
  function decidePayout(
    requestId: number,
    ctx: CommandContext,
    decide: (loaded: Loaded<typeof paymentRequestMachine>, payOnce: () => Promise<string | null>) => Promise<Draft[]>,
  ): Promise<PaymentRequestResult> {
    const streamId = paymentRequestAggregate.streamId(requestId);
    return rt.lock.run(streamId, async () => {
      let outcome: Promise<string | null> | null = null;
      return rt.bus.execute(
        paymentRequestAggregate,
        streamId,
        (loaded) => {
          requireStream(loaded.revision, 'Payment request');
          const c = loaded.snapshot.context;
          const payOnce = () =>
            (outcome ??= readyAccount(c).then((account) => (account === null ? null : transfer(requestId, streamId, c, account))));
          return decide(loaded, payOnce);
        },
        ctx,
      );
    });
  }

  const completed = (streamId: string, transferId: string): Draft => ({
    type: 'PaymentRequestCompleted',
    data: { transferId },
    id: deterministicId(streamId, 'PaymentRequestCompleted', transferId),
  });

  /**
   * The creator completes a paid request. With a ready payout account the amount is transferred
   * now; otherwise PaymentRequestPayoutDeferred records the outstanding payout (the request shows
   * as completed) and the reactor pays it when the account reports payouts enabled.
   */
  function completePaymentRequest(requestId: number, ctx: CommandContext): Promise<PaymentRequestResult> {
    return decidePayout(requestId, ctx, async ({ snapshot, streamId, now }, payOnce) => {
      const c = snapshot.context;
      // A deferred payout is already completed for the creator; the reactor pays it.
      if (c.payoutDeferredAt !== null) throw refusal(paymentRequestAggregate, snapshot, 'complete the request');
      if (!canTake(snapshot, 'PaymentRequestCompleted', { transferId: 'probe' }, now)) {
        if (c.hold !== null) throw new DomainError('illegal_transition', 'Cannot complete the request while a chargeback holds the payment; an admin must act', { status: 'on_hold' });
        throw refusal(paymentRequestAggregate, snapshot, 'complete the request');
      }
      const transferId = await payOnce();
      if (transferId !== null) return [completed(streamId, transferId)];
      const data = { creatorId: c.request!.creatorId, amountCents: c.request!.amountCents, reason: 'payout account not ready' };
      return [{ type: 'PaymentRequestPayoutDeferred', data }];
    });
  }

  /** The reactor's call: pays a deferred payout once the account is ready; a no-op otherwise. */
  function payDeferredPayout(requestId: number, ctx: CommandContext): Promise<PaymentRequestResult> {
    return decidePayout(requestId, ctx, async ({ snapshot, streamId, now }, payOnce) => {
      if (snapshot.context.payoutDeferredAt === null || !canTake(snapshot, 'PaymentRequestCompleted', { transferId: 'probe' }, now)) return [];
      const transferId = await payOnce();
      return transferId === null ? [] : [completed(streamId, transferId)];
    });
  }

  /** An admin resolves a chargeback hold: the creator may complete (or the deferred payout proceeds). */
  function releaseRequestHold(requestId: number, note: string | null, ctx: CommandContext): Promise<PaymentRequestResult> {
    const streamId = paymentRequestAggregate.streamId(requestId);
    return rt.bus.execute(
      paymentRequestAggregate,
      streamId,
      ({ snapshot, revision, now }) => {
        requireStream(revision, 'Payment request');
        const data = { note };
        if (!canTake(snapshot, 'PaymentRequestHoldReleased', data, now)) throw refusal(paymentRequestAggregate, snapshot, 'release the hold');
        return [{ type: 'PaymentRequestHoldReleased', data }];
      },
      ctx,
    );
  }

  return { completePaymentRequest, payDeferredPayout, releaseRequestHold };
}
