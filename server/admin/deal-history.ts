import { escrowedCents, type DealContext } from '@machines/deal/deal.context';
import type { DealEvent } from '@machines/deal/deal.events';
import { dealMachine } from '@machines/deal/deal.machine';
import { dealStateView, type DealAction } from '@machines/deal/deal.view';
import { decodeEvent } from '@machines/events/codec';
import { centsToDecimal } from '@machines/money';
import { initialOf, stateKey, step } from '@machines/statechart';
import type { RecordedEvent } from '../event-store/event-store';
import type { ActorNames } from './actor-names';
import { redactForAdmin } from './admin-redaction';

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
  /** What happened, in words; automatic steps say why. */
  summary: string;
}

/** Money in escrow for the deal, from the deal's ledger (machines/deal/deal.context.ts). */
export const heldCentsOf = (c: DealContext): number => escrowedCents(c);

const euro = (cents: number) => `€${centsToDecimal(cents)}`;

/** A release intent: who or what asked for it. */
function describeReleaseRequest(
  event: Extract<DealEvent, { type: 'FundsReleaseRequested' }>,
  before: DealContext,
  actorName: string,
): string {
  const amount = euro(event.data.amountCents);
  switch (event.data.trigger) {
    case 'brand':
      return `The brand approved: release of ${amount} to the creator requested.`;
    case 'admin':
      return `Admin ${actorName} asked to release ${amount} to the creator.`;
    case 'review_period_elapsed':
      return `Release of ${amount} requested automatically: review period ended at ${before.reviewPeriodEndsAt ?? 'its deadline'}.`;
    case 'dispute_period_elapsed':
      return `Release of ${amount} requested automatically: dispute period ended at ${before.disputePeriodEndsAt ?? 'its deadline'} unresolved.`;
  }
  return `Release of ${amount} requested.`;
}

/** A release outcome: why the money went to the creator. */
function describeRelease(
  event: Extract<DealEvent, { type: 'FundsReleased' }>,
  before: DealContext,
  actorName: string,
): string {
  const amount = euro(event.data.amountCents);
  switch (event.data.trigger) {
    case 'brand':
      return `Released ${amount} to the creator: the brand approved.`;
    case 'admin':
      return `Released ${amount} to the creator by admin ${actorName}.`;
    case 'review_period_elapsed':
      return `Released ${amount} automatically: review period ended at ${before.reviewPeriodEndsAt ?? 'its deadline'}.`;
    case 'dispute_period_elapsed':
      return `Released ${amount} automatically: dispute period ended at ${before.disputePeriodEndsAt ?? 'its deadline'} unresolved.`;
  }
  return `Released ${amount}.`;
}

