import { escrowRole, type EscrowEventNames } from './escrow-events';
import {
  recordSplitRefund,
  recordSplitTransfer,
  recordUnexpected,
  recordUnexpectedRefund,
  type ConfirmedPayment,
  type EscrowLedger,
  type SplitPart,
  type UnexpectedPayment,
} from './escrow-ledger';

/** What the escrow's events carry, by role (each aggregate's schema has at least these fields). */
interface EscrowEventData {
  checkoutOpened: { sessionId: string; totalCents: number };
  checkoutClosed: { sessionId: string };
  paid: ConfirmedPayment;
  paymentFailed: { checkoutSessionId: string; reason: string };
  unexpectedPayment: Omit<UnexpectedPayment, 'refundId'>;
  unexpectedPaymentRefunded: {
    checkoutSessionId: string;
    refundId: string;
    amountCents: number;
  };
  chargebackOpened: {
    disputeId: string;
    amountCents: number;
    reason: string;
    heldCents?: number;
  };
  chargebackClosed: {
    disputeId: string;
    outcome: 'won' | 'lost';
    reason: string;
  };
  splitRequested: {
    creatorCents: number;
    refundCents: number;
    feeKeptCents: number;
    chargedCents: number;
    transferKey: string;
    refundKey: string;
  };
  splitRetried: { part: SplitPart; key: string };
  splitTransferred: { transferId: string };
  splitTransferFailed: { code: string; message: string };
  splitRefunded: { refundId: string };
  splitRefundFailed: { code: string; message: string };
}

/** Who an event's metadata names as its actor, if anyone. */
interface FoldMeta {
  at: string;
  actor?: { id?: string } | undefined;
}

type FoldedRole = keyof EscrowEventData;
type Fold = {
  [R in FoldedRole]: <C extends EscrowLedger>(
    c: C,
    data: EscrowEventData[R],
    at: string,
    meta: FoldMeta,
  ) => C;
};

const failedPart = <C extends EscrowLedger>(
  c: C,
  part: SplitPart,
  failure: { code: string; message: string },
  at: string,
): C => ({
  ...c,
  split: {
    ...c.split!,
    [part]: 'failed',
    [`${part}Failure`]: { code: failure.code, message: failure.message, at },
  },
});

const folds: Fold = {
  checkoutOpened: (c, { sessionId, totalCents }) => ({
    ...c,
    checkoutSessionId: sessionId,
    openSession: { sessionId, totalCents },
  }),
  checkoutClosed: (c, { sessionId }) => ({
    ...c,
    openSession: c.openSession?.sessionId === sessionId ? null : c.openSession,
  }),
  paid: (c, payment, at) => ({
    ...c,
    openSession: null,
    checkoutSessionId: payment.checkoutSessionId,
    paymentIntentId: payment.paymentIntentId,
    chargeId: payment.chargeId,
    paidCents: payment.amountCents,
    paidAt: at,
    lastPaymentFailure: null,
  }),
  paymentFailed: (c, { checkoutSessionId, reason }) => ({
    ...c,
    lastPaymentFailure: reason,
    lastFailedSessionId: checkoutSessionId,
  }),
  unexpectedPayment: (
    c,
    {
      checkoutSessionId,
      paymentIntentId,
      chargeId,
      amountCents,
      gatewayEventId,
      reason,
    },
  ) =>
    recordUnexpected(c, {
      checkoutSessionId,
      paymentIntentId,
      chargeId,
      amountCents,
      gatewayEventId,
      reason,
    }),
  unexpectedPaymentRefunded: (c, refund, at) =>
    recordUnexpectedRefund(c, refund, at),
  chargebackOpened: (c, { disputeId, amountCents, reason, heldCents }, at) => ({
    ...c,
    chargebacks: [
      ...c.chargebacks,
      {
        disputeId,
        amountCents,
        reason,
        at,
        ...(heldCents === undefined ? {} : { heldCents }),
        status: 'open',
      },
    ],
  }),
  chargebackClosed: (c, { disputeId, outcome, reason }, at) => ({
    ...c,
    chargebacks: c.chargebacks.map((cb) =>
      cb.disputeId === disputeId && cb.status === 'open'
        ? { ...cb, status: outcome, closedAt: at, outcomeReason: reason }
        : cb,
    ),
  }),
  splitRequested: (
    c,
    {
      creatorCents,
      refundCents,
      feeKeptCents,
      chargedCents,
      transferKey,
      refundKey,
    },
    at,
    meta,
  ) => ({
    ...c,
    split: {
      creatorCents,
      refundCents,
      feeKeptCents,
      chargedCents,
      transferKey,
      refundKey,
      transfer: 'pending',
      refund: 'pending',
      transferId: null,
      refundId: null,
      transferFailure: null,
      refundFailure: null,
      requestedAt: at,
      requestedBy: meta.actor?.id ?? null,
    },
  }),
  // The failure stays on record until the part succeeds; the part is asked for again.
  splitRetried: (c, { part }) => ({
    ...c,
    split: { ...c.split!, [part]: 'pending' },
  }),
  splitTransferred: (c, { transferId }) => recordSplitTransfer(c, transferId),
  splitTransferFailed: (c, failure, at) =>
    failedPart(c, 'transfer', failure, at),
  splitRefunded: (c, { refundId }) => recordSplitRefund(c, refundId),
  splitRefundFailed: (c, failure, at) => failedPart(c, 'refund', failure, at),
};

/**
 * Records what an escrow event says in the ledger fields both aggregates share: checkout sessions,
 * the payment, a failed payment, a payment to refund and its refund, a chargeback. The event is
 * recognised by its role in `names`; an aggregate's context adds its own fields after this.
 */
export function evolveEscrow<C extends EscrowLedger>(
  c: C,
  event: { type: string; data: unknown; metadata: FoldMeta },
  names: EscrowEventNames,
): C {
  const role = escrowRole(names, event.type);
  if (role === null || !(role in folds))
    throw new Error(`${event.type} is not an escrow event of this aggregate`);
  const fold = folds[role as FoldedRole] as <L extends EscrowLedger>(
    c: L,
    data: unknown,
    at: string,
    meta: FoldMeta,
  ) => L;
  return fold(c, event.data, event.metadata.at, event.metadata);
}
