/**
 * The money of one escrow (a deal or a payment request) as its ledger knows it, and the rules both
 * kinds share: which confirmed payment funds it, which is to be refunded, and what is held. Both
 * contexts carry these fields; both machines, deciders and contexts use these functions, so a deal
 * and a request can never disagree about money.
 */
import { balanceOf, type EscrowAccounts } from './escrow-accounts';

/**
 * Every cent charged, refunded, transferred, or kept as fee: no longer kept by hand but read off
 * the accounts (`moneyOf` in escrow-postings.ts), where stored read models and answers have them.
 */
export interface EscrowMoney {
  chargedCents: number;
  refundedCents: number;
  transferredCents: number;
  feeKeptCents: number;
}

export const noMoney: EscrowMoney = {
  chargedCents: 0,
  refundedCents: 0,
  transferredCents: 0,
  feeKeptCents: 0,
};

/** A payment that did not fund the escrow, refunded (or to be refunded) by the payments reactor. */
export interface UnexpectedPayment {
  checkoutSessionId: string;
  paymentIntentId: string | null;
  chargeId: string | null;
  amountCents: number;
  gatewayEventId: string;
  /** Why it did not fund the escrow (deals record it). */
  reason?: string;
  refundId: string | null;
}

/** A payment the gateway confirmed, as its webhook says. */
export interface ConfirmedPayment {
  checkoutSessionId: string;
  paymentIntentId: string | null;
  chargeId: string | null;
  amountCents: number;
  method: string | null;
  gatewayEventId: string;
}

export interface Chargeback {
  disputeId: string;
  amountCents: number;
  reason: string;
  at: string;
  /** What it took out of the escrow when it opened (absent: recorded before chargebacks moved money). */
  heldCents?: number;
  status: 'open' | 'won' | 'lost';
  /** The gateway's outcome: when, and why (a lost chargeback is written off with this reason). */
  closedAt?: string;
  outcomeReason?: string;
}

/** The money-related fields a deal's and a request's context share. */
export interface EscrowLedger {
  /** The escrow's double-entry accounts, folded from its events (escrow-accounts.ts). */
  accounts: EscrowAccounts;
  /** The four sums read off `accounts`, as older versions stored them. */
  money: EscrowMoney;
  unexpectedPayments: UnexpectedPayment[];
  /** The session that can fund the escrow, and what it charges; null once paid or closed. */
  openSession: { sessionId: string; totalCents: number } | null;
  /** Once paid: the session that paid (and before that, the last session opened). */
  checkoutSessionId: string | null;
  paymentIntentId: string | null;
  chargeId: string | null;
  paidCents: number;
  paidAt: string | null;
  lastPaymentFailure: string | null;
  /** The session whose failure was last recorded: each session's failure counts once. */
  lastFailedSessionId: string | null;
  /** Extra payments (a second paid session) that were refunded automatically. */
  duplicateRefunds: {
    checkoutSessionId: string;
    refundId: string;
    amountCents: number;
    at: string;
  }[];
  chargebacks: Chargeback[];
  transferId: string | null;
  completedAt: string | null;
  /** An outcome split between the creator and the payer (deals only; null for a request). */
  split: EscrowSplit | null;
}

/** Where one part of a split stands: asked for, done at the gateway, or refused by it. */
export type SplitPartStatus = 'pending' | 'succeeded' | 'failed';

/**
 * A split outcome: one intent with two effects, a transfer of `creatorCents` to the creator and a
 * refund of `refundCents` to the payer, each with its own idempotency key; the platform keeps
 * `feeKeptCents`. The three add up to `chargedCents`, what the escrow held of the charge.
 */
export interface EscrowSplit {
  creatorCents: number;
  refundCents: number;
  feeKeptCents: number;
  chargedCents: number;
  transferKey: string;
  refundKey: string;
  transfer: SplitPartStatus;
  refund: SplitPartStatus;
  transferId: string | null;
  refundId: string | null;
  transferFailure: { code: string; message: string; at: string } | null;
  refundFailure: { code: string; message: string; at: string } | null;
  requestedAt: string;
  /** The id of whoever asked for it (an admin). */
  requestedBy: string | null;
}

export type SplitPart = 'transfer' | 'refund';

/** The key each part of a split is carried out under, derived from the intent's key. */
export const splitKeys = (
  key: string,
): { transferKey: string; refundKey: string } => ({
  transferKey: `${key}:transfer`,
  refundKey: `${key}:refund`,
});

/** The part of the split a gateway answer under `key` is for, while that part waits for it. */
export function pendingSplitPart(
  split: EscrowSplit | null,
  key: string,
): SplitPart | null {
  if (split === null) return null;
  if (split.transferKey === key && split.transfer === 'pending')
    return 'transfer';
  if (split.refundKey === key && split.refund === 'pending') return 'refund';
  return null;
}

/** Both parts done: the split is the escrow's final outcome. */
export const splitSettled = (split: EscrowSplit | null): boolean =>
  split !== null &&
  split.transfer === 'succeeded' &&
  split.refund === 'succeeded';

/** The parts of a split the gateway refused, which a retry asks for again under their own keys. */
export const failedSplitParts = (split: EscrowSplit | null): SplitPart[] =>
  split === null
    ? []
    : (['transfer', 'refund'] as const).filter(
        (part) => split[part] === 'failed',
      );

/** The ledger after the split's transfer (its postings: escrow-postings.ts). */
export function recordSplitTransfer<C extends EscrowLedger>(
  c: C,
  transferId: string,
): C {
  const split = c.split!;
  return {
    ...c,
    transferId,
    split: {
      ...split,
      transfer: 'succeeded',
      transferId,
      transferFailure: null,
    },
  };
}

