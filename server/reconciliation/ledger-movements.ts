import type { MovementKind } from '../payments/gateway/payment-gateway';

/** One money movement as the ledger recorded it (an outcome event naming the gateway's object). */
export interface LedgerMovement {
  kind: MovementKind;
  /** Ids the gateway knows it by (a charge: its charge and payment intent); any one matches. */
  ids: string[];
  amountCents: number;
  /** When the ledger recorded it (the event's `at`). */
  at: string;
  streamId: string;
  eventType: string;
}

/** A money intent no outcome has answered yet. */
export interface OpenIntent {
  streamId: string;
  eventType: string;
  key: string;
  amountCents: number;
  at: string;
}

export interface LedgerEvent {
  streamId: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

type Data = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const cents = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** Intent event → the outcome types that answer it (success or refusal), and how both name it. */
const intentRules: Record<string, { slot: (d: Data) => string; answeredBy: Record<string, (d: Data) => string> }> = {
  FundsReleaseRequested: { slot: () => 'release', answeredBy: { FundsReleased: () => 'release', TransferFailed: () => 'release' } },
  RefundRequested: { slot: () => 'refund', answeredBy: { DealRefunded: () => 'refund', RefundFailed: () => 'refund' } },
  PaymentRequestPayoutRequested: {
    slot: () => 'payout',
    answeredBy: { PaymentRequestCompleted: () => 'payout', PaymentRequestPayoutFailed: () => 'payout' },
  },
  UnexpectedPaymentReceived: {
    slot: (d) => `unexpected:${String(d.checkoutSessionId)}`,
    answeredBy: { DuplicatePaymentRefunded: (d) => `unexpected:${String(d.checkoutSessionId)}` },
  },
  PaymentRequestUnexpectedPaymentReceived: {
    slot: (d) => `unexpected:${String(d.checkoutSessionId)}`,
    answeredBy: { PaymentRequestDuplicatePaymentRefunded: (d) => `unexpected:${String(d.checkoutSessionId)}` },
  },
};
const answers = new Map<string, (d: Data) => string>(Object.values(intentRules).flatMap((r) => Object.entries(r.answeredBy)));

/**
 * Folds the store's events into the money movements the ledger recorded and the intents still
 * without an outcome. Pure: the reconciliation compares its answer with the gateway's records.
 */
export function createLedgerFold() {
  const movements: LedgerMovement[] = [];
  const open = new Map<string, OpenIntent>();
  /** Per stream: what was transferred (a refund reverses it), what the last payout asked, which sessions were charged. */
  const transferred = new Map<string, number>();
  const payoutAsked = new Map<string, number>();
  const charged = new Set<string>();

  const move = (e: LedgerEvent, kind: MovementKind, ids: (string | null)[], amountCents: number) => {
    const known = ids.filter((id): id is string => id !== null);
    if (known.length === 0) return;
    movements.push({ kind, ids: known, amountCents, at: atOf(e), streamId: e.streamId, eventType: e.type });
  };

  function movementOf(e: LedgerEvent, d: Data): void {
    switch (e.type) {
      case 'PaymentSucceeded':
      case 'PaymentRequestPaid':
      case 'UnexpectedPaymentReceived':
      case 'PaymentRequestUnexpectedPaymentReceived':
        charged.add(`${e.streamId}:${String(d.checkoutSessionId)}`);
        return move(e, 'charge', [text(d.chargeId), text(d.paymentIntentId)], cents(d.amountCents));
      case 'DuplicatePaymentRefunded':
      case 'PaymentRequestDuplicatePaymentRefunded':
        // Older history recorded an extra payment only with its refund: the charge is implied.
        if (!charged.has(`${e.streamId}:${String(d.checkoutSessionId)}`)) move(e, 'charge', [text(d.paymentIntentId)], cents(d.amountCents));
        return move(e, 'refund', [text(d.refundId)], cents(d.amountCents));
      case 'FundsReleased':
        transferred.set(e.streamId, (transferred.get(e.streamId) ?? 0) + cents(d.amountCents));
        return move(e, 'transfer', [text(d.transferId)], cents(d.amountCents));
      case 'DealRefunded':
        if (text(d.transferReversalId)) move(e, 'transfer_reversal', [text(d.transferReversalId)], transferred.get(e.streamId) ?? 0);
        transferred.set(e.streamId, 0);
        return move(e, 'refund', [text(d.refundId)], cents(d.amountCents));
      case 'PaymentRequestPayoutRequested':
        payoutAsked.set(e.streamId, cents(d.amountCents));
        return;
      case 'PaymentRequestCompleted':
        return move(e, 'payout', [text(d.transferId)], payoutAsked.get(e.streamId) ?? 0);
      case 'ChargebackOpened':
      case 'PaymentRequestChargebackOpened':
        return move(e, 'dispute', [text(d.disputeId)], cents(d.amountCents));
    }
  }

  return {
    add(e: LedgerEvent): void {
      if (!e.streamId.startsWith('deal-') && !e.streamId.startsWith('payment-request-')) return;
      const d = (e.data ?? {}) as Data;
      movementOf(e, d);
      const rule = intentRules[e.type];
      if (rule)
        open.set(`${e.streamId}#${rule.slot(d)}`, {
          streamId: e.streamId,
          eventType: e.type,
          key: text(d.key) ?? rule.slot(d),
          amountCents: cents(d.amountCents),
          at: atOf(e),
        });
      const answer = answers.get(e.type);
      if (answer) open.delete(`${e.streamId}#${answer(d)}`);
    },
    result: () => ({ movements, openIntents: [...open.values()] }),
  };
}

const atOf = (e: LedgerEvent): string => String((e.metadata as { at?: unknown } | null)?.at ?? '');
