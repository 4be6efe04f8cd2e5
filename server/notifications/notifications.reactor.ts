import type { NotificationChannel } from '@machines/notifications/notification.events';
import {
  WrongExpectedVersion,
  type EventStore,
  type RecordedEvent,
} from '../event-store/event-store';
import type { Clock } from '../shared/clock';
import {
  planNotifications,
  recipientKey,
  recipientSubject,
  type NotificationFacts,
  type PlannedNotification,
} from './notification-plan';
import { appendNotificationEvent, claimStreamId } from './notification-streams';
import {
  attemptSend,
  type Claim,
  type SendNotification,
} from './notification-attempts';
import type { Reactor } from '../reactors/reactor';

export interface NotificationsReactorDeps {
  store: EventStore;
  /** Renders and sends one notification (notification-attempts.ts). */
  send: SendNotification;
  clock: Clock;
  facts: NotificationFacts;
  /** How long a claimer has to record an outcome before another instance takes the send over. */
  leaseMs: number;
  /** A send that failed (push service or SMTP down): reported, and tried again a lease later. */
  onSendError?: (
    error: unknown,
    notification: PlannedNotification,
    channel: NotificationChannel,
  ) => void;
}

const actor = { kind: 'system' as const, id: 'notifications' };

/** The claim of attempt 1, or null when another instance or an earlier run has it. */
async function claim(
  { store, clock, facts, leaseMs }: NotificationsReactorDeps,
  event: RecordedEvent,
  n: PlannedNotification,
  channel: NotificationChannel,
): Promise<Claim | null> {
  const recipient = recipientKey(n.recipient);
  const correlationId = (event.metadata as { correlationId?: string } | null)
    ?.correlationId;
  const streamId = claimStreamId(
    event.id,
    recipient,
    channel,
    n.document !== undefined,
  );
  const now = clock.now();
  try {
    const { nextExpectedRevision } = await appendNotificationEvent(
      { store, clock },
      streamId,
      {
        type: 'NotificationSent',
        data: {
          eventId: event.id,
          recipient,
          channel,
          kind: n.kind,
          position: event.position,
          leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
        },
      },
      'no_stream',
      {
        actor,
        causationId: event.id,
        ...(correlationId ? { correlationId } : {}),
        subject: recipientSubject(
          n.recipient,
          event.streamId,
          facts.adminEmails,
        ),
      },
    );
    return {
      streamId,
      revision: nextExpectedRevision,
      attempt: 1,
      claimedAt: now,
    };
  } catch (error) {
    if (error instanceof WrongExpectedVersion) return null;
    throw error;
  }
}

/**
 * Event in, notifications out. Each (event, recipient, channel) is claimed first by appending
 * NotificationSent to its own stream with "no stream" expected: a redelivery, a restart or a
 * second instance finds the stream taken and does not send it. The claim carries a lease: the
 * claimer records the outcome (delivered, or failed) at the claim's revision, and a claim left
 * without one (its instance died mid-send) is sent by the retries reactor once the lease ends
 * (ADR 0013).
 */
export function createNotificationsReactor(
  deps: NotificationsReactorDeps,
): Reactor {
  const { store, clock, facts, leaseMs, send } = deps;
  const attemptDeps = {
    store,
    clock,
    send,
    leaseMs,
    actor,
    onSendError: deps.onSendError,
  };

  return {
    name: 'notifications',
    async handle(event) {
      for (const n of planNotifications(event, facts)) {
        for (const channel of n.channels) {
          if (channel === 'email' && !n.email) continue;
          const claimed = await claim(deps, event, n, channel);
          if (claimed) await attemptSend(attemptDeps, claimed, n, channel);
        }
      }
    },
  };
}
