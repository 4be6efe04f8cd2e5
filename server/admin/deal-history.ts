import { escrowedCents, type DealContext } from '@machines/deal/deal.context';
import { isAdminReviewHold } from '@machines/deal/hold-reason';
import type { DealEvent } from '@machines/deal/deal.events';
import { milestoneOfEvent } from '@machines/deal/deal-milestone-context';
import type { DisputeMessage } from '@machines/escrow/dispute-message';
import { dealMachine } from '@machines/deal/deal.machine';
import { dealEscrowEvents } from '@machines/escrow/escrow-events';
import {
  balancesOf,
  ledgerLinesOf,
  type LedgerLine,
} from '@machines/escrow/escrow-ledger-lines';
import { postingsOf } from '@machines/escrow/escrow-postings';
import { dealStateView, type DealAction } from '@machines/deal/deal.view';
import { decodeEvent } from '@machines/events/codec';
import type {
  EventText,
  EventTextCode,
  EventTextParams,
} from '@machines/events/event-texts';
import { initialOf, stateKey, step } from '@machines/statechart';
import type { RecordedEvent } from '../event-store/event-store';
import type { ActorNames } from '../deals/actor-names';
import { redactForAdmin } from '../shared/redaction';

/** The deal as it stood right after one event: what the replay slider shows. */
export interface HistoryView {
  status: string;
  step: number | null;
  badge: string;
  onHold: boolean;
  /** The actions the statechart allowed at that moment (judged at the event's own time). */
  can: DealAction[];
  /** Money in escrow then: paid and neither released nor refunded. */
  heldCents: number;
}

export interface HistoryEntry {
  revision: number;
  position: number;
  type: string;
  at: string;
  /** Who did it, as a name (actor-names.ts); never a raw id. */
  actor: { kind: string; name: string };
  correlationId: string;
  /** The event's data under the admin redaction rule. */
  data: unknown;
  /** The machine state after this event, replayed here (not read from metadata) so an auditor can compare. */
  state: string;
  /** The state the writer stamped in metadata when it appended (null for events without one). */
  recordedState: string | null;
  status: string;
  view: HistoryView;
  /** What happened, as a text code and params (the reader's language renders it); automatic steps say why. */
  summary: EventText;
  /** The event's postings in the deal's accounts and every balance after it (the account view). */
  ledger: HistoryLedger;
}

export interface HistoryLedger {
  lines: LedgerLine[];
  /** The gateway's reference for the money this event moved, under the admin redaction rule. */
  reference: string | null;
  balances: ReturnType<typeof balancesOf>;
}

/** The gateway references an event may carry, most specific first. */
const referenceKeys = [
  'transferId',
  'refundId',
  'transferReversalId',
  'chargeId',
  'disputeId',
  'paymentIntentId',
] as const;

/** The first gateway reference in the (already redacted) data of an event that moved money. */
function referenceOf(data: unknown): string | null {
  const d = (data ?? {}) as Record<string, unknown>;
  for (const key of referenceKeys)
    if (typeof d[key] === 'string') return d[key];
  return null;
}

/** Money in escrow for the deal, from the deal's ledger (machines/deal/deal.context.ts). */
export const heldCentsOf = (c: DealContext): number => escrowedCents(c);

type Params = EventTextParams;
const text = (code: EventTextCode, params: Params = {}): EventText => ({
  code,
  params,
});

/** A release intent or outcome: who or what asked for it, and when a period that ran out ended. */
function describeRelease(
  event: Extract<
    DealEvent,
    { type: 'FundsReleaseRequested' | 'FundsReleased' }
  >,
  before: DealContext,
  name: string,
): EventText {
  const { trigger, amountCents } = event.data;
  // A milestone's release ends that milestone's period.
  const periods = milestoneOfEvent(before, event) ?? before;
  const endsAt =
    trigger === 'review_period_elapsed'
      ? periods.reviewPeriodEndsAt
      : trigger === 'dispute_period_elapsed'
        ? periods.disputePeriodEndsAt
        : null;
  return text(`${event.type}.${trigger}`, {
    amountCents,
    name,
    ...(endsAt ? { endsAt } : {}),
  });
}

/** The creator's acceptance: bound to an account, to the accepting browser, or (older deals) to neither. */
function describeAcceptance(
  event: Extract<DealEvent, { type: 'CreatorAccepted' }>,
  name: string,
): EventText {
  if (event.data.claimedByUserId)
    return text('CreatorAccepted.account', { name });
  return text(
    event.data.claimSecretHash
      ? 'CreatorAccepted.browser'
      : 'CreatorAccepted.link',
  );
}

