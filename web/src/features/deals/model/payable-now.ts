import type { EscrowLedger } from '@machines/escrow/escrow-ledger';
import { payableNowCents } from '@machines/escrow/escrow-limits';

/**
 * What a release pays the creator now, as the approval prompts name it: `amountCents` (the deal's,
 * a milestone's or a request's), or less when a lost chargeback left the escrow holding less; the
 * server's own rule, read off the escrow's accounts in the answer's context.
 */
export function payableNow(
  dto: { machine: { context: Record<string, unknown> } },
  amountCents: number,
): number {
  const { accounts } = dto.machine.context as Partial<EscrowLedger>;
  return accounts ? payableNowCents({ accounts }, amountCents) : amountCents;
}
