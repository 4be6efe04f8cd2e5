/**
 * The payment-gateway port. Every money movement goes through it; nothing else knows whether
 * Stripe or the offline simulated gateway runs. Amounts are integer euro cents.
 */

export type GatewayMode = 'stripe' | 'simulated';

export interface CheckoutInput {
  kind: 'deal' | 'payment_request';
  /** Deal id or payment-request id, as text: goes to metadata and client_reference_id. */
  reference: string;
  /** The payment-request token (for its success URL); absent for deals. */
  token?: string;
  description: string;
  totalCents: number;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface TransferInput {
  amountCents: number;
  destinationAccountId: string;
  /** The deal's (or request's) stream id: groups the charge, transfer and refund. */
  transferGroup: string;
  /** The charge the funds came from, so the transfer waits for it and never overdraws. */
  sourceTransaction: string | null;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface RefundInput {
  paymentIntentId: string | null;
  chargeId: string | null;
  amountCents: number;
  transferGroup: string;
  idempotencyKey: string;
}

/** Stripe-shaped webhook event (id, type, data.object), already signature-checked. */
export interface GatewayWebhookEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/** Codes the UI and the error catalogue (spec §8) understand. */
export type GatewayErrorCode =
  | 'funds_settling'
  | 'payouts_not_enabled'
  | 'no_bank_account'
  | 'balance_insufficient'
  | 'invalid_request'
  | 'gateway_unavailable';

export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  constructor(
    readonly code: GatewayErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

export interface PaymentGateway {
  readonly mode: GatewayMode;
  /** True for the simulated gateway and for Stripe test keys (sk_test_...): enables manual-complete. */
  readonly testMode: boolean;
  createCheckoutSession(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  createConnectedAccount(input: { reference: string; email: string | null; idempotencyKey: string }): Promise<{ accountId: string }>;
  createAccountLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  getAccountStatus(accountId: string): Promise<{ payoutsEnabled: boolean; detailsSubmitted: boolean }>;
  transfer(input: TransferInput): Promise<{ transferId: string }>;
  /** Full refund; reverses transfers of the group first when funds had already left. */
  refund(input: RefundInput): Promise<{ refundId: string; transferReversalId: string | null }>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it does not match. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): GatewayWebhookEvent;
}
