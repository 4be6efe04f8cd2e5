import { paymentRequestAggregate, userAggregate } from '../commands/aggregate';
import type { CommandBus, CommandContext } from '../commands/command-bus';
import { deterministicId } from '../commands/deterministic-id';
import type {
  CommandRunner,
  PaymentRequestResult,
} from '../commands/run-command';
import { requestGuard, type Guard } from '../auth/ownership';
import type { PaymentRequestState } from '../commands/run-command';
import { DomainError } from '../commands/domain-error';
import {
  previewRequestSplit,
  type RequestSplitPreview,
} from '@machines/payment-request/payment-request.commands';

/*
 * Payouts of payment requests, as intents: once the brand approves (or an admin releases, or a
 * review or dispute period ends) the payout is asked for (PaymentRequestPayoutRequested) when the
 * creator's payout account is ready, or deferred until it is (the timer asks again). The transfer
 * itself is the payments reactor's.
 */

export interface PayoutDeps {
  bus: CommandBus;
  run: CommandRunner;
}

/** The creator's payout account, if it can receive the transfer now (from their user stream). */
async function readyAccount(
  bus: CommandBus,
  creatorId: string,
): Promise<string | null> {
  const creator = (
    await bus.load(userAggregate, userAggregate.streamId(creatorId))
  ).snapshot.context;
  return creator.payoutAccountId !== null && creator.payoutsEnabled
    ? creator.payoutAccountId
    : null;
}

/** The money goes to the creator (the brand approves, an admin releases): a payout intent to a ready account, else deferred. */
export async function releasePaymentRequest(
  { bus, run }: PayoutDeps,
  requestId: number,
  release: { trigger: 'brand' | 'admin'; key: string },
  ctx: CommandContext,
  guard: Guard<PaymentRequestState>,
): Promise<PaymentRequestResult> {
  const payoutAccountId = await payoutAccountOf(bus, requestId);
  return run.request(
    requestId,
    { type: 'ReleasePaymentRequest', ...release, payoutAccountId },
    ctx,
    guard,
  );
}

/** An admin splits a disputed request: the creator's part goes to their payout account. */
export async function splitPaymentRequest(
  { bus, run }: PayoutDeps,
  requestId: number,
  split: { creatorCents: number; key: string },
  ctx: CommandContext,
): Promise<PaymentRequestResult> {
  const payoutAccountId = await payoutAccountOf(bus, requestId);
  return run.request(
    requestId,
    { type: 'SplitPaymentRequest', ...split, payoutAccountId },
    ctx,
    requestGuard.admin,
  );
}

/** What an admin's split would move now (the split's own checks), for the split dialog's preview. */
export async function previewPaymentRequestSplit(
  bus: CommandBus,
  requestId: number,
  creatorCents: number,
): Promise<RequestSplitPreview> {
  const streamId = paymentRequestAggregate.streamId(requestId);
  const { snapshot, revision } = await bus.load(
    paymentRequestAggregate,
    streamId,
  );
  if (revision < 0) throw new DomainError('payment_request_not_found');
  return previewRequestSplit(
    snapshot,
    creatorCents,
    await payoutAccountOf(bus, requestId),
  );
}

/** Timer: a review or dispute period ended; the release follows. Keyed by the revision decided on. */
export async function elapseRequestPeriod(
  { bus, run }: PayoutDeps,
  requestId: number,
  period: 'review' | 'dispute',
  ctx: CommandContext,
): Promise<void> {
  const streamId = paymentRequestAggregate.streamId(requestId);
  const { revision } = await bus.load(paymentRequestAggregate, streamId);
  const payoutAccountId = await payoutAccountOf(bus, requestId);
  const key = deterministicId(streamId, `elapse-${period}`, String(revision));
  await run.request(
    requestId,
    { type: 'ElapseRequestPeriod', period, payoutAccountId, key },
    ctx,
    {
      dedupeKey: key,
    },
  );
}

/** The ready payout account of the request's creator (null: none, or the request is unknown). */
async function payoutAccountOf(
  bus: CommandBus,
  requestId: number,
): Promise<string | null> {
  const streamId = paymentRequestAggregate.streamId(requestId);
  const creatorId = (await bus.load(paymentRequestAggregate, streamId)).snapshot
    .context.request?.creatorId;
  return creatorId ? readyAccount(bus, creatorId) : null;
}

/** Timer: asks again for a deferred payout once the creator's account is ready (null: not ready yet). */
export async function requestDeferredPayout(
  { bus, run }: PayoutDeps,
  requestId: number,
  ctx: CommandContext,
): Promise<PaymentRequestResult | null> {
  const streamId = paymentRequestAggregate.streamId(requestId);
  const { snapshot, revision } = await bus.load(
    paymentRequestAggregate,
    streamId,
  );
  const request = snapshot.context.request;
  if (
    revision < 0 ||
    request === null ||
    snapshot.context.payoutDeferredAt === null
  )
    return null;
  // Not ready: the decider still ends a request a lost chargeback emptied (nothing to pay out).
  const payoutAccountId = await readyAccount(bus, request.creatorId);
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
