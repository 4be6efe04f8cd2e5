import type { EscrowCommand } from '@machines/escrow/escrow-decider';
import type { ConfirmedPayment } from '@machines/escrow/escrow-ledger';
import type { CommandContext } from '../commands/command-bus';
import { isDomainError } from '../commands/domain-error';
import type { CommandRunner, EscrowTarget } from '../commands/run-command';
import type {
  GatewayWebhookEvent,
  PaymentGateway,
} from './gateway/payment-gateway';

type StripeObject = Record<string, unknown>;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
const metadataOf = (o: StripeObject): Record<string, string> =>
  (o.metadata && typeof o.metadata === 'object' ? o.metadata : {}) as Record<
    string,
    string
  >;
const positiveId = (value: string | undefined): number | null =>
  value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;

export interface WebhookDeps {
  run: CommandRunner;
  gateway: PaymentGateway;
}

const ctxOf = (event: GatewayWebhookEvent): CommandContext => ({
  actor: { kind: 'stripe', id: event.id },
  correlationId: event.id,
});
const dedupe = (event: GatewayWebhookEvent, part = '') => ({
  dedupeKey: `stripe:${event.id}${part}`,
});

/** A webhook about a deal or request that does not exist (or no longer matches) is acknowledged and dropped. */
async function ignoringMissing(task: () => Promise<unknown>): Promise<void> {
  try {
    await task();
  } catch (error) {
    if (isDomainError(error) && error.kind === 'not_found') return;
    throw error;
  }
}

/** The deal or request a gateway object's metadata names. */
function targetOf(
  metadata: Record<string, string> | null,
): EscrowTarget | null {
  const dealId = positiveId(metadata?.dealId);
  if (dealId !== null) return { kind: 'deal', id: dealId };
  const requestId = positiveId(metadata?.paymentRequestId);
  return requestId !== null ? { kind: 'payment_request', id: requestId } : null;
}

/** Records the gateway's fact on the deal or request it is about. */
async function record(
  { run }: WebhookDeps,
  event: GatewayWebhookEvent,
  metadata: Record<string, string> | null,
  command: EscrowCommand,
  part = '',
): Promise<void> {
  const target = targetOf(metadata);
  if (target !== null)
    await ignoringMissing(() =>
      run.escrow(target, command, ctxOf(event), dedupe(event, part)),
    );
}

/** A checkout session was paid: ConfirmPayment (the decider checks the session and the amount against what is due). */
async function paid(
  deps: WebhookDeps,
  event: GatewayWebhookEvent,
  session: StripeObject,
): Promise<void> {
  const paymentIntentId = text(session.payment_intent);
  // A paid session always names its payment: one that names none is no money the gateway can
  // show, refund or reconcile, so it is neither a payment nor an unexpected one.
  if (paymentIntentId === null) return;
  const details = await deps.gateway.paymentDetails(paymentIntentId);
  const amount = Number(session.amount_total ?? 0);
  const payment: ConfirmedPayment = {
    checkoutSessionId: String(session.id),
    paymentIntentId,
    chargeId: details.chargeId,
    amountCents: Number.isSafeInteger(amount) && amount >= 0 ? amount : 0,
    method: details.method,
    gatewayEventId: event.id,
  };
  await record(deps, event, metadataOf(session), {
    type: 'ConfirmPayment',
    payment,
  });
}

/** An asynchronous payment (iDEAL, ...) failed on a checkout session. */
async function failed(
  deps: WebhookDeps,
  event: GatewayWebhookEvent,
  session: StripeObject,
): Promise<void> {
  await record(deps, event, metadataOf(session), {
    type: 'RecordPaymentFailure',
    checkoutSessionId: String(session.id),
    reason: 'async_payment_failed',
    gatewayEventId: event.id,
  });
}

/** A connected account changed: a deal's account is connected once it can be paid out; a user's status is recorded. */
async function accountUpdated(
  { run }: WebhookDeps,
  event: GatewayWebhookEvent,
  account: StripeObject,
): Promise<void> {
  const metadata = metadataOf(account);
  const accountId = String(account.id);
  const payoutsEnabled = account.payouts_enabled === true;
  const detailsSubmitted = account.details_submitted === true;
  const dealId = positiveId(metadata.dealId);
  if (dealId !== null) {
    if (!payoutsEnabled || !detailsSubmitted) return;
    await ignoringMissing(() =>
      run.deal(
        dealId,
        { type: 'ConnectBankAccount', accountId },
        ctxOf(event),
        dedupe(event),
      ),
    );
  } else if (metadata.userId) {
    await recordUserAccount(run, event, metadata.userId, {
      accountId,
      payoutsEnabled,
      detailsSubmitted,
    });
  }
}

