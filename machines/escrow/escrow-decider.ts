import type { ActionCode } from '../errors/action-texts';
import { DomainError } from '../command-error';
import type { EventMetadata } from '../events/metadata';
import { probeMetadata } from '../events/probe';
import { availableOf } from './escrow-accounts';
import type { EscrowEventNames } from './escrow-events';
import {
  chargedBackEnd,
  intentRefusal,
  writtenOffByChargeback,
} from './escrow-limits';
import {
  alreadyRecorded,
  failedSplitParts,
  pendingSplitPart,
  unexpectedReason,
  unexpectedRefundData,
  type ConfirmedPayment,
  type EscrowLedger,
} from './escrow-ledger';

/**
 * The escrow's commands and the decider helpers both aggregates use: what a command is refused
 * with, whether the statechart would take a draft, and the decisions about checkout sessions,
 * confirmed and failed payments, payments to refund and chargebacks, written once. Each
 * aggregate describes itself in an `EscrowKind`; its decider dispatches these commands here.
 */

/** The commands of the money lifecycle, the same for a deal and a payment request. */
export type EscrowCommand =
  | {
      type: 'RecordCheckoutSession';
      sessionId: string;
      totalCents: number;
      gateway: 'stripe' | 'simulated';
    }
  | { type: 'ConfirmPayment'; payment: ConfirmedPayment }
  | {
      type: 'RecordPaymentFailure';
      checkoutSessionId: string;
      reason: string;
      gatewayEventId: string;
    }
  | { type: 'RecordTransfer'; key: string; transferId: string }
  | {
      type: 'RecordTransferFailure';
      key: string;
      code: string;
      message: string;
    }
  | {
      type: 'RecordUnexpectedPaymentRefund';
      checkoutSessionId: string;
      refundId: string;
    }
  | {
      type: 'RecordChargeback';
      disputeId: string;
      amountCents: number;
      reason: string;
      gatewayEventId: string;
    }
  | {
      type: 'RecordChargebackOutcome';
      disputeId: string;
      outcome: 'won' | 'lost';
      reason: string;
      gatewayEventId: string;
    };

/** The snapshot of an escrow aggregate's statechart, as far as the helpers need it. */
export interface EscrowSnapshot<C extends EscrowLedger = EscrowLedger> {
  context: C;
  can(event: never): boolean;
}

export interface EscrowDraft {
  type: string;
  data: unknown;
  id?: string;
}

/** How one aggregate plays the escrow: its name, its event names, its status and what it charges. */
export interface EscrowKind<S extends EscrowSnapshot, D extends EscrowDraft> {
  /** As refusals name it: "Cannot … while the deal is …". */
  noun: 'deal' | 'payment request';
  events: EscrowEventNames;
  status(snapshot: S): string;
  /** The status in which a payment can fund it. */
  awaitingPayment: string;
  /** The statuses in which the escrow holds the charge (a limit can say why a payout is refused). */
  holding: readonly string[];
  /** Why a payment arriving once it is no longer awaiting payment (and not paid) is refunded. */
  closedReason: string;
  /** What a checkout must charge now (null: nothing is due). */
  dueCents(snapshot: S): number | null;
  /** The refusal of a session that does not charge what is due (the terms changed meanwhile). */
  checkoutChanged(): DomainError;
  /** The drafts a command of this kind would append (the kind's event types are its own). */
  draft(type: string, data: unknown): D;
  /** The snapshot after the statechart takes `draft` (for a decision of two events, the second judged after the first). */
  next(snapshot: S, draft: D, now: string): S;
}

/** One named function per command: the decider dispatches, as Emmett's `businessLogic.ts` does. */
export type Deciders<C extends { type: string }, S, D> = {
  [T in C['type']]: (
    command: Extract<C, { type: T }>,
    snapshot: S,
    now: string,
  ) => D[];
};

export function dispatch<C extends { type: string }, S, D>(
  deciders: Deciders<C, S, D>,
  command: C,
  snapshot: S,
  now: string,
): D[] {
  const decide = deciders[command.type as C['type']] as (
    command: C,
    snapshot: S,
    now: string,
  ) => D[];
  return decide(command, snapshot, now);
}

