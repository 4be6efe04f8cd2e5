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
  /** The stream id, set on the PaymentIntent so Stripe groups the charge with its transfer. */
  transferGroup?: string;
}

/** Who a connected account belongs to: `{dealId}` or `{userId}`, so `account.updated` finds its owner. */
export interface ConnectedAccountInput {
  reference: string;
  email: string | null;
  idempotencyKey: string;
  metadata?: Record<string, string>;
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
  /**
   * Reverse the group's live transfers first (default true). False for refunding an extra
   * (duplicate) payment: the creator's transfer paid for the deal and must stay.
   */
  reverseTransfers?: boolean;
}

/** Stripe-shaped webhook event (id, type, data.object), already signature-checked. */
export interface GatewayWebhookEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/** Codes the UI and the error catalogue (docs/product.md §8) understand. */
export type GatewayErrorCode =
  | 'funds_settling'
  | 'payouts_not_enabled'
  | 'no_bank_account'
  | 'balance_insufficient'
  | 'invalid_request'
  | 'gateway_unavailable';

/** Codes that mean the gateway refused and nothing moved; any other failure has an unknown outcome. */
export const definiteRefusals: readonly GatewayErrorCode[] = [
  'funds_settling',
  'payouts_not_enabled',
  'no_bank_account',
  'balance_insufficient',
  'invalid_request',
];

/** Where the Stripe SDK sends its requests (tests point it at a local stand-in). */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** The kinds of money movement the ledger records and the gateway keeps its own record of. */
export const movementKinds = [
  'charge',
  'refund',
  'transfer',
  'transfer_reversal',
  'payout',
  'dispute',
] as const;
export type MovementKind = (typeof movementKinds)[number];

/** A request's transfer is its payout; a deal's is a transfer (the ledger names them the same way). */
export const transferKind = (group: string): MovementKind =>
  group.startsWith('payment-request-') ? 'payout' : 'transfer';

/** One money movement as the gateway recorded it. */
export interface GatewayMovement {
  kind: MovementKind;
  /** The gateway's object id (ch_, re_, tr_, trr_, dp_). */
  id: string;
  /** Other ids naming the same movement (a charge's payment intent). */
  otherIds: string[];
  amountCents: number;
  /** ISO instant at which the gateway created it. */
  createdAt: string;
  /** The deal's or request's stream (transfer_group or metadata), when the gateway knows it. */
  group: string | null;
  /** A dispute the platform won: its money came back (it no longer counts as withdrawn). */
  reinstated?: boolean;
}

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
  createCheckoutSession(
    input: CheckoutInput,
  ): Promise<{ sessionId: string; url: string }>;
  createConnectedAccount(
    input: ConnectedAccountInput,
  ): Promise<{ accountId: string }>;
  createAccountLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string }>;
  getAccountStatus(
    accountId: string,
  ): Promise<{ payoutsEnabled: boolean; detailsSubmitted: boolean }>;
  transfer(input: TransferInput): Promise<{ transferId: string }>;
  /** Full refund; reverses transfers of the group first when funds had already left. */
  refund(
    input: RefundInput,
  ): Promise<{ refundId: string; transferReversalId: string | null }>;
  /** Closes a still-open checkout session so it can no longer be paid; a session already paid or closed is left alone. */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /** Fully reverses one transfer (a transfer that lost a race against a refund). */
  reverseTransfer(input: {
    transferId: string;
    idempotencyKey: string;
  }): Promise<{ reversalId: string }>;
  /** The charge behind a payment intent (the `source_transaction` of its transfer) and how it was paid. */
  paymentDetails(
    paymentIntentId: string,
  ): Promise<{ chargeId: string | null; method: string | null }>;
  /** The checkout metadata (`dealId` / `paymentRequestId`) of a charge, so a chargeback finds its deal. */
  chargeMetadata(chargeId: string): Promise<Record<string, string> | null>;
  /**
   * Every money movement the gateway created in [since, until): charges, refunds, transfers (a
   * request's transfer is a payout), transfer reversals and disputes, every page of each list.
   */
  listMovements(range: {
    since: Date;
    until: Date;
  }): Promise<GatewayMovement[]>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it does not match. */
  verifyWebhook(
    rawBody: Buffer,
    signatureHeader: string | undefined,
  ): GatewayWebhookEvent;
}
