import type { PersonalDataExport } from '@machines/contract/privacy-api';
import { notificationChannels } from '@machines/notifications/notification.events';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { claimStreamId } from '../notifications/notification-streams';
import { readIfAny } from './export-events';

type Delivery = PersonalDataExport['notifications']['deliveries'][number];

/** What one claim stream says happened to a notification: the last outcome wins. */
function deliveryOf(events: readonly RecordedEvent[]): Delivery | null {
  const sent = events.find((e) => e.type === 'NotificationSent');
  if (!sent) return null;
  const data = sent.data as { kind: string; channel: string };
  const last = [...events].reverse().find((e) => e.type !== 'NotificationSent');
  const outcome =
    last?.type === 'NotificationDelivered'
      ? 'delivered'
      : last?.type === 'NotificationSendFailed'
        ? 'failed'
        : 'pending';
  return {
    kind: data.kind,
    channel: data.channel,
    at: (sent.metadata as { at: string }).at,
    outcome,
  };
}

/**
 * The notifications sent to a person about the events of their streams: each (event, recipient,
 * channel) has its own claim stream (notification-streams.ts), so the person's recipients
 * (`user:<id>`, `email:<address>`, `deal-link:<id>`) name exactly where to look; no scan.
 */
export async function deliveriesFor(
  store: EventStore,
  eventIds: readonly string[],
  recipients: readonly string[],
): Promise<Delivery[]> {
  const out: Delivery[] = [];
  for (const eventId of eventIds)
    for (const recipient of recipients)
      for (const channel of notificationChannels)
        for (const document of [false, true]) {
          const delivery = deliveryOf(
            await readIfAny(
              store,
              claimStreamId(eventId, recipient, channel, document),
            ),
          );
          if (delivery) out.push(delivery);
        }
  return out.sort((a, b) => a.at.localeCompare(b.at));
}
