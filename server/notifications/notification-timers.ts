import { HOUR_MS, type Clock } from '../shared/clock';
import { createIntervalTicker } from '../shared/interval-ticker';
import type { NotificationQueries } from '../../projections/notifications.queries';
import { WrongExpectedVersion, type EventStore } from '../event-store/event-store';
import { appendNotificationEvent, dueStreamId, uuidFrom } from './notification-streams';

const actor = { kind: 'system' as const, id: 'notification-timers' };

/**
 * Turns due notification times into events: ReleaseReminderDue (the configured hours before a
 * review period ends) and HoldAgeingAlertDue (a hold older than the configured hours). Each due
 * moment has its own stream appended "no stream" with a fixed id, so it fires once however many
 * instances tick; the notifications reactor then does the sending.
 */
export function createNotificationTimers({
  store,
  clock,
  queries,
  reminderHours,
  holdAgeingHours,
  intervalMs = 30_000,
}: {
  store: EventStore;
  clock: Clock;
  queries: Pick<NotificationQueries, 'dueTimers'>;
  reminderHours: number;
  holdAgeingHours: number;
  intervalMs?: number;
}) {
  async function runTick(): Promise<number> {
    let fired = 0;
    for (const due of queries.dueTimers(
      clock.now().getTime(),
      reminderHours * HOUR_MS,
      holdAgeingHours * HOUR_MS,
    )) {
      const [kind, type, data] =
        due.kind === 'release_reminder'
          ? (['reminder', 'ReleaseReminderDue', { dealId: due.dealId, endsAt: due.at }] as const)
          : ([
              'hold-alert',
              'HoldAgeingAlertDue',
              { dealId: due.dealId, heldSince: due.at },
            ] as const);
      const streamId = dueStreamId(kind, due.dealId, due.at);
      // The same id at "no stream": a repeat before the projection caught up is a no-op, not an error.
      try {
        await appendNotificationEvent(
          { store, clock },
          streamId,
          { type, data, id: uuidFrom(streamId, type) },
          'no_stream',
          { actor },
        );
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion)) throw error;
      }
      fired++;
    }
    return fired;
  }

  /** `tick` fires everything due now; it resolves with how many due events were appended (or re-found). */
  return createIntervalTicker(runTick, intervalMs);
}
