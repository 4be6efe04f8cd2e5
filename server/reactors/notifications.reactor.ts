import type { NotificationChannel } from '@machines/notifications/notification.events';
import {
  WrongExpectedVersion,
  type EventStore,
  type RecordedEvent,
} from '../event-store/event-store';
import type { PushService } from '../push/push.service';
import type { Clock } from '../shared/clock';
import { renderEmail } from '../notifications/email-template';
import type { MailSender } from '../notifications/mail-sender';
import {
  planNotifications,
  recipientKey,
  type NotificationFacts,
  type PlannedNotification,
} from '../notifications/notification-plan';
import { appendNotificationEvent, claimStreamId } from '../notifications/notification-streams';
import type { Reactor } from './reactor';
import type { RequestBlockLinks, UnsubscribeLinks } from '../notifications/unsubscribe-link';

export interface NotificationsReactorDeps {
  store: EventStore;
  clock: Clock;
  facts: NotificationFacts;
  push: Pick<PushService, 'notifyUser' | 'notifyDealLink'>;
  mail: Pick<MailSender, 'send'>;
  unsubscribe: Pick<UnsubscribeLinks, 'urlFor'>;
  requestBlocks: Pick<RequestBlockLinks, 'urlFor'>;
  publicUrl: string;
  /** A send that failed after its claim (push service or SMTP down): reported, not retried. */
  onSendError?: (
    error: unknown,
    notification: PlannedNotification,
    channel: NotificationChannel,
  ) => void;
}

const actor = { kind: 'system' as const, id: 'notifications' };

/**
 * Event in, notifications out. Each (event, recipient, channel) is claimed first by appending
 * NotificationSent to its own stream with "no stream" expected: a redelivery, a restart or a
 * second instance finds the stream taken and sends nothing. The claim comes before the send, so
 * a crash between the two loses that one message rather than sending it twice (ADR 0013).
 */
export function createNotificationsReactor(deps: NotificationsReactorDeps): Reactor {
  const { store, clock, facts, push, mail, unsubscribe, requestBlocks, publicUrl } = deps;

  async function claim(
    event: RecordedEvent,
    n: PlannedNotification,
    channel: NotificationChannel,
  ): Promise<boolean> {
    const recipient = recipientKey(n.recipient);
    const correlationId = (event.metadata as { correlationId?: string } | null)?.correlationId;
    try {
      await appendNotificationEvent(
        { store, clock },
        claimStreamId(event.id, recipient, channel),
        { type: 'NotificationSent', data: { eventId: event.id, recipient, channel, kind: n.kind } },
        'no_stream',
        { actor, causationId: event.id, ...(correlationId ? { correlationId } : {}) },
      );
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedVersion) return false;
      throw error;
    }
  }

  async function send(n: PlannedNotification, channel: NotificationChannel): Promise<void> {
    const open = `${publicUrl}${n.url}`;
    if (channel === 'email') {
      if (!n.email) return;
      const block = n.blockCreatorId
        ? { block: requestBlocks.urlFor(n.email, n.blockCreatorId, n.language) }
        : {};
      await mail.send(
        renderEmail(
          { ...n, email: n.email },
          {
            open,
            unsubscribe: unsubscribe.urlFor(recipientKey(n.recipient), n.language),
            ...block,
          },
        ),
      );
      return;
    }
    const message = { title: n.title, body: n.body, url: n.url, tag: n.kind };
    if (n.recipient.kind === 'user') await push.notifyUser(n.recipient.userId, message);
    else if (n.recipient.kind === 'deal-link')
      await push.notifyDealLink(n.recipient.dealId, message);
  }

  return {
    name: 'notifications',
    async handle(event) {
      for (const n of planNotifications(event, facts)) {
        for (const channel of n.channels) {
          if (channel === 'email' && !n.email) continue;
          if (!(await claim(event, n, channel))) continue;
          try {
            await send(n, channel);
          } catch (error) {
            deps.onSendError?.(error, n, channel);
          }
        }
      }
    },
  };
}