/** Would the statechart take this draft now? */
export function canTake(
  snapshot: EscrowSnapshot,
  draft: EscrowDraft,
  now: string,
): boolean {
  return snapshot.can({
    ...draft,
    metadata: probeMetadata(now) as EventMetadata,
  } as never);
}

export function refused<S extends EscrowSnapshot>(
  kind: EscrowKind<S, EscrowDraft>,
  snapshot: S,
  action: ActionCode,
): DomainError {
  const status = kind.status(snapshot);
  return new DomainError(
    kind.noun === 'deal' ? 'deal_not_in_state' : 'payment_request_not_in_state',
    { action, status },
  );
}

/**
 * Why an intent the statechart refuses cannot pay out, when the escrow holds the charge and no
 * other effect is under way: an open chargeback, or more than the escrow holds (escrow-limits.ts).
 */
export function limitRefusal<S extends EscrowSnapshot>(
  kind: EscrowKind<S, EscrowDraft>,
  snapshot: S,
  draft: EscrowDraft,
): DomainError | null {
  const c = snapshot.context;
  if (
    !kind.holding.includes(kind.status(snapshot)) ||
    Object.keys(c.accounts.pending).length > 0
  )
    return null;
  const code = intentRefusal(c, draft, kind.events);
  return code === null ? null : new DomainError(code);
}

/** The drafts, if the statechart takes the first now; else a refusal for `action`. */
export function only<S extends EscrowSnapshot, D extends EscrowDraft>(
  kind: EscrowKind<S, D>,
  snapshot: S,
  now: string,
  action: ActionCode,
  ...drafts: D[]
): D[] {
  // Only the first is probed: later drafts of one command depend on the first being applied, and the bus checks each.
  if (!canTake(snapshot, drafts[0]!, now))
    throw (
      limitRefusal(kind, snapshot, drafts[0]!) ??
      refused(kind, snapshot, action)
    );
  return drafts;
}

/** Closing the open session comes first, so it is recorded while the aggregate can still take it. */
export function closeOpenSession<
  S extends EscrowSnapshot,
  D extends EscrowDraft,
>(kind: EscrowKind<S, D>, snapshot: S, reason: string): D[] {
  const open = snapshot.context.openSession;
  return open
    ? [
        kind.draft(kind.events.checkoutClosed, {
          sessionId: open.sessionId,
          reason,
        }),
      ]
    : [];
}

type EscrowCommandOf<T extends EscrowCommand['type']> = Extract<
  EscrowCommand,
  { type: T }
>;

/** Records the session the gateway opened, if it charges what is due now; a retried click's session is recorded once. */
function recordCheckoutSession<S extends EscrowSnapshot, D extends EscrowDraft>(
  kind: EscrowKind<S, D>,
  snapshot: S,
  command: EscrowCommandOf<'RecordCheckoutSession'>,
) {
  if (kind.status(snapshot) !== kind.awaitingPayment)
    throw refused(kind, snapshot, 'start_payment');
  if (snapshot.context.openSession?.sessionId === command.sessionId) return [];
  if (command.totalCents !== kind.dueCents(snapshot))
    throw kind.checkoutChanged();
  const { sessionId, totalCents, gateway } = command;
  return [
    ...closeOpenSession(kind, snapshot, 'replaced'),
    kind.draft(kind.events.checkoutOpened, { sessionId, totalCents, gateway }),
  ];
}

