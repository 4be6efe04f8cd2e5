import type { MoneyDocumentDto } from '@machines/contract/money-api';
import type { DealContext, Milestone } from '@machines/deal/deal-context.types';
import { chargedBackMilestone } from '@machines/deal/deal-milestone-view';
import type { EscrowLedger } from '@machines/escrow/escrow-ledger';
import { DomainError } from '../commands/domain-error';
import type { DealRecord } from '../../projections/deals.queries';
import type { PaymentRequestRecord } from '../../projections/payment-requests.queries';

/**
 * Receipts and statements, built from a deal's or request's own ledger: the brand's receipt once
 * the payment is confirmed, the creator's statement once money was transferred to them. The web
 * renders them in the reader's language; the numbers and references come from here only.
 */

/**
 * What the card issuer took back through lost chargebacks, as `chargedBackCents` (only when one
 * was lost): without it a document's amounts would not add up to what was paid.
 */
function chargedBackOf(c: EscrowLedger): { chargedBackCents?: number } {
  const lost = c.chargebacks.filter((cb) => cb.status === 'lost');
  return lost.length === 0
    ? {}
    : { chargedBackCents: lost.reduce((sum, cb) => sum + cb.amountCents, 0) };
}

export function dealReceipt(
  record: DealRecord,
  brand: string,
): MoneyDocumentDto {
  const c = record.context;
  if (!c.paidAt || !c.amounts) throw new DomainError('deal_receipt_not_yet');
  return {
    kind: 'receipt',
    subject: 'deal',
    number: `R-D${record.id}`,
    id: record.id,
    title: c.terms?.title ?? null,
    issuedAt: c.paidAt,
    brand,
    creator: c.terms?.influencer ?? '',
    ...c.amounts,
    paidCents: c.paidCents,
    method: c.paymentMethod,
    reference: c.paymentIntentId ?? c.chargeId,
    refundedCents: c.money.refundedCents,
    ...chargedBackOf(c),
    split: c.split
      ? {
          creatorCents: c.split.creatorCents,
          refundCents: c.split.refundCents,
          feeKeptCents: c.split.feeKeptCents,
        }
      : null,
    ...(c.milestones
      ? { milestones: c.milestones.map((m) => milestoneLine(m, c.endReason)) }
      : {}),
  };
}

/** A milestone as the receipt and the statement list it. */
function milestoneLine(m: Milestone, endReason: DealContext['endReason']) {
  return {
    index: m.index,
    title: m.title,
    amountCents: m.amountCents,
    feeCents: m.feeCents,
    status: m.status,
    releasedAt: m.releasedAt,
    ...(m.paidOutCents === undefined ? {} : { paidOutCents: m.paidOutCents }),
    ...(chargedBackMilestone(m, endReason)
      ? { chargedBack: true as const }
      : {}),
  };
}

/**
 * When the creator's statement stands: the deal's completion; a split's once the creator's part
 * was transferred (the brand's refund may still be under way); in a deal with a plan, the latest
 * payout to the creator so far (each milestone's release, a milestone's split).
 */
function statementIssuedAt(c: DealRecord['context']): string | null {
  const splitPaid =
    c.split?.transfer === 'succeeded' ? c.split.requestedAt : null;
  if (c.completedAt !== null || c.milestones === undefined)
    return c.completedAt ?? splitPaid;
  const payouts = [...c.milestones.map((m) => m.releasedAt), splitPaid];
  return (
    payouts
      .filter((at): at is string => at !== null)
      .sort()
      .at(-1) ?? null
  );
}

/** The creator's statement: what was transferred to them so far (a plan's milestones paid out until now). */
export function dealStatement(
  record: DealRecord,
  brand: string,
): MoneyDocumentDto {
  const c = record.context;
  const issuedAt = statementIssuedAt(c);
  if (!c.transferId || !c.amounts || issuedAt === null)
    throw new DomainError('deal_statement_not_yet');
  return {
    ...dealReceipt(record, brand),
    kind: 'statement',
    number: `S-D${record.id}`,
    issuedAt,
    paidCents: c.money.transferredCents,
    method: null,
    reference: c.transferId,
  };
}

export function requestReceipt(record: PaymentRequestRecord): MoneyDocumentDto {
  const c = record.context;
  const r = c.request;
  if (!r || !c.paidAt) throw new DomainError('payment_request_receipt_not_yet');
  return {
    kind: 'receipt',
    subject: 'payment_request',
    number: `R-P${record.id}`,
    id: record.id,
    title: r.title,
    issuedAt: c.paidAt,
    brand: r.brandName,
    creator: r.creatorName,
    amountCents: r.amountCents,
    feeCents: r.feeCents,
    totalCents: r.totalCents,
    paidCents: c.paidCents,
    method: c.paymentMethod ?? null,
    reference: c.paymentIntentId ?? c.chargeId,
    refundedCents: c.money.refundedCents,
    ...chargedBackOf(c),
    split: null,
  };
}

export function requestStatement(
  record: PaymentRequestRecord,
): MoneyDocumentDto {
  const c = record.context;
  if (!c.transferId || !c.completedAt)
    throw new DomainError('payment_request_statement_not_yet');
  return {
    ...requestReceipt(record),
    kind: 'statement',
    number: `S-P${record.id}`,
    issuedAt: c.completedAt,
    paidCents: c.money.transferredCents,
    method: null,
    reference: c.transferId,
  };
}
