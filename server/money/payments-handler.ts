import type { CommandBus, CommandContext } from '../commands/command-bus';
import { deterministicId } from '../commands/deterministic-id';
import type { CommandRunner, EscrowTarget } from '../commands/run-command';
import type { RecordedEvent } from '../event-store/event-store';
import { asGatewayError, isDefiniteRefusal } from './gateway/gateway-failure';
import type { PaymentGateway } from './gateway/payment-gateway';
import type { DealCommand } from '@machines/deal/deal.commands';
import type { EscrowCommand } from '@machines/escrow/escrow-decider';
import { escrowRole } from '@machines/escrow/escrow-events';
import { sideOfStream, type EscrowSide } from './escrow-sides';

export interface PaymentsHandlerDeps {
  bus: CommandBus;
  run: CommandRunner;
  gateway: PaymentGateway;
  log?: (message: string, details: Record<string, unknown>) => void;
}

/** The escrow roles whose events are money intents, for deals and payment requests alike. */
export const intentRoles = [
  'transferRequested',
  'refundRequested',
  'splitRequested',
  'splitRetried',
  'unexpectedPayment',
  'checkoutClosed',
] as const;

const idOf = (streamId: string): number =>
  Number(/(\d+)$/.exec(streamId)?.[1] ?? 0);

/** Runs the gateway call; a definite refusal becomes the failure outcome, anything unknown throws (retried). */
async function attempt<T>(
  call: () => Promise<T>,
  onRefusal: (failure: { code: string; message: string }) => Promise<unknown>,
): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    const failure = asGatewayError(error);
    if (!isDefiniteRefusal(failure)) throw failure;
    await onRefusal(failure);
    return null;
  }
}

type Effect = (
  side: EscrowSide,
  event: RecordedEvent,
  record: RecordOutcome,
  key: string,
) => Promise<void>;

/**
 * A split (or a retry of its refused parts) is one intent with two effects: the transfer and the
 * refund, each carried out like a release's and a refund's, under its own key; a part already
 * answered is skipped, so a redelivered intent moves nothing twice. The outcomes' event ids are
 * derived from the key and the intent event, as a retried part may be refused a second time.
 */
async function carryOutSplit(
  bus: CommandBus,
  side: EscrowSide,
  event: RecordedEvent,
  record: RecordOutcome,
  effects: { transfer: Effect; refund: Effect },
) {
  const { snapshot } = await bus.load(side.aggregate, event.streamId);
  const parts = side.ledger(snapshot).split;
  if (parts === null) return;
  const recordOnce: RecordOutcome = (command, key) =>
    record(command, `${key}@${event.id}`);
  await effects.transfer(side, event, recordOnce, parts.transferKey);
  await effects.refund(side, event, recordOnce, parts.refundKey);
}

/**
 * Closing a session is best effort and never holds up the effects behind it: if the gateway
 * cannot be reached, the session may still be paid, and that payment is refunded as unexpected.
 */
async function expire(
  { gateway, log }: Pick<PaymentsHandlerDeps, 'gateway' | 'log'>,
  sessionId: string,
): Promise<void> {
  try {
    await gateway.expireCheckoutSession(sessionId);
  } catch (error) {
    log?.(
      'closing a checkout session failed; a payment on it will be refunded',
      {
        sessionId,
        message: asGatewayError(error).message,
      },
    );
  }
}

type GatewayDeps = Pick<PaymentsHandlerDeps, 'bus' | 'gateway' | 'log'>;

/** Pays the creator's pending transfer when it is the one this intent keys. */
async function transfer(
  { bus, gateway }: GatewayDeps,
  side: EscrowSide,
  event: RecordedEvent,
  record: RecordOutcome,
  key: string,
): Promise<void> {
  const { snapshot } = await bus.load(side.aggregate, event.streamId);
  const pending = side.pendingTransfer(snapshot, idOf(event.streamId));
  if (pending?.key !== key) return;
  const done = await attempt(
    () =>
      gateway.transfer({
        amountCents: pending.amountCents,
        destinationAccountId: pending.destinationAccountId,
        transferGroup: event.streamId,
        sourceTransaction: side.ledger(snapshot).chargeId,
        idempotencyKey: key,
        metadata: pending.metadata,
      }),
    ({ code, message }) =>
      record({ type: 'RecordTransferFailure', key, code, message }, key),
  );
  if (done)
    await record(
      { type: 'RecordTransfer', key, transferId: done.transferId },
      key,
    );
}