/** A confirmed payment funds the escrow only for its open session and the exact total; anything else is refunded. */
function confirmPayment<S extends EscrowSnapshot, D extends EscrowDraft>(
  kind: EscrowKind<S, D>,
  snapshot: S,
  payment: ConfirmedPayment,
  now: string,
) {
  // A redelivery of a payment already recorded (funding, or to be refunded) changes nothing.
  if (alreadyRecorded(snapshot.context, payment.checkoutSessionId)) return [];
  const paid = kind.draft(kind.events.paid, payment);
  if (canTake(snapshot, paid, now)) return [paid];
  const reason = unexpectedReason(
    snapshot.context,
    payment.checkoutSessionId,
    kind.status(snapshot) === kind.awaitingPayment,
  );
  return [
    kind.draft(kind.events.unexpectedPayment, {
      ...payment,
      reason: reason === 'closed' ? kind.closedReason : reason,
    }),
  ];
}

/** A draft the statechart may not take (stale, repeated, another account) is ignored, not an error. */
const ifTaken = <D extends EscrowDraft>(
  snapshot: EscrowSnapshot,
  draft: D,
  now: string,
): D[] => (canTake(snapshot, draft, now) ? [draft] : []);

/**
 * The end of an escrow a lost chargeback emptied (escrow-limits.ts): the refund outcome with the
 * reason `charged_back`, which moves nothing and asks nothing of the gateway; [] when the escrow
 * still holds something or the statechart would not end here (the deal or request ended before).
 */
export function chargebackEnd<S extends EscrowSnapshot, D extends EscrowDraft>(
  kind: EscrowKind<S, D>,
  snapshot: S,
  now: string,
  disputeId?: string,
): D[] {
  if (!writtenOffByChargeback(snapshot.context)) return [];
  const end = kind.draft(
    kind.events.refunded!,
    chargedBackEnd(snapshot.context, disputeId),
  );
  return ifTaken(snapshot, end, now);
}

/** A chargeback's outcome, and when it was lost for all the escrow held, the end that follows it. */
function chargebackOutcome<S extends EscrowSnapshot, D extends EscrowDraft>(
  kind: EscrowKind<S, D>,
  snapshot: S,
  command: EscrowCommandOf<'RecordChargebackOutcome'>,
  now: string,
): D[] {
  const { disputeId, outcome, reason, gatewayEventId } = command;
  // An outcome for a chargeback not recorded, or already closed (a redelivery), changes nothing.
  const open = snapshot.context.chargebacks.some(
    (cb) => cb.disputeId === disputeId && cb.status === 'open',
  );
  const closed = kind.draft(kind.events.chargebackClosed, {
    disputeId,
    outcome,
    reason,
    gatewayEventId,
  });
  if (!open || !canTake(snapshot, closed, now)) return [];
  if (outcome === 'won') return [closed];
  const after = kind.next(snapshot, closed, now);
  return [closed, ...chargebackEnd(kind, after, now, disputeId)];
}

/** The escrow commands whose decision is the same for both aggregates. */
export function decideEscrow<S extends EscrowSnapshot, D extends EscrowDraft>(
  kind: EscrowKind<S, D>,
  command: Exclude<
    EscrowCommand,
    { type: 'RecordTransfer' | 'RecordTransferFailure' }
  >,
  snapshot: S,
  now: string,
): D[] {
  const c = snapshot.context;
  switch (command.type) {
    case 'RecordCheckoutSession':
      return recordCheckoutSession(kind, snapshot, command);
    case 'ConfirmPayment':
      return confirmPayment(kind, snapshot, command.payment, now);
    case 'RecordPaymentFailure': {
      const { checkoutSessionId, reason, gatewayEventId } = command;
      // Only the open session's first failure counts; a stale or repeated one changes nothing.
      return ifTaken(
        snapshot,
        kind.draft(kind.events.paymentFailed, {
          checkoutSessionId,
          reason,
          gatewayEventId,
        }),
        now,
      );
    }
    case 'RecordUnexpectedPaymentRefund': {
      const data = unexpectedRefundData(c, command);
      return data
        ? [kind.draft(kind.events.unexpectedPaymentRefunded, data)]
        : [];
    }
    case 'RecordChargeback': {
      if (c.chargebacks.some((cb) => cb.disputeId === command.disputeId))
        return [];
      const { disputeId, amountCents, reason, gatewayEventId } = command;
      // What the escrow still holds of it moves to disputed funds; the rest was paid out already.
      const heldCents = Math.min(
        amountCents,
        Math.max(0, availableOf(c.accounts, 'escrow')),
      );
      return ifTaken(
        snapshot,
        kind.draft(kind.events.chargebackOpened, {
          disputeId,
          amountCents,
          reason,
          gatewayEventId,
          heldCents,
        }),
        now,
      );
    }
    case 'RecordChargebackOutcome':
      return chargebackOutcome(kind, snapshot, command, now);
  }
}

