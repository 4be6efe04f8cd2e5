import type { DealEvent } from '../../machines/deal/deal.events';
import { dealMachine, type DealStateMeta } from '../../machines/deal/deal.machine';
import { decodeEvent } from '../../machines/events/codec';
import { deepestMeta, initialOf, stateKey, step } from '../../machines/statechart';
import type { RecordedEvent } from '../event-store/event-store';

export interface HistoryEntry {
  revision: number;
  position: number;
  type: string;
  at: string;
  actor: { kind: string; id: string };
  correlationId: string;
  data: unknown;
  /** The machine state after this event, replayed here (not read from metadata) so an auditor can compare. */
  state: string;
  status: string;
}

/** Replays a deal's stream through the statechart, recording the state after every event. */
export function dealHistory(recorded: RecordedEvent[]): HistoryEntry[] {
  let snapshot = initialOf(dealMachine);
  return recorded.map((r) => {
    const event = decodeEvent(r) as DealEvent;
    snapshot = step(dealMachine, snapshot, event);
    return {
      revision: r.revision,
      position: r.position,
      type: r.type,
      at: event.metadata.at,
      actor: event.metadata.actor,
      correlationId: event.metadata.correlationId,
      data: redactData(r.type, event.data),
      state: stateKey(snapshot.value),
      status: deepestMeta<DealStateMeta>(snapshot)?.status ?? 'new',
    };
  });
}

const disputeTypes = new Set([
  'ContentDelivered', 'ReviewPeriodStarted', 'DisputeOpened', 'DealPutOnHold', 'DealReleasedFromHold', 'DisputePeriodElapsed',
  'FundsReleased', 'TransferFailed', 'DealCompletedManually', 'DealRefunded', 'ChargebackOpened',
]);

const describe = (e: HistoryEntry): string => {
  const d = e.data as Record<string, unknown>;
  switch (e.type) {
    case 'ContentDelivered': return 'The creator marked the assignment as delivered.';
    case 'ReviewPeriodStarted': return `Review period runs until ${String(d['endsAt'])}.`;
    case 'DisputeOpened': return `The brand opened a dispute: "${String(d['reason'])}". Payment held until ${String(d['endsAt'])}.`;
    case 'DealPutOnHold': return `Put on hold (${String(d['source'])}): ${String(d['reason'])}.`;
    case 'DealReleasedFromHold': return 'Released from hold; timers resumed.';
    case 'DisputePeriodElapsed': return 'The dispute period ended unresolved.';
    case 'FundsReleased': return `Funds released (trigger: ${String(d['trigger'])}).`;
    case 'TransferFailed': return `Transfer failed: ${String(d['code'])} (${String(d['message'])}).`;
    case 'DealCompletedManually': return `Completed manually: ${String(d['reason'])}.`;
    case 'DealRefunded': return 'Refunded to the brand in full; deal cancelled.';
    case 'ChargebackOpened': return `Card chargeback opened: ${String(d['reason'])}.`;
    default: return e.type;
  }
};

/** The dispute-relevant part of the history, in words an auditor can read. */
export function disputeTimeline(history: HistoryEntry[]) {
  return history
    .filter((e) => disputeTypes.has(e.type))
    .map((e) => ({ at: e.at, type: e.type, actor: e.actor, status: e.status, summary: describe(e) }));
}

/** Auditors see what happened, not the card or account identifiers. */
function redactData(type: string, data: unknown): unknown {
  if (type !== 'PaymentSucceeded' || !data || typeof data !== 'object') return data;
  return { ...(data as Record<string, unknown>), paymentIntentId: '[redacted]', chargeId: '[redacted]' };
}
