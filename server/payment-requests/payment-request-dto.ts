import type { PaymentRequestDto } from '@machines/contract/api';
import type { PaymentRequestContext } from '@machines/payment-request/payment-request.context';
import type { PaymentRequestStatus } from '@machines/payment-request/payment-request.machine';
import {
  paymentRequestSnapshotFrom,
  paymentRequestStateView,
} from '@machines/payment-request/payment-request.view';
import { centsToDecimal } from '@machines/money';
import { chargebackSummary } from '@machines/escrow/escrow-ledger';
import {
  chargebackOpen,
  payableNowCents,
} from '@machines/escrow/escrow-limits';
import type { PaymentRequestRecord } from '../../projections/payment-requests.queries';
import { stateKey } from '@machines/statechart';
import { stateValueFromKey } from '../../projections/state-meta';
import { redactFor, redactOtherSide } from '../shared/redaction';

/** The context a brand's link page may see: no creator id, no payment, refund or dispute ids. */
function redact(c: PaymentRequestContext): Record<string, unknown> {
  return {
    ...c,
    request: c.request ? { ...c.request, creatorId: null } : null,
    checkoutSessionId: null,
    paymentIntentId: null,
    chargeId: null,
    transferId: null,
    lastPaymentFailure: null,
    lastFailedSessionId: null,
    // Chargeback and refund records are for admins; the link page needs none of their ids.
    hold: c.hold ? { since: c.hold.since, disputeId: '', reason: '' } : null,
    chargebacks: [],
    pendingRefund: null,
    refundId: null,
    lastRefundError: null,
    splitDestinationAccountId: null,
    split: c.split
      ? { ...c.split, transferId: null, refundId: null, requestedBy: null }
      : null,
    duplicateRefunds: c.duplicateRefunds.map((r) => ({
      ...r,
      checkoutSessionId: '',
      refundId: '',
    })),
  };
}

/**
 * What a pending payout waits for: the provider's answer to the transfer asked for, the card
 * issuer (a chargeback open, or lost with nothing left in escrow: no bank account would help), or
 * the creator's payout account.
 */
export function payoutWaitingFor(
  state: string,
  c: PaymentRequestRecord['context'],
): PaymentRequestDto['payoutWaitingFor'] {
  if (state !== 'payout_pending') return null;
  if (c.pendingPayout !== null) return 'provider';
  if (c.hold !== null) return null;
  const blocked =
    chargebackOpen(c) !== null ||
    payableNowCents(c, c.request?.amountCents ?? 0) === 0;
  return blocked ? 'chargeback' : 'bank_account';
}

export function toPaymentRequestDto(
  record: Pick<PaymentRequestRecord, 'id' | 'state' | 'context'>,
  now: string,
  publicUrl: string,
  view: 'owner' | 'link',
): PaymentRequestDto {
  const c = record.context;
  const r = c.request!;
  const snapshot = paymentRequestSnapshotFrom(
    stateValueFromKey(record.state),
    c,
  );
  const state = paymentRequestStateView(snapshot, now);
  const dto: PaymentRequestDto = {
    id: record.id,
    creatorName: r.creatorName,
    creatorEmail: r.creatorEmail,
    title: r.title,
    description: r.description,
    amount: centsToDecimal(r.amountCents),
    platformFee: centsToDecimal(r.feeCents),
    totalAmount: centsToDecimal(r.totalCents),
    amountCents: r.amountCents,
    platformFeeCents: r.feeCents,
    totalAmountCents: r.totalCents,
    brandName: r.brandName,
    brandEmail: r.brandEmail,
    brandHandle: r.brandHandle,
    deadline: r.deadline,
    status:
      state.status === 'new'
        ? 'pending'
        : (state.status as PaymentRequestStatus),
    shareableToken: r.token,
    shareableUrl: `${publicUrl}/pay-request/${r.token}`,
    expiresAt: r.expiresAt,
    acceptedAt: c.acceptedAt,
    paidAt: c.paidAt,
    completedAt: c.completedAt,
    createdAt: c.createdAt ?? now,
    onHold: c.hold !== null,
    chargeback: chargebackSummary(c),
    payoutPending: stateKey(snapshot.value) === 'payout_pending',
    payoutWaitingFor: payoutWaitingFor(stateKey(snapshot.value), c),
    delivery: c.delivery,
    reviewPeriodEndsAt: c.reviewPeriodEndsAt,
    dispute: c.dispute,
    refundedAt: c.refundedAt,
    machine: {
      value: snapshot.value as PaymentRequestDto['machine']['value'],
      context: view === 'link' ? redact(c) : { ...c },
    },
    state,
  };
  // Whoever holds the link reads it under the one redaction rule (server/shared/redaction.ts);
  // the creator reads the brand's payment ids only as present.
  return view === 'link'
    ? redactFor('link', dto)
    : redactOtherSide('creator', dto);
}
