import { createHash, randomUUID } from 'node:crypto';
import type { Actor } from '@machines/events/metadata';
import type { NotificationChannel } from '@machines/notifications/notification.events';
import type { EventStore, ExpectedRevision } from '../event-store/event-store';
import type { Clock } from '../shared/clock';
import { mailboxKey } from '../shared/mailbox';

const sha256 = (text: string) =>
  createHash('sha256').update(text).digest('hex');

/**
 * One claim stream per (event, recipient, channel), and one more for the document mail an event may
 * also send that recipient (a payout's statement beside "Funds released"): without its own stream
 * the second mail would find the first one's claim and never be sent. The hash keeps addresses out
 * of stream names.
 */
export const claimStreamId = (
  eventId: string,
  recipient: string,
  channel: NotificationChannel,
  document = false,
): string =>
  `notification-${sha256(`${eventId}:${recipient}:${channel}${document ? ':document' : ''}`).slice(0, 32)}`;

/** An address's opt-out stream, keyed by its mailbox (`mailboxKey`); appended "no stream". */
export const optOutStreamId = (email: string): string =>
  `email-optout-${sha256(mailboxKey(email))}`;

/** One stream per (mailbox, creator) a recipient blocked; appended "no stream", so blocking twice is a no-op. */
export const requestBlockStreamId = (
  email: string,
  creatorId: string,
): string => `request-block-${sha256(`${mailboxKey(email)} ${creatorId}`)}`;

/**
 * The streams that say an address opted out or blocked a creator: its mailbox's, and the one an
 * older version wrote for the exact address (lower-cased), which still holds.
 */
const legacyAddress = (email: string) => email.trim().toLowerCase();
export const optOutStreamIds = (email: string): string[] => [
  ...new Set([
    optOutStreamId(email),
    `email-optout-${sha256(legacyAddress(email))}`,
  ]),
];
export const requestBlockStreamIds = (
  email: string,
  creatorId: string,
): string[] => [
  ...new Set([
    requestBlockStreamId(email, creatorId),
    `request-block-${sha256(`${legacyAddress(email)} ${creatorId}`)}`,
  ]),
];

export const linkPushStreamId = (dealId: number): string =>
  `link-push-deal-${dealId}`;

/** An admin's push devices for alerts. */
export const adminPushStreamId = (adminId: string): string =>
  `alert-push-admin-${adminId}`;

/** Due-time events: one stream per deal and due moment, appended "no stream", so each fires once. */
export const dueStreamId = (
  kind: 'reminder' | 'hold-alert' | 'milestone-due',
  dealId: number,
  at: string,
): string => `${kind}-deal-${dealId}-${sha256(at).slice(0, 16)}`;

/** A deterministic UUID (v5 layout) from parts: the same due moment always gets the same event id. */
export function uuidFrom(...parts: string[]): string {
  const hex = sha256(parts.join('\u001f'));
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Appends one event outside an aggregate (claims, opt-outs, link subscriptions), with full metadata. */
export function appendNotificationEvent(
  { store, clock }: { store: EventStore; clock: Clock },
  streamId: string,
  event: { type: string; data: unknown; id?: string },
  expected: ExpectedRevision,
  meta: {
    actor: Actor;
    correlationId?: string;
    causationId?: string | null;
    /** Whose keys seal the event's personal fields, when not the stream's or the actor's. */
    subject?: string;
  },
) {
  return store.append(
    streamId,
    [
      {
        id: event.id ?? randomUUID(),
        type: event.type,
        data: event.data,
        metadata: {
          actor: meta.actor,
          at: clock.now().toISOString(),
          correlationId: meta.correlationId ?? randomUUID(),
          causationId: meta.causationId ?? null,
          schemaVersion: 1,
          ...(meta.subject ? { subject: meta.subject } : {}),
        },
      },
    ],
    expected,
  );
}
