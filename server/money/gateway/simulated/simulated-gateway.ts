import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import {
  GatewayError,
  WebhookSignatureError,
  type GatewayErrorCode,
  type GatewayWebhookEvent,
  type PaymentGateway,
} from '../payment-gateway';
import { gatewayErrorMessage } from '../gateway-error-messages';
import {
  createSimulatedLedger,
  type SimulatedDispute,
  type SimulatedLedger,
} from './simulated-ledger';
import {
  createSimulatedWebhooks,
  type WebhookTransport,
} from './simulated-webhooks';
import { simulatedMovements } from './simulated-movements';

export type { WebhookTransport } from './simulated-webhooks';

export interface SimulatedGatewayOptions {
  publicUrl: string;
  /**
   * Signing secret of the simulated webhooks; when absent, generated once and kept in the
   * database, so every instance on the same file signs alike.
   */
  webhookSecret?: string;
  /** The gateway's SQLite file (`DATA_DIR/simulated-gateway.sqlite` in the app); default `:memory:`. */
  databasePath?: string;
  /** The app's clock: the gateway's records carry the same time line as the ledger's events. */
  now?: () => Date;
}

/**
 * The offline gateway (no STRIPE_SECRET_KEY): checkout and onboarding happen on the app's own
 * /sim pages, and every outcome reaches the app as a Stripe-shaped, signed webhook through the
 * same route Stripe would call, so the escrow cannot tell the two apart.
 */
export interface SimulatedGateway extends PaymentGateway {
  readonly mode: 'simulated';
  readonly webhookSecret: string;
  /** Sessions, accounts, transfers and refunds as the simulated "Stripe" sees them (read from its file). */
  readonly ledger: SimulatedLedger;
  /** Closes the gateway's database (idempotent). */
  close(): void;
  /** Card: completed (paid). iDEAL: completed (unpaid), then async_payment_succeeded. */
  payCheckout(sessionId: string, method: 'card' | 'ideal'): Promise<void>;
  failCheckout(sessionId: string): Promise<void>;
  /** Marks the account ready (payouts enabled) or leaves it incomplete, then sends account.updated. */
  finishOnboarding(accountId: string, complete: boolean): Promise<void>;
  /** A card chargeback on a charge (all of it, or `amountCents`): charge.dispute.created. Never beyond the charge. */
  openChargeback(
    chargeId: string,
    reason: string,
    amountCents?: number,
  ): Promise<void>;
  /** The issuer's outcome of a chargeback: charge.dispute.closed with status won or lost. */
  closeChargeback(disputeId: string, outcome: 'won' | 'lost'): Promise<void>;
  /** Makes every following transfer fail with this code (null: succeed again). For demos and tests. */
  failTransfersWith(code: GatewayErrorCode | null): void;
  /** Makes every following refund fail with this code (null: succeed again). For demos and tests. */
  failRefundsWith(code: GatewayErrorCode | null): void;
  /** Where signed webhooks go; the /sim routes plug in `app.inject` (default: HTTP POST to PUBLIC_URL). */
  useWebhookTransport(transport: WebhookTransport): void;
  /** Sends the webhooks the app did not accept again now (they are retried on their own too); how many still wait. */
  redeliverWebhooks(): Promise<number>;
  /**
   * The key in the URLs the gateway hands out (checkout for the payer, account link for the
   * creator): the /sim pages act only for whoever holds it. Derived from the gateway's secret, so
   * every instance on one DATA_DIR agrees and nothing more is stored.
   */
  accessKey(kind: 'payer' | 'account', id: string): string;
}

interface GatewayParts {
  ledger: SimulatedLedger;
  publicUrl: string;
  webhookSecret: string;
  accessKey: SimulatedGateway['accessKey'];
  /** The code every transfer (and every refund) fails with for now (null: they succeed). */
  refusal: {
    code: GatewayErrorCode | null;
    refundCode: GatewayErrorCode | null;
  };
}

/** The refusal an admin set on the test-mode page, worded as the gateway words it. */
const simulatedRefusal = (code: GatewayErrorCode) =>
  new GatewayError(code, gatewayErrorMessage(code, 'simulated refusal'));

/** Checks a webhook's Stripe signature, as the real gateway does: the simulated ones are signed too. */
function verifySignedWebhook(
  rawBody: Buffer,
  signatureHeader: string | undefined,
  webhookSecret: string,
): GatewayWebhookEvent {
  if (!signatureHeader)
    throw new WebhookSignatureError('Missing Stripe-Signature header');
  try {
    return Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      webhookSecret,
    ) as unknown as GatewayWebhookEvent;
  } catch (error) {
    throw new WebhookSignatureError((error as Error).message);
  }
}