/** A gateway answer to one part of a split. */
export interface SplitAnswer {
  transferId?: string;
  refundId?: string;
  code?: string;
  message?: string;
}

/**
 * A gateway answer for the part of the split that waits for it, as the outcome event; [] when the
 * key is the split's but its part is answered already, null when the key is not the split's.
 */
export function splitOutcome<S extends EscrowSnapshot, D extends EscrowDraft>(
  kind: EscrowKind<S, D>,
  snapshot: S,
  key: string,
  answer: SplitAnswer,
): D[] | null {
  const split = snapshot.context.split;
  const part = pendingSplitPart(split, key);
  if (split === null || part === null)
    return split !== null &&
      (split.transferKey === key || split.refundKey === key)
      ? []
      : null;
  const names = kind.events;
  if (answer.code !== undefined) {
    const failure = { code: answer.code, message: answer.message ?? '', key };
    return [
      kind.draft(
        (part === 'transfer'
          ? names.splitTransferFailed
          : names.splitRefundFailed)!,
        failure,
      ),
    ];
  }
  return [
    part === 'transfer'
      ? kind.draft(names.splitTransferred!, {
          transferId: answer.transferId!,
          amountCents: split.creatorCents,
          key,
        })
      : kind.draft(names.splitRefunded!, {
          refundId: answer.refundId!,
          amountCents: split.refundCents,
          key,
        }),
  ];
}

/** Asks again for the refused parts of a split, under their original keys. */
export function retrySplit<S extends EscrowSnapshot, D extends EscrowDraft>(
  kind: EscrowKind<S, D>,
  snapshot: S,
  now: string,
): D[] {
  const split = snapshot.context.split;
  const parts = failedSplitParts(split);
  if (split === null || parts.length === 0)
    throw new DomainError('split_nothing_to_retry', {
      status: kind.status(snapshot),
    });
  const drafts = parts.map((part) =>
    kind.draft(kind.events.splitRetried!, {
      part,
      key: part === 'transfer' ? split.transferKey : split.refundKey,
    }),
  );
  return only(kind, snapshot, now, 'retry_split', ...drafts);
}

/** The helpers bound to one aggregate's kind, as its decider uses them. */
export function escrowDecider<S extends EscrowSnapshot, D extends EscrowDraft>(
  kind: EscrowKind<S, D>,
) {
  return {
    refused: (snapshot: S, action: ActionCode) =>
      refused(kind, snapshot, action),
    only: (snapshot: S, now: string, action: ActionCode, ...drafts: D[]) =>
      only(kind, snapshot, now, action, ...drafts),
    limitRefusal: (snapshot: S, draft: D) =>
      limitRefusal(kind, snapshot, draft),
    canTake: (snapshot: S, draft: D, now: string) =>
      canTake(snapshot, draft, now),
    closeOpenSession: (snapshot: S, reason: string) =>
      closeOpenSession(kind, snapshot, reason),
    splitOutcome: (snapshot: S, key: string, answer: SplitAnswer) =>
      splitOutcome(kind, snapshot, key, answer),
    retrySplit: (snapshot: S, now: string) => retrySplit(kind, snapshot, now),
    chargebackEnd: (snapshot: S, now: string) =>
      chargebackEnd(kind, snapshot, now),
    /** Decides an escrow command of this kind (RecordCheckoutSession, ConfirmPayment, ...). */
    decide: (
      command: Parameters<typeof decideEscrow>[1],
      snapshot: S,
      now: string,
    ) => decideEscrow(kind, command, snapshot, now),
  };
}
