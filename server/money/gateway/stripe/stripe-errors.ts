import Stripe from 'stripe';
import { gatewayErrorMessage } from '../gateway-error-messages';
import { GatewayError, type GatewayErrorCode } from '../payment-gateway';

/**
 * Maps a Stripe SDK error to our codes. Only refusals Stripe definitely made (4xx with a code) are
 * "nothing moved"; connection errors, 5xx, rate limits and idempotency conflicts have an unknown
 * outcome and become `gateway_unavailable`, which the escrow never records as a failed transfer
 * (so the retry keeps the same idempotency key and cannot pay twice).
 */
export function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new GatewayError(
      'gateway_unavailable',
      gatewayErrorMessage(
        'gateway_unavailable',
        (error as Error)?.message ?? String(error),
      ),
    );
  }
  const code = classify(error);
  return new GatewayError(code, gatewayErrorMessage(code, error.message));
}

function classify(
  error: InstanceType<typeof Stripe.errors.StripeError>,
): GatewayErrorCode {
  const stripeCode = error.code ?? '';
  const text = error.message ?? '';
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeIdempotencyError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    (error.statusCode ?? 0) >= 500 ||
    stripeCode === 'idempotency_key_in_use' ||
    stripeCode === 'lock_timeout'
  ) {
    return 'gateway_unavailable';
  }
  if (stripeCode === 'balance_insufficient') {
    // With source_transaction Stripe only refuses for balance when the charge has not settled yet.
    return /source_transaction|pending|settl|not yet available/i.test(text)
      ? 'funds_settling'
      : 'balance_insufficient';
  }
  if (
    stripeCode === 'insufficient_capabilities_for_transfer' ||
    stripeCode === 'account_invalid' ||
    /capabilit|payouts_enabled|payouts? (are|is) (not )?(enabled|disabled)/i.test(
      text,
    )
  ) {
    return 'payouts_not_enabled';
  }
  if (
    stripeCode === 'no_external_account' ||
    /external account|bank account/i.test(text)
  )
    return 'no_bank_account';
  return 'invalid_request';
}