/** Refunds the payer's pending refund when it is the one this intent keys. */
async function refund(
  { bus, gateway }: GatewayDeps,
  side: EscrowSide,
  event: RecordedEvent,
  record: RecordOutcome,
  key: string,
): Promise<void> {
  const { snapshot } = await bus.load(side.aggregate, event.streamId);
  const pending = side.pendingRefund(snapshot);
  if (pending?.key !== key) return;
  const { paymentIntentId, chargeId } = side.ledger(snapshot);
  const done = await attempt(
    () =>
      gateway.refund({
        paymentIntentId,
        chargeId,
        amountCents: pending.amountCents,
        transferGroup: event.streamId,
        idempotencyKey: key,
        ...(pending.reverseTransfers === false
          ? { reverseTransfers: false }
          : {}),
      }),
    ({ code, message }) =>
      record({ type: 'RecordRefundFailure', key, code, message }, key),
  );
  if (done) await record({ type: 'RecordRefund', key, ...done }, key);
}

/** Refunds a payment that did not fund its deal or request; the creator's transfer (if any) stays. */
async function refundUnexpected(
  { bus, gateway, log }: GatewayDeps,
  side: EscrowSide,
  event: RecordedEvent,
  record: RecordOutcome,
  sessionId: string,
): Promise<void> {
  const { snapshot } = await bus.load(side.aggregate, event.streamId);
  const payment = side
    .ledger(snapshot)
    .unexpectedPayments.find((p) => p.checkoutSessionId === sessionId);
  if (!payment || payment.refundId !== null) return;
  const done = await attempt(
    () =>
      gateway.refund({
        paymentIntentId: payment.paymentIntentId,
        chargeId: payment.chargeId,
        amountCents: payment.amountCents,
        transferGroup: event.streamId,
        idempotencyKey: deterministicId(
          event.streamId,
          'unexpected-payment-refund',
          sessionId,
        ),
        reverseTransfers: false,
      }),
    // Refused (already refunded at the gateway by hand, say): nothing to record; admins see it as unrefunded.
    async ({ code }) =>
      log?.('refund of an unexpected payment refused', {
        streamId: event.streamId,
        sessionId,
        code,
      }),
  );
  if (done)
    await record(
      {
        type: 'RecordUnexpectedPaymentRefund',
        checkoutSessionId: sessionId,
        refundId: done.refundId,
      },
      `unexpected:${sessionId}`,
    );
}

/**
 * Carries out the money intents the statecharts accepted, and records the gateway's answer as the
 * outcome event; one handler for both escrow aggregates. Exactly once: the gateway call's
 * idempotency key is the intent's key (or derived from the intent), the outcome's event id is
 * derived from the same key, and before calling the gateway the handler reads the stream: an
 * intent already answered (a redelivery after a crash, another instance was first) is not sent
 * again. A definite refusal is recorded as the failure outcome; an unknown outcome (network, 5xx)
 * throws, and the runner hands the intent over again with the same key, which the gateway answers
 * with its first result.
 */
export function createPaymentsHandler(deps: PaymentsHandlerDeps) {
  const { bus, run, gateway, log } = deps;
  const effects: { transfer: Effect; refund: Effect } = {
    transfer: (...args) => transfer(deps, ...args),
    refund: (...args) => refund(deps, ...args),
  };

  return async function handle(
    event: RecordedEvent,
    data: Record<string, unknown>,
  ): Promise<void> {
    const side = sideOfStream(event.streamId);
    if (side === null) return;
    const metadata = event.metadata as { correlationId?: string };
    const ctx: CommandContext = {
      actor: { kind: 'system', id: 'payments-reactor' },
      correlationId: metadata.correlationId ?? event.id,
      causationId: event.id,
    };
    const target = {
      kind: side.kind,
      id: idOf(event.streamId),
    } as EscrowTarget;
    const record: RecordOutcome = (command, dedupeKey) =>
      run.escrow(target, command as never, ctx, { dedupeKey });
    switch (escrowRole(side.events, event.type)) {
      case 'transferRequested':
        return effects.transfer(side, event, record, String(data.key));
      case 'refundRequested':
        return effects.refund(side, event, record, String(data.key));
      case 'splitRequested':
      case 'splitRetried':
        return carryOutSplit(bus, side, event, record, effects);
      case 'unexpectedPayment':
        return refundUnexpected(
          deps,
          side,
          event,
          record,
          String(data.checkoutSessionId),
        );
      case 'checkoutClosed':
        return expire({ gateway, log }, String(data.sessionId));
      default:
        return;
    }
  };
}

/** Records an outcome command on the intent's stream, its events' ids fixed by the key (refunds of the payer: deals only). */
type RecordOutcome = (
  command:
    | EscrowCommand
    | Extract<DealCommand, { type: 'RecordRefund' | 'RecordRefundFailure' }>,
  dedupeKey: string,
) => Promise<unknown>;
