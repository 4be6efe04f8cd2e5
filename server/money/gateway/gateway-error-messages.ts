import type { GatewayErrorCode } from './payment-gateway';

/**
 * The texts of a refused transfer. The web client (docs/product.md §8) looks for these words: `funds_settling`
 * → 'Payment still processing'; a bank-account message, `payouts_enabled`, 'Insufficient funds' or
 * `balance_insufficient` → the manual-completion offer. Each message starts with its code.
 */
export function gatewayErrorMessage(
  code: GatewayErrorCode,
  detail: string,
): string {
  switch (code) {
    case 'funds_settling':
      return `funds_settling: the payment is still settling; try again in a few minutes (${detail})`;
    case 'payouts_not_enabled':
      return `payouts_not_enabled: the creator's account cannot receive payouts yet, payouts_enabled is false (${detail})`;
    case 'no_bank_account':
      return `no_bank_account: the creator has not connected a bank account yet (${detail})`;
    case 'balance_insufficient':
      return `balance_insufficient: Insufficient funds in the platform balance (${detail})`;
    case 'invalid_request':
      return `invalid_request: the payment provider refused the request (${detail})`;
    case 'gateway_unavailable':
      return `gateway_unavailable: the payment provider could not be reached; nothing was recorded, try again (${detail})`;
  }
}