/** Why each event happened, in an auditor's words. `before` is the deal just before it. */
export function describeDealEvent(
  event: DealEvent,
  before: DealContext,
  actorName: string,
): string {
  switch (event.type) {
    case 'DealCreated':
      return `Deal created by ${actorName} for ${euro(event.data.amountCents)} (total ${euro(event.data.totalCents)}).`;
    case 'DealUpdated':
      return `Terms edited: amount ${euro(event.data.amountCents)}.`;
    case 'ShareLinkGenerated':
      return 'A link for the creator was issued.';
    case 'CheckoutSessionCreated':
      return `Checkout opened for ${euro(event.data.totalCents)}.`;
    case 'PaymentSucceeded':
      return `Payment of ${euro(event.data.amountCents)} confirmed by the payment provider (${event.data.method}); held in escrow.`;
    case 'PaymentFailed':
      return `Payment failed at the payment provider: ${event.data.reason}.`;
    case 'CreatorAccepted':
      // Who claimed the deal: only they can set up the payout and deliver.
      return event.data.claimedByUserId
        ? `The creator accepted while signed in as ${actorName}; the deal is bound to that account and the accepting browser.`
        : event.data.claimSecretHash
          ? 'The creator accepted through the link; the deal is bound to the accepting browser.'
          : 'The creator accepted the deal through the link.';
    case 'ShareLinkRotated':
      return 'The brand replaced the creator link before acceptance; the old link no longer works.';
    case 'BankOnboardingStarted':
      return 'The creator started bank account setup.';
    case 'BankAccountConnected':
      return 'The creator connected a bank account; payouts are enabled.';
    case 'ContentDelivered':
      return 'The creator marked the assignment as delivered.';
    case 'ReviewPeriodStarted':
      return `Review period started automatically on delivery; it runs until ${event.data.endsAt}.`;
    case 'ReviewPeriodElapsed':
      return `Review period ended at ${event.data.endsAt} without approval or dispute.`;
    case 'DisputeOpened':
      return `The brand opened a dispute: "${event.data.reason}"${event.data.description ? ` (${event.data.description})` : ''}. Payment held until ${event.data.endsAt}.`;
    case 'DisputePeriodElapsed':
      return `Dispute period ended at ${event.data.endsAt} unresolved.`;
    case 'FundsReleaseRequested':
      return describeReleaseRequest(event, before, actorName);
    case 'RefundRequested':
      return `Admin ${actorName} asked to refund ${euro(event.data.amountCents)} to the brand.`;
    case 'RefundFailed':
      return `The payment provider refused the refund: ${event.data.code} — ${event.data.message}; it can be asked again.`;
    case 'CheckoutSessionClosed':
      return `Checkout closed (${event.data.reason.replace(/_/g, ' ')}).`;
    case 'UnexpectedPaymentReceived':
      return `A payment of ${euro(event.data.amountCents)} that does not fund the deal arrived (${event.data.reason.replace(/_/g, ' ')}); it is refunded automatically.`;
    case 'FundsReleased':
      return describeRelease(event, before, actorName);
    case 'TransferFailed':
      return `Transfer failed (${event.data.trigger.replace(/_/g, ' ')}): ${event.data.code} — ${event.data.message}.`;
    case 'DealCompletedManually':
      return `Completed without a transfer: ${event.data.reason}.`;
    case 'DealPutOnHold':
      return event.data.source === 'chargeback'
        ? `Put on hold automatically: ${event.data.reason}.`
        : `Put on hold by ${actorName}: ${event.data.reason}.`;
    case 'DealReleasedFromHold':
      return `Hold lifted by ${actorName}; timers resumed${event.data.reviewPeriodEndsAt ? `, review now ends at ${event.data.reviewPeriodEndsAt}` : ''}${event.data.disputePeriodEndsAt ? `, dispute now ends at ${event.data.disputePeriodEndsAt}` : ''}.`;
    case 'DealRefunded':
      return `Refunded ${euro(event.data.amountCents)} to the brand${event.data.transferReversalId ? ' (the transfer was reversed first)' : ''}; deal cancelled.`;
    case 'ChargebackOpened':
      return `Card chargeback of ${euro(event.data.amountCents)} opened by the card issuer: ${event.data.reason}${before.hold === null && before.paidAt !== null && before.completedAt === null && before.cancelledAt === null ? '; the deal was put on hold automatically' : ''}.`;
    case 'DuplicatePaymentRefunded':
      return `A second payment of ${euro(event.data.amountCents)} was refunded automatically: the deal was already paid.`;
    case 'DealDeleted':
      return 'The brand deleted the unpaid deal.';
    case 'DealNoteAdded':
      return `Note by ${actorName}: ${event.data.note}`;
    default:
      return describeSplitEvent(event, actorName);
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

/** A split outcome's events, in an auditor's words. */
function describeSplitEvent(event: SplitEvent, actorName: string): string {
  switch (event.type) {
    case 'DealSplitRequested': {
      const d = event.data;
      return `Admin ${actorName} resolved the deal with a split: ${euro(d.creatorCents)} to the creator, ${euro(d.refundCents)} back to the brand, ${euro(d.feeKeptCents)} fee kept (of ${euro(d.chargedCents)} held).`;
    }
    case 'DealSplitRetried':
      return `Admin ${actorName} retried the split's ${event.data.part} under its original key.`;
    case 'SplitTransferSucceeded':
      return `Split: ${euro(event.data.amountCents)} transferred to the creator.`;
    case 'SplitTransferFailed':
      return `Split: the payment provider refused the transfer to the creator: ${event.data.code} — ${event.data.message}; it can be retried.`;
    case 'SplitRefundSucceeded':
      return `Split: ${euro(event.data.amountCents)} refunded to the brand.`;
    case 'SplitRefundFailed':
      return `Split: the payment provider refused the refund to the brand: ${event.data.code} — ${event.data.message}; it can be retried.`;
  }
}

/**
 * Replays a deal's stream through the statechart's one fold step (machines/statechart.ts),
 * recording after every event the state, the view an admin scrubs through and why it happened.
 */
export function dealHistory(recorded: RecordedEvent[], actorName: ActorNames): HistoryEntry[] {
  let snapshot = initialOf(dealMachine);
  return recorded.map((r) => {
    const event = decodeEvent(r) as DealEvent;
    const before = snapshot.context;
    snapshot = step(dealMachine, snapshot, event);
    const view = dealStateView(snapshot, event.metadata.at);
    const name = actorName(event.metadata.actor);
    return {
      revision: r.revision,
      position: r.position,
      type: r.type,
      at: event.metadata.at,
      actor: { kind: event.metadata.actor.kind, name },
      correlationId: event.metadata.correlationId,
      data: redactForAdmin(event.data),
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
    };
  });
}

const disputeTypes = new Set([
  'CreatorAccepted',
  'ShareLinkRotated',
  'ContentDelivered',
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
  'UnexpectedPaymentReceived',
  'DuplicatePaymentRefunded',
  'DealNoteAdded',
  'DealSplitRequested',
  'DealSplitRetried',
  'SplitTransferSucceeded',
  'SplitTransferFailed',
  'SplitRefundSucceeded',
  'SplitRefundFailed',
]);

export interface DisputeTimelineEntry {
  at: string;
  type: string;
  actor: { kind: string; name: string };
  status: string;
  summary: string;
}

/** The dispute-relevant part of the history (with admins' notes), in words an auditor can read. */
export function disputeTimeline(history: HistoryEntry[]): DisputeTimelineEntry[] {
  return history
    .filter((e) => disputeTypes.has(e.type))
    .map((e) => ({ at: e.at, type: e.type, actor: e.actor, status: e.status, summary: e.summary }));
}