/** A payment-request creator's payout account, recorded on their user stream when its status changed. */
async function recordUserAccount(
  run: CommandRunner,
  event: GatewayWebhookEvent,
  userId: string,
  status: {
    accountId: string;
    payoutsEnabled: boolean;
    detailsSubmitted: boolean;
  },
): Promise<void> {
  // A webhook for an account whose user is unknown here records nothing.
  await run.user(
    userId,
    { type: 'RecordPayoutAccountStatus', status },
    ctxOf(event),
    {
      ifMissing: 'nothing',
    },
  );
}

/** The chargeback a dispute object describes, as the deal's or request's command records it. */
function chargebackCommand(
  event: GatewayWebhookEvent,
  dispute: StripeObject,
): EscrowCommand {
  const amount = Number(dispute.amount ?? 0);
  return {
    type: 'RecordChargeback',
    disputeId: String(dispute.id),
    amountCents: Number.isSafeInteger(amount) && amount >= 0 ? amount : 0,
    reason: String(dispute.reason ?? 'unknown'),
    gatewayEventId: event.id,
  };
}

const metadataOfDispute = async (deps: WebhookDeps, dispute: StripeObject) => {
  const chargeId = text(dispute.charge);
  return chargeId ? await deps.gateway.chargeMetadata(chargeId) : null;
};

/** A chargeback opened (or its funds withdrawn) on a charge: found through the charge's metadata, recorded on its deal or request. */
async function chargeback(
  deps: WebhookDeps,
  event: GatewayWebhookEvent,
  dispute: StripeObject,
): Promise<void> {
  const metadata = await metadataOfDispute(deps, dispute);
  await record(deps, event, metadata, chargebackCommand(event, dispute));
}

/** Stripe's closing statuses: `warning_closed` (an inquiry that withdrew nothing) ends as won. */
const outcomes: Record<string, 'won' | 'lost'> = {
  won: 'won',
  warning_closed: 'won',
  lost: 'lost',
};

/**
 * A chargeback's outcome: closed won or lost, or its funds reinstated (won). The opening is
 * recorded first in case this overtook it (nothing happens when it is recorded already).
 */
async function chargebackOutcome(
  deps: WebhookDeps,
  event: GatewayWebhookEvent,
  dispute: StripeObject,
): Promise<void> {
  const outcome =
    event.type === 'charge.dispute.funds_reinstated'
      ? 'won'
      : outcomes[String(dispute.status)];
  if (outcome === undefined) return;
  const metadata = await metadataOfDispute(deps, dispute);
  await record(
    deps,
    event,
    metadata,
    chargebackCommand(event, dispute),
    ':opened',
  );
  await record(deps, event, metadata, {
    type: 'RecordChargebackOutcome',
    disputeId: String(dispute.id),
    outcome,
    reason: String(dispute.reason ?? 'unknown'),
    gatewayEventId: event.id,
  });
}

/**
 * Turns verified gateway events into commands. Idempotent by event id: the appended events' ids
 * derive from the gateway's event id (a redelivery racing the original is acked by the store), and
 * the deciders ignore facts already recorded or overtaken (duplicates, out of order). A payment is
 * not trusted because it arrived: the deal's decider checks its session and amount against what is
 * due, and records anything else as an unexpected payment that the payments reactor refunds.
 */
export function createWebhookHandler(deps: WebhookDeps) {
  return async function handleWebhook(
    event: GatewayWebhookEvent,
  ): Promise<void> {
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed':
        // iDEAL and other async methods complete 'unpaid' first; only the money counts.
        if (object.payment_status === 'paid') await paid(deps, event, object);
        return;
      case 'checkout.session.async_payment_succeeded':
        return paid(deps, event, object);
      case 'checkout.session.async_payment_failed':
        return failed(deps, event, object);
      case 'account.updated':
        return accountUpdated(deps, event, object);
      case 'charge.dispute.created':
      case 'charge.dispute.funds_withdrawn':
        return chargeback(deps, event, object);
      case 'charge.dispute.closed':
      case 'charge.dispute.funds_reinstated':
        return chargebackOutcome(deps, event, object);
      default:
        return;
    }
  };
}