/** Lifting a hold, with the periods' new ends when they moved. */
function describeHoldLifted(
  event: Extract<DealEvent, { type: 'DealReleasedFromHold' }>,
  name: string,
): EventText {
  const { reviewPeriodEndsAt, disputePeriodEndsAt } = event.data;
  if (reviewPeriodEndsAt)
    return text('DealReleasedFromHold.review', {
      name,
      reviewEndsAt: reviewPeriodEndsAt,
    });
  if (disputePeriodEndsAt)
    return text('DealReleasedFromHold.dispute', {
      name,
      disputeEndsAt: disputePeriodEndsAt,
    });
  return text('DealReleasedFromHold', { name });
}

/** Money arriving and leaving outside the happy path: chargebacks, stray payments, refunds. */
function describeMoneyEvent(event: MoneyEvent, before: DealContext): EventText {
  switch (event.type) {
    case 'DealRefunded':
      if (event.data.reason === 'charged_back')
        return text('DealRefunded.chargedBack', {});
      // A milestone's refund leaves the deal running: it says nothing of the deal being cancelled.
      if (event.data.milestone !== undefined)
        return text('DealRefunded.milestone', {
          amountCents: event.data.amountCents,
        });
      return text(
        event.data.transferReversalId
          ? 'DealRefunded.reversed'
          : 'DealRefunded',
        {
          amountCents: event.data.amountCents,
        },
      );
    case 'ChargebackOpened': {
      const held =
        before.hold === null &&
        before.paidAt !== null &&
        before.completedAt === null &&
        before.cancelledAt === null;
      return text(held ? 'ChargebackOpened.held' : 'ChargebackOpened', {
        amountCents: event.data.amountCents,
        reason: event.data.reason,
      });
    }
    case 'ChargebackClosed':
      return text(`ChargebackClosed.${event.data.outcome}`, {
        reason: event.data.reason,
      });
    case 'UnexpectedPaymentReceived':
      return text(`UnexpectedPaymentReceived.${event.data.reason}`, {
        amountCents: event.data.amountCents,
      });
    case 'DuplicatePaymentRefunded':
      return text('DuplicatePaymentRefunded', {
        amountCents: event.data.amountCents,
      });
    case 'RefundFailed':
      return text('RefundFailed', {
        code: event.data.code,
        message: event.data.message,
      });
    case 'TransferFailed':
      return text(`TransferFailed.${event.data.trigger}`, {
        code: event.data.code,
        message: event.data.message,
      });
  }
}

type MoneyEvent = Extract<
  DealEvent,
  {
    type:
      | 'DealRefunded'
      | 'ChargebackOpened'
      | 'ChargebackClosed'
      | 'UnexpectedPaymentReceived'
      | 'DuplicatePaymentRefunded'
      | 'RefundFailed'
      | 'TransferFailed';
  }
>;

/** The opening of a dispute: its reason (and description) and how long the money is held. */
function describeDispute(
  event: Extract<DealEvent, { type: 'DisputeOpened' }>,
): EventText {
  const { reason, description, endsAt } = event.data;
  return description
    ? text('DisputeOpened.described', { reason, description, endsAt })
    : text('DisputeOpened', { reason, endsAt });
}

/** A delivery's note and links as one detail text (the parties' own words; no language of ours in it). */
const deliveryDetails = (data: {
  note?: string | null;
  links?: string[];
}): string =>
  [data.note ?? null, ...(data.links ?? [])]
    .filter((v): v is string => !!v)
    .join(' · ');

/** A delivery, a change request or a redelivery: the revision rounds' history. */
function describeRevision(
  event: Extract<
    DealEvent,
    { type: 'ContentDelivered' | 'ChangesRequested' | 'ContentRedelivered' }
  >,
  before: DealContext,
): EventText {
  if (event.type === 'ChangesRequested')
    return text('ChangesRequested', {
      note: event.data.note,
      round: event.data.round,
      rounds: (milestoneOfEvent(before, event) ?? before).revisionRounds,
    });
  const details = deliveryDetails(event.data);
  if (event.type === 'ContentDelivered')
    return details
      ? text('ContentDelivered.details', { details })
      : text('ContentDelivered');
  const round = event.data.round;
  return details
    ? text('ContentRedelivered.details', { round, details })
    : text('ContentRedelivered', { round });
}

/** A dispute message: who wrote it, its text, and each evidence file with its SHA-256. */
export function describeDisputeMessage(
  data: DisputeMessage,
  name: string,
): EventText {
  const files = data.files
    .map((f) => `${f.name} (SHA-256 ${f.sha256})`)
    .join('; ');
  return files
    ? text(`DisputeMessagePosted.${data.side}.files`, {
        name,
        text: data.text,
        files,
      })
    : text(`DisputeMessagePosted.${data.side}`, { name, text: data.text });
}

/**
 * Why each event happened, as a code and params (machines/events/event-texts.ts); `before` is the
 * deal just before it. An event naming a milestone (a deal with a plan) carries its number, so the
 * text says which milestone it is about.
 */
