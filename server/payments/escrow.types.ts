import type { ReleaseTrigger } from '../../machines/deal/deal.events';
import type { dealMachine } from '../../machines/deal/deal.machine';
import type { paymentRequestMachine } from '../../machines/payment-request/payment-request.machine';
import type { CommandContext, CommandResult } from '../commands/command-bus';
import type { GatewayWebhookEvent, PaymentGateway } from './gateway/payment-gateway';

/** Durations and addresses the escrow needs; from configuration (REVIEW_PERIOD_HOURS, ...). */
export interface EscrowConfig {
  /** Base URL for links the gateway redirects to (success, cancel, onboarding return). */
  publicUrl: string;
  reviewPeriodHours: number;
  disputePeriodHours: number;
}

export type DealResult = CommandResult<typeof dealMachine>;
export type PaymentRequestResult = CommandResult<typeof paymentRequestMachine>;

export type BankStatus = 'Connected' | 'Setup incomplete' | 'Not connected';

/**
 * Every command that moves money or starts, pauses or ends a timer. Routes, webhooks and the
 * timer reactor all call these, so each movement has one code path (and one idempotency key).
 */
export interface Escrow {
  readonly gateway: PaymentGateway;
  /** Deal in pending_payment → checkout URL; appends CheckoutSessionCreated. */
  startDealCheckout(dealId: number, ctx: CommandContext): Promise<{ url: string }>;
  /** Accepted payment request → checkout URL; appends PaymentRequestCheckoutCreated. */
  startRequestCheckout(requestId: number, ctx: CommandContext): Promise<{ url: string }>;
  /** Creator (deal link) → connected account + onboarding link; appends BankOnboardingStarted. */
  startDealOnboarding(dealId: number, token: string, ctx: CommandContext): Promise<{ url: string }>;
  /** Checks the deal's connected account (return from onboarding) and appends BankAccountConnected once payouts work. */
  syncDealBankAccount(dealId: number, ctx: CommandContext): Promise<DealResult>;
  /** Logged-in creator (payment requests) → connected account + onboarding link. */
  startUserOnboarding(userId: string, ctx: CommandContext): Promise<{ url: string }>;
  userBankStatus(userId: string): Promise<BankStatus>;
  /** Creator marks delivery: appends ContentDelivered + ReviewPeriodStarted (48 h by default). */
  deliver(dealId: number, ctx: CommandContext): Promise<DealResult>;
  /** Brand disputes: appends DisputeOpened with the 72-hour end. */
  openDispute(dealId: number, reason: string, ctx: CommandContext): Promise<DealResult>;
  /** Transfers the creator amount exactly once; a refusal appends TransferFailed and throws. */
  releaseFunds(dealId: number, trigger: ReleaseTrigger, ctx: CommandContext): Promise<DealResult>;
  /** Test mode only: completes a deal whose payout cannot be made. */
  manualComplete(dealId: number, ctx: CommandContext): Promise<DealResult>;
  hold(dealId: number, ctx: CommandContext): Promise<DealResult>;
  /** Releases an admin hold; running periods are extended by the time spent on hold. */
  resume(dealId: number, ctx: CommandContext): Promise<DealResult>;
  /** Full refund to the brand (reversing a transfer first if needed); the deal is cancelled. */
  refund(dealId: number, ctx: CommandContext): Promise<DealResult>;
  /** Creator completes a paid request: pays out now, or records PaymentRequestPayoutDeferred when the payout account is not ready. */
  completePaymentRequest(requestId: number, ctx: CommandContext): Promise<PaymentRequestResult>;
  /** Timer reactor: transfers a deferred payout exactly once, when the creator's account is ready (else a no-op). */
  payDeferredPayout(requestId: number, ctx: CommandContext): Promise<PaymentRequestResult>;
  /** Admin: resolves a chargeback hold on a payment request. */
  releaseRequestHold(requestId: number, note: string | null, ctx: CommandContext): Promise<PaymentRequestResult>;
  /** A verified Stripe-shaped webhook; idempotent by event id, safe out of order. */
  handleWebhook(event: GatewayWebhookEvent): Promise<void>;
}
