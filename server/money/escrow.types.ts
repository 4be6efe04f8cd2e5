import type { PayoutIdentity } from '@machines/account/payout-identity';
import type { CommandContext } from '../commands/command-bus';
import type { DealResult } from '../commands/run-command';
import type {
  GatewayWebhookEvent,
  PaymentGateway,
} from './gateway/payment-gateway';

/** Durations and addresses the escrow needs; from configuration (REVIEW_PERIOD_HOURS, ...). */
export interface EscrowConfig {
  /** Base URL for links the gateway redirects to (success, cancel, onboarding return). */
  publicUrl: string;
  reviewPeriodHours: number;
  disputePeriodHours: number;
}

import type { BankStatusCode } from '@machines/contract/api';

/** The payout account's state (the route adds the spec's words). */
export type BankStatus = BankStatusCode;

/**
 * The gateway calls that move no money and must answer the user at once (a checkout URL, an
 * onboarding link, an account's status), each followed by the command that records it, and the
 * webhook translation. Money itself moves only in the payments reactor (server/reactors/).
 */
export interface Escrow {
  readonly gateway: PaymentGateway;
  /** Opens a checkout session for what the deal's terms say is due, then records it (CheckoutSessionCreated). */
  startDealCheckout(
    dealId: number,
    ownerId: string,
    ctx: CommandContext,
  ): Promise<{ url: string; position: number }>;
  /** Accepted payment request → checkout URL (PaymentRequestCheckoutCreated). */
  startRequestCheckout(
    requestId: number,
    token: string,
    ctx: CommandContext,
  ): Promise<{ url: string; position: number }>;
  /** Creator (deal link) → connected account + onboarding link (BankOnboardingStarted). */
  startDealOnboarding(
    dealId: number,
    token: string,
    ctx: CommandContext,
    identity?: PayoutIdentity,
  ): Promise<{ url: string; position: number }>;
  /** Asks the gateway whether the deal's connected account can receive payouts, and records it once it can. */
  syncDealBankAccount(
    dealId: number,
    ctx: CommandContext,
  ): Promise<DealResult | null>;
  /** Logged-in creator (payment requests) → connected account + onboarding link. */
  startUserOnboarding(
    userId: string,
    ctx: CommandContext,
    identity?: PayoutIdentity,
  ): Promise<{ url: string }>;
  userBankStatus(userId: string): Promise<BankStatus>;
  /** A verified Stripe-shaped webhook, recorded as a command; idempotent by event id, safe out of order. */
  handleWebhook(event: GatewayWebhookEvent): Promise<void>;
}