/** The payment port as the app calls it: the calls Stripe's API answers, answered from the ledger. */
function gatewayCalls({
  ledger,
  publicUrl,
  webhookSecret,
  accessKey,
  refusal,
}: GatewayParts): Omit<PaymentGateway, 'mode' | 'testMode'> {
  return {
    async createCheckoutSession(input) {
      const session = ledger.openSession(input);
      return {
        sessionId: session.id,
        url: `${session.url}?key=${accessKey('payer', session.id)}`,
      };
    },
    async createConnectedAccount(input) {
      return { accountId: ledger.openAccount(input).id };
    },
    async createAccountLink(input) {
      const account = ledger.accounts.get(input.accountId);
      if (!account)
        throw new GatewayError(
          'invalid_request',
          `No such account: ${input.accountId}`,
        );
      ledger.setAccountLinks(account.id, input.returnUrl, input.refreshUrl);
      return {
        url: `${publicUrl}/sim/onboarding/${account.id}?key=${accessKey('account', account.id)}`,
      };
    },
    async getAccountStatus(accountId) {
      const account = ledger.accounts.get(accountId);
      if (!account)
        throw new GatewayError(
          'invalid_request',
          `No such account: ${accountId}`,
        );
      return {
        payoutsEnabled: account.payoutsEnabled,
        detailsSubmitted: account.detailsSubmitted,
      };
    },
    async transfer(input) {
      if (refusal.code) throw simulatedRefusal(refusal.code);
      return { transferId: ledger.transfer(input).id };
    },
    async refund(input) {
      if (refusal.refundCode) throw simulatedRefusal(refusal.refundCode);
      return ledger.refund(input);
    },
    async expireCheckoutSession(sessionId) {
      ledger.expireSession(sessionId);
    },
    async reverseTransfer(input) {
      return ledger.reverseTransfer(input.transferId, input.idempotencyKey);
    },
    async paymentDetails(paymentIntentId) {
      return ledger.paymentOfIntent(paymentIntentId);
    },
    async chargeMetadata(chargeId) {
      return ledger.sessionOfCharge(chargeId)?.metadata ?? null;
    },
    async listMovements(range) {
      return simulatedMovements(ledger, range);
    },
    verifyWebhook: (rawBody, signatureHeader) =>
      verifySignedWebhook(rawBody, signatureHeader, webhookSecret),
  };
}

type Webhooks = ReturnType<typeof createSimulatedWebhooks>;

/** What the payer, the creator and the card issuer do on the /sim pages: each outcome leaves as a signed webhook. */
function outsideActions(
  ledger: SimulatedLedger,
  webhooks: Webhooks,
): Pick<
  SimulatedGateway,
  | 'payCheckout'
  | 'failCheckout'
  | 'finishOnboarding'
  | 'openChargeback'
  | 'closeChargeback'
> {
  function sessionOrThrow(sessionId: string) {
    const session = ledger.sessions.get(sessionId);
    if (!session)
      throw new GatewayError(
        'invalid_request',
        `No such checkout session: ${sessionId}`,
      );
    return session;
  }
  return {
    async payCheckout(sessionId, method) {
      // Refuses an expired session (checked under the file's write lock).
      const session = ledger.charge(sessionOrThrow(sessionId), method);
      if (method === 'card') {
        await webhooks.send(
          'checkout.session.completed',
          ledger.sessionObject(session, 'paid'),
        );
        return;
      }
      // iDEAL confirms asynchronously in Stripe: the session completes unpaid first.
      await webhooks.send(
        'checkout.session.completed',
        ledger.sessionObject(session, 'unpaid'),
      );
      await webhooks.send(
        'checkout.session.async_payment_succeeded',
        ledger.sessionObject(session, 'paid'),
      );
    },
    async failCheckout(sessionId) {
      const session = ledger.completeUnpaid(sessionOrThrow(sessionId).id);
      await webhooks.send(
        'checkout.session.async_payment_failed',
        ledger.sessionObject(session, 'unpaid'),
      );
    },
    async finishOnboarding(accountId, complete) {
      let account = ledger.accounts.get(accountId);
      if (!account)
        throw new GatewayError(
          'invalid_request',
          `No such account: ${accountId}`,
        );
      if (complete) account = ledger.enablePayouts(accountId);
      await webhooks.send('account.updated', ledger.accountObject(account));
    },
    async openChargeback(chargeId, reason, amountCents) {
      const session = ledger.sessionOfCharge(chargeId);
      if (!session)
        throw new GatewayError(
          'invalid_request',
          `No such charge: ${chargeId}`,
        );
      const dispute = ledger.openDispute(session, reason, amountCents);
      await webhooks.send(
        'charge.dispute.created',
        disputeObject(dispute, 'needs_response'),
      );
    },
    async closeChargeback(disputeId, outcome) {
      const dispute = ledger.closeDispute(disputeId, outcome);
      await webhooks.send(
        'charge.dispute.closed',
        disputeObject(dispute, outcome),
      );
    },
  };
}

/** A dispute as Stripe's webhooks carry it. */
const disputeObject = (dispute: SimulatedDispute, status: string) => ({
  id: dispute.id,
  object: 'dispute',
  amount: dispute.amountCents,
  currency: 'eur',
  charge: dispute.chargeId,
  payment_intent: dispute.paymentIntentId,
  reason: dispute.reason,
  status,
});

export function createSimulatedGateway(
  options: SimulatedGatewayOptions,
): SimulatedGateway {
  const ledger = createSimulatedLedger({
    publicUrl: options.publicUrl,
    ...(options.databasePath ? { path: options.databasePath } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const webhookSecret =
    options.webhookSecret ??
    ledger.sharedSecret(
      'webhook_secret',
      () => `whsec_sim_${randomBytes(24).toString('hex')}`,
    );
  const webhooks = createSimulatedWebhooks({
    publicUrl: options.publicUrl,
    webhookSecret,
  });
  const refusal: GatewayParts['refusal'] = { code: null, refundCode: null };
  const accessKey = (kind: 'payer' | 'account', id: string) =>
    createHmac('sha256', webhookSecret)
      .update(`sim-page:${kind}:${id}`)
      .digest('hex')
      .slice(0, 32);

  return {
    mode: 'simulated',
    testMode: true,
    webhookSecret,
    ledger,
    accessKey,
    ...gatewayCalls({
      ledger,
      publicUrl: options.publicUrl,
      webhookSecret,
      accessKey,
      refusal,
    }),
    ...outsideActions(ledger, webhooks),
    failTransfersWith(code) {
      refusal.code = code;
    },
    failRefundsWith(code) {
      refusal.refundCode = code;
    },
    useWebhookTransport(transport) {
      webhooks.useTransport(transport);
    },
    redeliverWebhooks: () => webhooks.redeliver(),
    close() {
      ledger.close();
    },
  };
}