export function describeDealEvent(
  event: DealEvent,
  before: DealContext,
  name: string,
): EventText {
  const summary = describeEvent(event, before, name);
  const milestone = (event.data as { milestone?: unknown }).milestone;
  return typeof milestone === 'number'
    ? { ...summary, params: { ...summary.params, milestone } }
    : summary;
}

function describeEvent(
  event: DealEvent,
  before: DealContext,
  name: string,
): EventText {
  switch (event.type) {
    case 'DealCreated':
    case 'DealUpdated':
    case 'CheckoutSessionCreated':
    case 'PaymentSucceeded':
    case 'PaymentFailed':
      return describeCheckoutEvent(event, name);
    case 'CreatorAccepted':
      return describeAcceptance(event, name);
    case 'ReviewPeriodStarted':
    case 'ReviewPeriodElapsed':
    case 'DisputePeriodElapsed':
      return text(event.type, { endsAt: event.data.endsAt });
    case 'DisputeOpened':
      return describeDispute(event);
    case 'FundsReleaseRequested':
    case 'FundsReleased':
      return describeRelease(event, before, name);
    case 'RefundRequested':
      return text('RefundRequested', {
        name,
        amountCents: event.data.amountCents,
      });
    case 'CheckoutSessionClosed':
      return text(`CheckoutSessionClosed.${event.data.reason}`);
    case 'DealRefunded':
    case 'ChargebackOpened':
    case 'ChargebackClosed':
    case 'UnexpectedPaymentReceived':
    case 'DuplicatePaymentRefunded':
    case 'RefundFailed':
    case 'TransferFailed':
      return describeMoneyEvent(event, before);
    case 'DealCompletedManually':
      return text('DealCompletedManually', { reason: event.data.reason });
    case 'DealPutOnHold':
      return event.data.source === 'admin' &&
        isAdminReviewHold(event.data.reason)
        ? text('DealPutOnHold.adminReview', { name })
        : text(`DealPutOnHold.${event.data.source}`, {
            name,
            reason: event.data.reason,
          });
    case 'DealReleasedFromHold':
      return describeHoldLifted(event, name);
    case 'DealNoteAdded':
      return text('DealNoteAdded', { name, note: event.data.note });
    case 'DisputeMessagePosted':
      return describeDisputeMessage(event.data, name);
    case 'ContentDelivered':
    case 'ChangesRequested':
    case 'ContentRedelivered':
      return describeRevision(event, before);
    case 'ShareLinkGenerated':
    case 'ShareLinkRotated':
    case 'BankOnboardingStarted':
    case 'BankAccountConnected':
    case 'DealDeleted':
      return text(event.type);
    default:
      return describeSplitEvent(event, name);
  }
}

type CheckoutEvent = Extract<
  DealEvent,
  {
    type:
      | 'DealCreated'
      | 'DealUpdated'
      | 'CheckoutSessionCreated'
      | 'PaymentSucceeded'
      | 'PaymentFailed';
  }
>;

/** The deal's creation, its amount's change and the brand's checkout and payment. */
function describeCheckoutEvent(event: CheckoutEvent, name: string): EventText {
  switch (event.type) {
    case 'DealCreated':
      return text('DealCreated', {
        name,
        amountCents: event.data.amountCents,
        totalCents: event.data.totalCents,
      });
    case 'DealUpdated':
      return text('DealUpdated', { amountCents: event.data.amountCents });
    case 'CheckoutSessionCreated':
      return text('CheckoutSessionCreated', {
        totalCents: event.data.totalCents,
      });
    case 'PaymentSucceeded':
      return event.data.method
        ? text('PaymentSucceeded', {
            amountCents: event.data.amountCents,
            method: event.data.method,
          })
        : text('PaymentSucceeded.noMethod', {
            amountCents: event.data.amountCents,
          });
    case 'PaymentFailed':
      return text('PaymentFailed', { reason: event.data.reason });
  }
}

type SplitEvent = Extract<
  DealEvent,
  {
    type:
      | 'DealSplitRequested'
      | 'DealSplitRetried'
      | 'SplitTransferSucceeded'
      | 'SplitTransferFailed'
      | 'SplitRefundSucceeded'
      | 'SplitRefundFailed';
  }
>;

/** A split outcome's events. */
function describeSplitEvent(event: SplitEvent, name: string): EventText {
  switch (event.type) {
    case 'DealSplitRequested': {
      const d = event.data;
      return text(
        d.milestone === undefined
          ? 'DealSplitRequested'
          : 'DealSplitRequested.milestone',
        {
          name,
          creatorCents: d.creatorCents,
          refundCents: d.refundCents,
          feeKeptCents: d.feeKeptCents,
          chargedCents: d.chargedCents,
        },
      );
    }
    case 'DealSplitRetried':
      return text(`DealSplitRetried.${event.data.part}`, { name });
    case 'SplitTransferSucceeded':
    case 'SplitRefundSucceeded':
      return text(event.type, { amountCents: event.data.amountCents });
    case 'SplitTransferFailed':
    case 'SplitRefundFailed':
      return text(event.type, {
        code: event.data.code,
        message: event.data.message,
      });
  }
}

