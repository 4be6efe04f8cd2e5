import type { AdminDealDto } from '@machines/contract/api';
import type { EscrowLedger } from '@machines/escrow/escrow-ledger';
import { chargebackOpen } from '@machines/escrow/escrow-limits';
import { parseEuroToCents, splitFeeCents } from '@machines/money';
import { formatMoney, t } from '@/i18n';
import type { SplitSubject } from '@/features/admin/api/admin-split';

/** A split as the admin deal answer carries it (`split`): amounts, each part's state and failure. */
export type AdminSplit = NonNullable<AdminDealDto['split']>;
export type SplitPartState = AdminSplit['transfer'];

/** Statuses in which money is still held and a split may settle the deal: a dispute, or a hold. */
const HOLDABLE: readonly string[] = [
  'pending_delivery',
  'delivered',
  'changes_requested',
  'dispute',
];

/**
 * "Resolve with split" shows on a disputed deal or a held one whose creator has a bank account to
 * be paid into, until a split has been asked for (a failed part is retried instead), and not while
 * a chargeback is open (the server refuses every payout then, `chargeback_open`, until the card
 * issuer decides). On a deal with a plan it splits everything not yet released (each milestone also
 * has its own Split).
 */
export const canSplit = (deal: AdminDealDto): boolean =>
  deal.split === null &&
  deal.stripeAccountId !== null &&
  chargebackOpen(deal.machine.context as Pick<EscrowLedger, 'chargebacks'>) ===
    null &&
  (deal.status === 'dispute' ||
    (deal.onHold && HOLDABLE.includes(deal.status)));

/**
 * The creator's part as typed ("120", "120,5", "€ 120.50") in integer cents, null when it is not an
 * amount in euros with at most two decimals. Digits only, never a float: "0.29" is 29 cents exactly.
 * Whether the amount fits the deal is the server's to say (the preview).
 */
export function splitCentsFrom(input: string): number | null {
  const text = input.trim().replace(/^€\s*/, '');
  return text === '' ? null : parseEuroToCents(text);
}

/** The parts of a split, in the order they show, each with its state and failure reason. */
export function splitParts(split: AdminSplit): {
  part: 'transfer' | 'refund';
  amountCents: number;
  state: SplitPartState;
  failure: string | null;
}[] {
  return [
    {
      part: 'transfer',
      amountCents: split.creatorCents,
      state: split.transfer,
      failure: split.transferFailure,
    },
    {
      part: 'refund',
      amountCents: split.refundCents,
      state: split.refund,
      failure: split.refundFailure,
    },
  ];
}

export const splitNeedsRetry = (split: AdminSplit): boolean =>
  split.transfer === 'failed' || split.refund === 'failed';

/** A fresh Idempotency-Key (random, works outside secure contexts too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The largest creator's part a split of `subject` takes when a lost chargeback left the escrow
 * holding less than was paid: the part and its share of the fee (in proportion, rounded half up,
 * as the server computes it) must fit in what is held, and stay below the amount.
 */
function largestPart(subject: SplitSubject, heldCents: number): number {
  const { amountCents, totalAmountCents } = subject;
  const feeCents = totalAmountCents - amountCents;
  const fits = (part: number) =>
    part + splitFeeCents(amountCents, feeCents, part) <= heldCents;
  let part = Math.min(
    amountCents - 1,
    Math.floor((heldCents * amountCents) / totalAmountCents),
  );
  while (part < amountCents - 1 && fits(part + 1)) part += 1;
  while (part > 0 && !fits(part)) part -= 1;
  return part;
}

/**
 * The split dialog's introduction and the hint under the creator's part: what is split (what the
 * brand paid, or what the escrow still holds after a lost chargeback took part of it) and how much
 * the creator may get.
 */
export function splitTexts(subject: SplitSubject): {
  intro: string;
  hint: string;
} {
  const amount = formatMoney(subject.amountCents);
  const held = subject.heldCents;
  if (held !== undefined)
    return {
      intro: t('admin.splitIntroHeld', { amount, total: formatMoney(held) }),
      hint: t('admin.splitAmountHintHeld', {
        max: formatMoney(largestPart(subject, held)),
      }),
    };
  return {
    intro: t(subject.rest ? 'admin.splitRestIntro' : 'admin.splitIntro', {
      amount,
      total: formatMoney(subject.totalAmountCents),
    }),
    hint: t('admin.splitAmountHint', { amount }),
  };
}
