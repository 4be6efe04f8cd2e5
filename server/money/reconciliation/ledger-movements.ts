import type { MovementKind } from '../gateway/payment-gateway';

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

/** A charge the ledger recorded without any id the gateway knows it by: it cannot be matched or refunded. */
export interface UnidentifiedCharge {
  streamId: string;
  eventType: string;
  /** The checkout session it names (or the event type, when it names none). */
  reference: string;
  amountCents: number;
  at: string;
}

/** A money intent no outcome has answered yet. */
export interface OpenIntent {
  streamId: string;
  eventType: string;
  key: string;
  amountCents: number;
  at: string;
  /** What the intent moves, where its event type does not say (a split asks for a transfer and a refund). */
  kind?: MovementKind;
}

export interface LedgerEvent {
  streamId: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

type Data = Record<string, unknown>;
const text = (v: unknown): string | null =>
  typeof v === 'string' && v.length > 0 ? v : null;
const cents = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** One effect an intent asks for: its slot (what answers it names), and where the intent's own fields do not say, its key, amount and kind. */
interface Opened {
  slot: string;
  key?: string;
  amountCents?: number;
  kind?: MovementKind;
}

/** A split asks for two effects; a retry asks again for one, under the part's own key. */
const splitParts = (d: Data): Opened[] => [
  {
    slot: 'split:transfer',
    key: String(d.transferKey),
    amountCents: cents(d.creatorCents),
    kind: 'transfer',
  },
  {
    slot: 'split:refund',
    key: String(d.refundKey),
    amountCents: cents(d.refundCents),
    kind: 'refund',
  },
];

/** Intent event → the outcome types that answer it (success or refusal), and how both name it. */
const intentRules: Record<
  string,
  {
    slot: (d: Data) => string | Opened[];
    answeredBy: Record<string, (d: Data) => string>;
  }
> = {
  FundsReleaseRequested: {
    slot: () => 'release',
    answeredBy: {
      FundsReleased: () => 'release',
      TransferFailed: () => 'release',
    },
  },
  RefundRequested: {
    slot: () => 'refund',
    answeredBy: { DealRefunded: () => 'refund', RefundFailed: () => 'refund' },
  },
  PaymentRequestPayoutRequested: {
    slot: () => 'payout',
    answeredBy: {
      PaymentRequestCompleted: () => 'payout',
      PaymentRequestPayoutFailed: () => 'payout',
    },
  },
  DealSplitRequested: {
    slot: splitParts,
    answeredBy: {
      SplitTransferSucceeded: () => 'split:transfer',
      SplitTransferFailed: () => 'split:transfer',
      SplitRefundSucceeded: () => 'split:refund',
      SplitRefundFailed: () => 'split:refund',
    },
  },
  // Read with the split it retries (its keys and amounts), see `add`.
  DealSplitRetried: {
    slot: (d) =>
      splitParts(d).filter((o) => o.slot === `split:${String(d.part)}`),
    answeredBy: {},
  },
  UnexpectedPaymentReceived: {
    slot: (d) => `unexpected:${String(d.checkoutSessionId)}`,
    answeredBy: {
      DuplicatePaymentRefunded: (d) =>
        `unexpected:${String(d.checkoutSessionId)}`,
    },
  },
  PaymentRequestUnexpectedPaymentReceived: {
    slot: (d) => `unexpected:${String(d.checkoutSessionId)}`,
    answeredBy: {
      PaymentRequestDuplicatePaymentRefunded: (d) =>
        `unexpected:${String(d.checkoutSessionId)}`,
    },
  },
};
const answers = new Map<string, (d: Data) => string>(
  Object.values(intentRules).flatMap((r) => Object.entries(r.answeredBy)),
);

/** Opens the intents the event states (one per slot) and closes the one it answers. */
function trackIntents(
  open: Map<string, OpenIntent>,
  e: LedgerEvent,
  d: Data,
): void {
  const rule = intentRules[e.type];
  const slots = rule ? rule.slot(d) : [];
  for (const o of typeof slots === 'string' ? [{ slot: slots }] : slots) {
    open.set(`${e.streamId}#${o.slot}`, {
      streamId: e.streamId,
      eventType: e.type,
      key: o.key ?? text(d.key) ?? o.slot,
      amountCents: o.amountCents ?? cents(d.amountCents),
      at: atOf(e),
      ...(o.kind ? { kind: o.kind } : {}),
    });
  }
  const answer = answers.get(e.type);
  if (answer) open.delete(`${e.streamId}#${answer(d)}`);
}

const unidentifiedOf = (e: LedgerEvent, d: Data): UnidentifiedCharge => ({
  streamId: e.streamId,
  eventType: e.type,
  reference: text(d.checkoutSessionId) ?? e.type,
  amountCents: cents(d.amountCents),
  at: atOf(e),
});

/** What the fold keeps while it reads: the movements and, per stream, what later events refer to. */
interface FoldState {
  movements: LedgerMovement[];
  unidentified: UnidentifiedCharge[];
  /** Per stream: what was transferred (a refund reverses it), what the last payout asked, which sessions were charged. */
  transferred: Map<string, number>;
  payoutAsked: Map<string, number>;
  charged: Set<string>;
}

function move(
  state: FoldState,
  e: LedgerEvent,
  kind: MovementKind,
  ids: (string | null)[],
  amountCents: number,
): void {
  const known = ids.filter((id): id is string => id !== null);
  if (known.length === 0) return;
  state.movements.push({
    kind,
    ids: known,
    amountCents,
    at: atOf(e),
    streamId: e.streamId,
    eventType: e.type,
  });
}

/** A charge recorded by a payment (or an extra one), with or without the gateway's ids. */
function chargeOf(state: FoldState, e: LedgerEvent, d: Data): void {
  state.charged.add(`${e.streamId}:${String(d.checkoutSessionId)}`);
  if (!text(d.chargeId) && !text(d.paymentIntentId))
    state.unidentified.push(unidentifiedOf(e, d));
  move(
    state,
    e,
    'charge',
    [text(d.chargeId), text(d.paymentIntentId)],
    cents(d.amountCents),
  );
}

function movementOf(state: FoldState, e: LedgerEvent, d: Data): void {
  const { transferred } = state;
  switch (e.type) {
    case 'PaymentSucceeded':
    case 'PaymentRequestPaid':
    case 'UnexpectedPaymentReceived':
    case 'PaymentRequestUnexpectedPaymentReceived':
      return chargeOf(state, e, d);
    case 'DuplicatePaymentRefunded':
    case 'PaymentRequestDuplicatePaymentRefunded':
      // Older history recorded an extra payment only with its refund: the charge is implied.
      if (!state.charged.has(`${e.streamId}:${String(d.checkoutSessionId)}`))
        move(
          state,
          e,
          'charge',
          [text(d.paymentIntentId)],
          cents(d.amountCents),
        );
      return move(state, e, 'refund', [text(d.refundId)], cents(d.amountCents));
    case 'FundsReleased':
      transferred.set(
        e.streamId,
        (transferred.get(e.streamId) ?? 0) + cents(d.amountCents),
      );
      return move(
        state,
        e,
        'transfer',
        [text(d.transferId)],
        cents(d.amountCents),
      );
    case 'DealRefunded': {
      const reversal = text(d.transferReversalId);
      if (reversal)
        move(
          state,
          e,
          'transfer_reversal',
          [reversal],
          transferred.get(e.streamId) ?? 0,
        );
      transferred.set(e.streamId, 0);
      return move(state, e, 'refund', [text(d.refundId)], cents(d.amountCents));
    }
    case 'SplitTransferSucceeded':
      // The creator's part of a split; the brand's refund that follows leaves it in place.
      return move(
        state,
        e,
        'transfer',
        [text(d.transferId)],
        cents(d.amountCents),
      );
    case 'SplitRefundSucceeded':
      return move(state, e, 'refund', [text(d.refundId)], cents(d.amountCents));
    case 'PaymentRequestPayoutRequested':
      state.payoutAsked.set(e.streamId, cents(d.amountCents));
      return;
    case 'PaymentRequestCompleted':
      return move(
        state,
        e,
        'payout',
        [text(d.transferId)],
        state.payoutAsked.get(e.streamId) ?? 0,
      );
    case 'ChargebackOpened':
    case 'PaymentRequestChargebackOpened':
      return move(
        state,
        e,
        'dispute',
        [text(d.disputeId)],
        cents(d.amountCents),
      );
  }
}

/**
 * Folds the store's events into the money movements the ledger recorded and the intents still
 * without an outcome. Pure: the reconciliation compares its answer with the gateway's records.
 */
export function createLedgerFold() {
  const state: FoldState = {
    movements: [],
    unidentified: [],
    transferred: new Map(),
    payoutAsked: new Map(),
    charged: new Set(),
  };
  const open = new Map<string, OpenIntent>();
  /** Per stream: the split asked for, which a retry names only by its part. */
  const splits = new Map<string, Data>();
  return {
    add(e: LedgerEvent): void {
      if (
        !e.streamId.startsWith('deal-') &&
        !e.streamId.startsWith('payment-request-')
      )
        return;
      let d = (e.data ?? {}) as Data;
      if (e.type === 'DealSplitRequested') splits.set(e.streamId, d);
      if (e.type === 'DealSplitRetried')
        d = { ...splits.get(e.streamId), ...d };
      movementOf(state, e, d);
      trackIntents(open, e, d);
    },
    result: () => ({
      movements: state.movements,
      openIntents: [...open.values()],
      unidentified: state.unidentified,
    }),
  };
}

const atOf = (e: LedgerEvent): string =>
  String((e.metadata as { at?: unknown } | null)?.at ?? '');
