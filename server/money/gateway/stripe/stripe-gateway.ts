import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type GatewayWebhookEvent,
  type PaymentGateway,
  type StripeApiAddress,
} from '../payment-gateway';
import { toGatewayError } from './stripe-errors';
import { listStripeMovements } from './stripe-movements';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local stand-in for api.stripe.com. */
  api?: StripeApiAddress;
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toGatewayError(error);
  }
}

/** Live (not fully reversed) transfers of a group: there must never be more than one. */
async function liveTransfers(
  stripe: Stripe,
  transferGroup: string,
): Promise<Stripe.Transfer[]> {
  const page = await stripe.transfers.list({
    transfer_group: transferGroup,
    limit: 100,
  });
  return page.data.filter((t) => t.amount_reversed < t.amount);
}

/** A one-line EUR checkout by iDEAL or card, its metadata on the session and the payment. */
function checkoutSessionParams(
  input: Parameters<PaymentGateway['createCheckoutSession']>[0],
): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    currency: 'eur',
    // The pinned API version (SDK 23) replaced `payment_method_types` with this filter.
    allowed_payment_method_types: ['ideal', 'card'],
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'eur',
          unit_amount: input.totalCents,
          product_data: { name: input.description },
        },
      },
    ],
    client_reference_id: input.reference,
    metadata: input.metadata,
    payment_intent_data: {
      metadata: input.metadata,
      ...(input.transferGroup ? { transfer_group: input.transferGroup } : {}),
    },
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  };
}

/** Checkout: the session the payer pays on, closing it, and what a payment turned out to be. */
function checkoutCalls(
  stripe: Stripe,
): Pick<
  PaymentGateway,
  | 'createCheckoutSession'
  | 'expireCheckoutSession'
  | 'paymentDetails'
  | 'chargeMetadata'
> {
  return {
    createCheckoutSession: (input) =>
      call(async () => {
        const session = await stripe.checkout.sessions.create(
          checkoutSessionParams(input),
          {
            idempotencyKey: input.idempotencyKey,
          },
        );
        if (!session.url)
          throw new Error('Stripe returned a checkout session without a url');
        return { sessionId: session.id, url: session.url };
      }),

    expireCheckoutSession: async (sessionId) => {
      try {
        await stripe.checkout.sessions.expire(
          sessionId,
          {},
          { idempotencyKey: `${sessionId}:expire` },
        );
      } catch (error) {
        // Stripe refuses to expire a session that is already complete or expired: nothing to close.
        const mapped = toGatewayError(error);
        if (mapped.code !== 'invalid_request') throw mapped;
      }
    },

    paymentDetails: (paymentIntentId) =>
      call(async () => {
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
          expand: ['latest_charge'],
        });
        const charge = intent.latest_charge;
        if (charge === null) return { chargeId: null, method: null };
        if (typeof charge === 'string')
          return { chargeId: charge, method: null };
        return {
          chargeId: charge.id,
          method: charge.payment_method_details?.type ?? null,
        };
      }),

    chargeMetadata: (chargeId) =>
      call(async () => {
        const charge = await stripe.charges.retrieve(chargeId, {
          expand: ['payment_intent'],
        });
        const intent = charge.payment_intent;
        const fromIntent =
          intent && typeof intent === 'object' ? intent.metadata : {};
        const metadata = { ...charge.metadata, ...fromIntent };
        return Object.keys(metadata).length > 0 ? metadata : null;
      }),
  };
}

/** Connect Express: the creator's account and its onboarding. */
function accountCalls(
  stripe: Stripe,
): Pick<
  PaymentGateway,
  'createConnectedAccount' | 'createAccountLink' | 'getAccountStatus'
