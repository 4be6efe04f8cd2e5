import type {
  DisputeEntryDto,
  DisputeThreadDto,
} from '@machines/contract/dispute-api';
import { decodeEvent } from '@machines/events/codec';
import type {
  DisputeMessage,
  DisputeSide,
} from '@machines/escrow/dispute-message';
import type { Actor } from '@machines/events/metadata';
import type { RecordedEvent } from '../event-store/event-store';

/** The aggregate a dispute belongs to: a deal or a payment request. */
export type DisputeSubject =
  | { kind: 'deal'; id: number }
  | { kind: 'payment_request'; id: number };

export const subjectStream = (s: DisputeSubject): string =>
  s.kind === 'deal' ? `deal-${s.id}` : `payment-request-${s.id}`;

/** The events that make up a conversation, per aggregate: its opening and its messages. */
const openingTypes = new Set(['DisputeOpened', 'PaymentRequestDisputeOpened']);
const messageTypes = new Set([
  'DisputeMessagePosted',
  'PaymentRequestDisputeMessagePosted',
]);

/** What the thread needs from the aggregate's current state. */
export interface DisputeState {
  open: boolean;
  endsAt: string | null;
  onHold: boolean;
}

/**
 * The conversation read from the aggregate's own stream: the reason given when the dispute was
 * opened (with a deal's description), then every message in the order it was recorded.
 */
export function threadEntries(
  recorded: RecordedEvent[],
  authorName: ((actor: Actor) => string) | null,
): DisputeEntryDto[] {
  const entries: DisputeEntryDto[] = [];
  for (const r of recorded) {
    if (!openingTypes.has(r.type) && !messageTypes.has(r.type)) continue;
    const event = decodeEvent(r);
    const author = authorName ? authorName(event.metadata.actor) : null;
    if (openingTypes.has(r.type)) {
      const d = event.data as { reason: string; description?: string | null };
      const text = [d.reason, d.description].filter(Boolean).join('\n\n');
      entries.push({
        id: r.id,
        at: event.metadata.at,
        side: 'brand',
        author,
        text,
        files: [],
        opening: true,
      });
    } else {
      const d = event.data as DisputeMessage;
      entries.push({
        id: r.id,
        at: event.metadata.at,
        side: d.side,
        author,
        text: d.text,
        files: d.files,
        opening: false,
      });
    }
  }
  return entries;
}

export function threadDto(
  subject: DisputeSubject,
  state: DisputeState,
  entries: DisputeEntryDto[],
  reader: { side: DisputeSide | null; canPost: boolean },
): DisputeThreadDto {
  return {
    subject,
    open: state.open,
    canPost: reader.canPost && state.open,
    side: reader.side,
    endsAt: state.endsAt,
    onHold: state.onHold,
    entries,
  };
}

/** Whether `sha256` is a file of one of the thread's messages (only those are served). */
export const threadHasFile = (entries: DisputeEntryDto[], sha256: string) =>
  entries.some((e) => e.files.some((f) => f.sha256 === sha256));
