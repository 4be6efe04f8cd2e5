import { paymentRequestAggregate, userAggregate } from '../commands/aggregate';
import type { CommandBus, CommandContext } from '../commands/command-bus';
import { deterministicId } from '../commands/deterministic-id';
import type { CommandRunner, PaymentRequestResult } from '../commands/run-command';
import { requestGuard } from '../auth/ownership';

/*
 * Payouts of payment requests, as intents: the creator completes a paid request and the payout is
 * asked for (PaymentRequestPayoutRequested) when their payout account is ready, or deferred until
 * it is (the timer asks again). The transfer itself is the payments reactor's.
 */

export interface PayoutDeps {
  bus: CommandBus;
  run: CommandRunner;
}

/** The creator's payout account, if it can receive the transfer now (from their user stream). */
async function readyAccount(bus: CommandBus, creatorId: string): Promise<string | null> {
  const creator = (await bus.load(userAggregate, userAggregate.streamId(creatorId))).snapshot
    .context;
  return creator.payoutAccountId !== null && creator.payoutsEnabled
    ? creator.payoutAccountId
    : null;
}

/** The creator completes a paid request: a payout intent to a ready account, else a deferred payout. */
export async function completePaymentRequest(
  { bus, run }: PayoutDeps,
  requestId: number,
  creatorId: string,
  key: string,
  ctx: CommandContext,
): Promise<PaymentRequestResult> {
  const payoutAccountId = await readyAccount(bus, creatorId);
  return run.request(
    requestId,
    { type: 'CompletePaymentRequest', payoutAccountId, key },
    ctx,
    requestGuard.owner(creatorId),
  );
}

/** Timer: asks again for a deferred payout once the creator's account is ready (null: not ready yet). */
export async function requestDeferredPayout(
  { bus, run }: PayoutDeps,
  requestId: number,
  ctx: CommandContext,
): Promise<PaymentRequestResult | null> {
  const streamId = paymentRequestAggregate.streamId(requestId);
  const { snapshot, revision } = await bus.load(paymentRequestAggregate, streamId);
  const request = snapshot.context.request;
  if (revision < 0 || request === null || snapshot.context.payoutDeferredAt === null) return null;
  const payoutAccountId = await readyAccount(bus, request.creatorId);
  if (payoutAccountId === null) return null;
  // One key per attempt: the attempt after a refused payout is a new transfer request.
  const key = deterministicId(streamId, 'deferred-payout', String(revision));
  const result = await run.request(
    requestId,
    { type: 'RequestDeferredPayout', payoutAccountId, key },
    ctx,
    { dedupeKey: key },
  );
  return result.events.length > 0 ? result : null;
}
