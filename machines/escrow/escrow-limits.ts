import { availableOf, overdrawnBy } from './escrow-accounts';
import type { EscrowEventNames, EscrowRole } from './escrow-events';
import { escrowedCents, type EscrowLedger } from './escrow-ledger';
import { postingsOf } from './escrow-postings';

/**
 * The escrow's balance limits as guards, pure functions `(context, input) => ErrorCode | null`
 * that the statecharts take on null and the deciders throw: an intent that pays money out
 * (a release or payout, a refund, a split) is refused while a chargeback is open, and when its
 * postings would overdraw the escrow (or another limited account); so nothing is asked of the
 * gateway that the escrow does not hold now.
 */

export type LimitCode = 'chargeback_open' | 'escrow_insufficient';

const payingOut: ReadonlySet<EscrowRole> = new Set([
  'transferRequested',
  'refundRequested',
  'splitRequested',
]);

/**
 * An open chargeback that took money out of the escrow: until the gateway's outcome nothing else
 * may leave (Stripe refuses refunds of a disputed charge). Chargebacks recorded before chargebacks
 * moved money (no `heldCents`) were settled by an admin's release of the hold and block nothing.
 */
export const chargebackOpen = (
  c: Pick<EscrowLedger, 'chargebacks'>,
): LimitCode | null =>
  c.chargebacks.some((cb) => cb.status === 'open' && cb.heldCents !== undefined)
    ? 'chargeback_open'
    : null;

/** Would the intent `draft` keep every limited account of the escrow at or above zero? */
export const withinLimits = (
  c: EscrowLedger,
  draft: { type: string; data: unknown },
  names: EscrowEventNames,
): LimitCode | null =>
  overdrawnBy(c.accounts, postingsOf(c, draft, names)) === null
    ? null
    : 'escrow_insufficient';

/** The limits on an event of the escrow (null for events that pay nothing out; an intent to pay out nothing is refused). */
export function intentRefusal(
  c: EscrowLedger,
  draft: { type: string; data: unknown },
  names: EscrowEventNames,
): LimitCode | null {
  const role = (Object.keys(names) as EscrowRole[]).find(
    (r) => names[r] === draft.type,
  );
  if (role === undefined || !payingOut.has(role)) return null;
  const moves = postingsOf(c, draft, names).some(
    (p) => p.op === 'reserve' && p.amountCents > 0,
  );
  return (
    chargebackOpen(c) ??
    (moves ? withinLimits(c, draft, names) : 'escrow_insufficient')
  );
}

/**
 * What a transfer to the creator pays now: the creator amount, or less when the escrow holds less
 * (after a lost chargeback); the rest of the escrow is the platform's fee.
 */
export const payableNowCents = (
  c: Pick<EscrowLedger, 'accounts'>,
  creatorAmountCents: number,
): number =>
  Math.max(
    0,
    Math.min(
      creatorAmountCents,
      escrowedCents(c),
      availableOf(c.accounts, 'escrow'),
    ),
  );

/**
 * The escrow was emptied by a lost chargeback: the card network gave the charge back to the payer,
 * so nothing is held or reserved, no chargeback is still open and no split is under way. Nothing
 * can be released or refunded any more, and the deal or request ends as an admin's refund ends it
 * (a refund outcome with the reason `charged_back` and no gateway call; ADR 0040).
 */
export const writtenOffByChargeback = (c: EscrowLedger): boolean =>
  c.chargebacks.some((cb) => cb.status === 'lost') &&
  c.chargebacks.every((cb) => cb.status !== 'open') &&
  c.split === null &&
  Object.keys(c.accounts.pending).length === 0 &&
  availableOf(c.accounts, 'escrow') <= 0;

/** The reason a refund outcome records when a lost chargeback, not the gateway, gave the money back. */
export const chargedBack = 'charged_back';

/**
 * The data of that outcome: nothing moves and no refund id exists; the lost chargeback (by
 * default the last one lost) is named for the admins.
 */
export const chargedBackEnd = (
  c: EscrowLedger,
  disputeId = c.chargebacks.filter((cb) => cb.status === 'lost').at(-1)
    ?.disputeId ?? '',
) => ({
  amountCents: 0,
  transferReversalId: null,
  reason: chargedBack,
  disputeId,
});