/** The ledger after the split's refund (its postings: escrow-postings.ts). */
export function recordSplitRefund<C extends EscrowLedger>(
  c: C,
  refundId: string,
): C {
  const split = c.split!;
  return {
    ...c,
    split: { ...split, refund: 'succeeded', refundId, refundFailure: null },
  };
}

/** What the platform holds for others now: the escrow, the creator's payable and the brand's refundable (disputed funds are not held). */
export const heldCents = (c: Pick<EscrowLedger, 'accounts'>): number =>
  balanceOf(c.accounts, 'escrow') +
  balanceOf(c.accounts, 'payable') +
  balanceOf(c.accounts, 'refundable');

/**
 * What the parties (brand and creator) are told of chargebacks: where the latest stands and how
 * much it took; no dispute ids or bank reasons, which are the admins' business.
 */
export function chargebackSummary(
  c: Pick<EscrowLedger, 'chargebacks'>,
): { status: Chargeback['status']; amountCents: number } | null {
  const latest = c.chargebacks.at(-1);
  return latest
    ? { status: latest.status ?? 'open', amountCents: latest.amountCents }
    : null;
}

/** What the escrow account holds (payments to refund and chargebacks are in accounts of their own). */
export const escrowedCents = (c: Pick<EscrowLedger, 'accounts'>): number =>
  balanceOf(c.accounts, 'escrow');

/** The confirmation of a payment already recorded (funding, to refund, or refunded): a redelivery changes nothing. */
export function alreadyRecorded(c: EscrowLedger, sessionId: string): boolean {
  return (
    (c.paidAt !== null && c.checkoutSessionId === sessionId) ||
    c.unexpectedPayments.some((p) => p.checkoutSessionId === sessionId) ||
    c.duplicateRefunds.some((r) => r.checkoutSessionId === sessionId)
  );
}

/** A payment funds the escrow only through its open session, for exactly what that session and the terms charge. */
export function fundsEscrow(
  c: EscrowLedger,
  payment: { checkoutSessionId: string; amountCents: number },
  dueCents: number | null,
): boolean {
  return (
    c.openSession !== null &&
    dueCents !== null &&
    payment.checkoutSessionId === c.openSession.sessionId &&
    payment.amountCents === c.openSession.totalCents &&
    payment.amountCents === dueCents
  );
}

/** Why a confirmed payment that does not fund the escrow is refunded. */
export function unexpectedReason(
  c: EscrowLedger,
  sessionId: string,
  awaitingPayment: boolean,
): 'already_paid' | 'closed' | 'not_open_session' | 'amount_mismatch' {
  if (!awaitingPayment) return c.paidAt !== null ? 'already_paid' : 'closed';
  return c.openSession?.sessionId !== sessionId
    ? 'not_open_session'
    : 'amount_mismatch';
}

/** A payment to refund is recorded once per session, and never for the session that paid. */
export const isNewUnexpectedPayment = (
  c: EscrowLedger,
  sessionId: string,
): boolean =>
  !(c.paidAt !== null && c.checkoutSessionId === sessionId) &&
  !c.unexpectedPayments.some((p) => p.checkoutSessionId === sessionId);

/** The refund answers a recorded unexpected payment (same session, same amount, not yet refunded); or, in older history, a second paid session. */
export function answersUnexpectedRefund(
  c: EscrowLedger,
  refund: { checkoutSessionId: string; amountCents: number },
): boolean {
  const recorded = c.unexpectedPayments.find(
    (p) => p.checkoutSessionId === refund.checkoutSessionId,
  );
  if (recorded)
    return (
      recorded.refundId === null && recorded.amountCents === refund.amountCents
    );
  return (
    c.paidAt !== null &&
    refund.checkoutSessionId !== c.checkoutSessionId &&
    !c.duplicateRefunds.some(
      (r) => r.checkoutSessionId === refund.checkoutSessionId,
    )
  );
}

/** The ledger after a payment to refund was recorded (its charge is posted to the brand's refundable). */
export function recordUnexpected<C extends EscrowLedger>(
  c: C,
  payment: Omit<UnexpectedPayment, 'refundId'>,
): C {
  return {
    ...c,
    unexpectedPayments: [
      ...c.unexpectedPayments,
      { ...payment, refundId: null },
    ],
  };
}

/** The ledger after an unexpected payment's refund (before intents existed, the charge was recorded only with its refund: escrow-postings.ts posts both). */
export function recordUnexpectedRefund<C extends EscrowLedger>(
  c: C,
  refund: { checkoutSessionId: string; refundId: string; amountCents: number },
  at: string,
): C {
  const { checkoutSessionId, refundId, amountCents } = refund;
  return {
    ...c,
    unexpectedPayments: c.unexpectedPayments.map((p) =>
      p.checkoutSessionId === checkoutSessionId && p.refundId === null
        ? { ...p, refundId }
        : p,
    ),
    duplicateRefunds: [
      ...c.duplicateRefunds,
      { checkoutSessionId, refundId, amountCents, at },
    ],
  };
}

/** The data of the refund event for a recorded unexpected payment, or null when there is none to refund (unknown, or refunded already). */
export function unexpectedRefundData(
  c: EscrowLedger,
  refund: { checkoutSessionId: string; refundId: string },
) {
  const payment = c.unexpectedPayments.find(
    (p) => p.checkoutSessionId === refund.checkoutSessionId,
  );
  if (!payment || payment.refundId !== null) return null;
  return {
    checkoutSessionId: payment.checkoutSessionId,
    paymentIntentId: payment.paymentIntentId,
    refundId: refund.refundId,
    amountCents: payment.amountCents,
    gatewayEventId: payment.gatewayEventId,
  };
}
