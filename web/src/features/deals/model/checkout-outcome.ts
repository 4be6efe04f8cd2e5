import type { DealDto } from '@machines/contract/api';

/**
 * How the brand's last checkout ended when it did not pay: `failed` once the gateway reported the
 * latest session's payment failed (the owner's answer carries the ledger's session ids), else
 * `cancelled` when the gateway sent the brand back from its page (`?checkout=cancelled`).
 */
export function checkoutOutcome(
  deal: DealDto,
  returned: string | null,
): 'failed' | 'cancelled' | null {
  if (deal.paidAt !== null) return null;
  const c = deal.machine.context;
  const session = c.checkoutSessionId;
  if (typeof session === 'string' && session === c.lastFailedSessionId)
    return 'failed';
  return returned === 'cancelled' ? 'cancelled' : null;
}