/**
 * Replays a deal's stream through the statechart's one fold step (machines/statechart.ts),
 * recording after every event the state, the view an admin scrubs through and why it happened.
 */
export function dealHistory(
  recorded: RecordedEvent[],
  actorName: ActorNames,
): HistoryEntry[] {
  let snapshot = initialOf(dealMachine);
  return recorded.map((r) => {
    const event = decodeEvent(r) as DealEvent;
    const before = snapshot.context;
    snapshot = step(dealMachine, snapshot, event);
    const view = dealStateView(snapshot, event.metadata.at);
    const name = actorName(event.metadata.actor);
    const data = redactForAdmin(event.data);
    const lines = ledgerLinesOf(
      before.accounts,
      postingsOf(before, event, dealEscrowEvents),
    );
    return {
      revision: r.revision,
      position: r.position,
      type: r.type,
      at: event.metadata.at,
      actor: { kind: event.metadata.actor.kind, name },
      correlationId: event.metadata.correlationId,
      data,
      state: stateKey(snapshot.value),
      recordedState: event.metadata.state ?? null,
      status: view.status,
      view: {
        status: view.status,
        step: view.step,
        badge: view.badge,
        onHold: view.onHold,
        can: view.can,
        heldCents: heldCentsOf(snapshot.context),
      },
      summary: describeDealEvent(event, before, name),
      ledger: {
        lines,
        reference: lines.length > 0 ? referenceOf(data) : null,
        balances: balancesOf(snapshot.context.accounts),
      },
    };
  });
}

const disputeTypes = new Set([
  'CreatorAccepted',
  'ShareLinkRotated',
  'ContentDelivered',
  'ChangesRequested',
  'ContentRedelivered',
  'ReviewPeriodStarted',
  'DisputeOpened',
  'DealPutOnHold',
  'DealReleasedFromHold',
  'DisputePeriodElapsed',
  'FundsReleaseRequested',
  'FundsReleased',
  'TransferFailed',
  'DealCompletedManually',
  'RefundRequested',
  'RefundFailed',
  'DealRefunded',
  'ChargebackOpened',
  'ChargebackClosed',
  'UnexpectedPaymentReceived',
  'DuplicatePaymentRefunded',
  'DealNoteAdded',
  'DisputeMessagePosted',
  'DealSplitRequested',
  'DealSplitRetried',
  'SplitTransferSucceeded',
  'SplitTransferFailed',
  'SplitRefundSucceeded',
  'SplitRefundFailed',
  // A payment request's events with the same meaning.
  'PaymentRequestDelivered',
  'PaymentRequestReviewElapsed',
  'PaymentRequestDisputeOpened',
  'PaymentRequestDisputeElapsed',
  'PaymentRequestDisputeMessagePosted',
  'PaymentRequestPayoutRequested',
  'PaymentRequestPayoutDeferred',
  'PaymentRequestPayoutFailed',
  'PaymentRequestCompleted',
  'PaymentRequestChargebackOpened',
  'PaymentRequestChargebackClosed',
  'PaymentRequestHoldReleased',
  'PaymentRequestUnexpectedPaymentReceived',
  'PaymentRequestDuplicatePaymentRefunded',
  'PaymentRequestRefundRequested',
  'PaymentRequestRefunded',
  'PaymentRequestRefundFailed',
  'PaymentRequestSplitRequested',
  'PaymentRequestSplitRetried',
  'PaymentRequestSplitTransferSucceeded',
  'PaymentRequestSplitTransferFailed',
  'PaymentRequestSplitRefundSucceeded',
  'PaymentRequestSplitRefundFailed',
]);

/** What the dispute page reads of one event, the same for a deal's history and a payment request's. */
export type DisputeHistoryEntry = Pick<
  HistoryEntry,
  'type' | 'at' | 'actor' | 'data' | 'status' | 'summary'
> & { view: Pick<HistoryView, 'onHold'> };

export interface DisputeTimelineEntry {
  at: string;
  type: string;
  actor: { kind: string; name: string };
  status: string;
  summary: EventText;
}

/** The dispute-relevant part of the history (with admins' notes), in words an auditor can read. */
export function disputeTimeline(
  history: DisputeHistoryEntry[],
): DisputeTimelineEntry[] {
  return history
    .filter((e) => disputeTypes.has(e.type))
    .map((e) => ({
      at: e.at,
      type: e.type,
      actor: e.actor,
      status: e.status,
      summary: e.summary,
    }));
}