> {
  return {
    createConnectedAccount: (input) =>
      call(async () => {
        const account = await stripe.accounts.create(
          {
            type: 'express',
            ...(input.email ? { email: input.email } : {}),
            capabilities: { transfers: { requested: true } },
            metadata: { reference: input.reference, ...(input.metadata ?? {}) },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { accountId: account.id };
      }),

    createAccountLink: (input) =>
      call(async () => {
        const link = await stripe.accountLinks.create({
          account: input.accountId,
          type: 'account_onboarding',
          return_url: input.returnUrl,
          refresh_url: input.refreshUrl,
        });
        return { url: link.url };
      }),

    getAccountStatus: (accountId) =>
      call(async () => {
        const account = await stripe.accounts.retrieve(accountId);
        return {
          payoutsEnabled: account.payouts_enabled === true,
          detailsSubmitted: account.details_submitted === true,
        };
      }),
  };
}

/** Money leaving the platform: transfers to the creator, refunds to the payer, reversals, and the period's record. */
function moneyCalls(
  stripe: Stripe,
): Pick<
  PaymentGateway,
  'transfer' | 'refund' | 'reverseTransfer' | 'listMovements'
> {
  return {
    transfer: (input) =>
      call(async () => {
        // Heals a transfer made by an earlier attempt whose key Stripe has already forgotten (24 h).
        const existing = (
          await liveTransfers(stripe, input.transferGroup)
        ).find((t) => t.destination === input.destinationAccountId);
        if (existing) return { transferId: existing.id };
        const transfer = await stripe.transfers.create(
          {
            amount: input.amountCents,
            currency: 'eur',
            destination: input.destinationAccountId,
            transfer_group: input.transferGroup,
            ...(input.sourceTransaction
              ? { source_transaction: input.sourceTransaction }
              : {}),
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { transferId: transfer.id };
      }),

    refund: (input) =>
      call(async () => {
        let transferReversalId: string | null = null;
        const toReverse =
          input.reverseTransfers === false
            ? []
            : await liveTransfers(stripe, input.transferGroup);
        for (const transfer of toReverse) {
          const reversal = await stripe.transfers.createReversal(
            transfer.id,
            { metadata: { transferGroup: input.transferGroup } },
            {
              idempotencyKey: `${input.idempotencyKey}:reversal:${transfer.id}`,
            },
          );
          transferReversalId = reversal.id;
        }
        const refund = await stripe.refunds.create(
          {
            ...(input.paymentIntentId
              ? { payment_intent: input.paymentIntentId }
              : { charge: input.chargeId ?? undefined }),
            amount: input.amountCents,
            metadata: { transferGroup: input.transferGroup },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { refundId: refund.id, transferReversalId };
      }),

    reverseTransfer: (input) =>
      call(async () => {
        const reversal = await stripe.transfers.createReversal(
          input.transferId,
          {},
          { idempotencyKey: input.idempotencyKey },
        );
        return { reversalId: reversal.id };
      }),

    listMovements: (range) => call(() => listStripeMovements(stripe, range)),
  };
}

/**
 * The live adapter: Checkout in EUR (iDEAL and card), Connect Express accounts, separate charges
 * and transfers grouped by the deal's stream, refunds with transfer reversals, signed webhooks.
 */
export function createStripeGateway(
  options: StripeGatewayOptions,
): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    ...(options.api ?? {}),
    telemetry: false,
    // The SDK retries network failures with the same Idempotency-Key, which is safe for money.
    maxNetworkRetries: 2,
  });

  return {
    mode: 'stripe',
    testMode:
      options.secretKey.startsWith('sk_test_') ||
      options.secretKey.startsWith('rk_test_'),
    ...checkoutCalls(stripe),
    ...accountCalls(stripe),
    ...moneyCalls(stripe),
    verifyWebhook(rawBody, signatureHeader): GatewayWebhookEvent {
      if (!signatureHeader)
        throw new WebhookSignatureError('Missing Stripe-Signature header');
      try {
        return stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          options.webhookSecret,
        ) as unknown as GatewayWebhookEvent;
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
    },
  };
}
