import { HOUR_MS, type Clock } from '../shared/clock';
import type {
  DueNotificationTimer,
  NotificationQueries,
} from '../../projections/notifications.queries';
import {
  WrongExpectedVersion,
  type EventStore,
} from '../event-store/event-store';
import {
  appendNotificationEvent,
  dueStreamId,
  uuidFrom,
} from './notification-streams';
import { createTimedReactor } from '../reactors/due-time-scheduler';

const actor = { kind: 'system' as const, id: 'notification-timers' };

/** The events that set or move a reminder's or an alert's due time in the notifications read model. */
const dueTimeEvents: ReadonlySet<string> = new Set([
  'DealCreated',
  'DealUpdated',
  'ReviewPeriodStarted',
  'DealPutOnHold',
  'ChargebackOpened',
  'DealReleasedFromHold',
]);

/** The event a due row becomes, its stream's kind and the moment naming it (a milestone's: date and number). */
function dueEvent(due: DueNotificationTimer) {
  const { dealId, at } = due;
  if (due.kind === 'release_reminder')
    return [
      'reminder',
      'ReleaseReminderDue',
      { dealId, endsAt: at },
      at,
    ] as const;
  if (due.kind === 'hold_ageing')
    return [
      'hold-alert',
      'HoldAgeingAlertDue',
      { dealId, heldSince: at },
      at,
    ] as const;
  const milestone = due.milestone ?? 1;
  const data = { dealId, milestone, dueDate: at.slice(0, 10) };
  return [
    'milestone-due',
    'MilestoneDueReminderDue',
    data,
    `${at}#${milestone}`,
  ] as const;
}

/**
 * Turns due notification times into events: ReleaseReminderDue (the configured hours before a
 * review period ends, each milestone's in a plan), MilestoneDueReminderDue (24 h before a
 * milestone's due date) and HoldAgeingAlertDue (a hold older than the configured hours). A reactor
 * on the notifications runner, which hands it an event once the read models applied it: an event
 * that sets a due time wakes the scheduler, which sleeps until the next one is due. Each due moment
 * has its own stream appended "no stream" with a fixed id, so it fires once however many instances
 * fire it; the notifications reactor then does the sending.
 */
export function createNotificationTimersReactor({
  store,
  clock,
  queries,
  reminderHours,
  holdAgeingHours,
}: {
  store: EventStore;
  clock: Clock;
  queries: Pick<NotificationQueries, 'dueTimers' | 'nextDueMs'>;
  reminderHours: number;
  holdAgeingHours: number;
}) {
  async function fireDue(): Promise<number> {
    let fired = 0;
    for (const due of queries.dueTimers(
      clock.now().getTime(),
      reminderHours * HOUR_MS,
      holdAgeingHours * HOUR_MS,
    )) {
      const [kind, type, data, moment] = dueEvent(due);
      const streamId = dueStreamId(kind, due.dealId, moment);
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

  return createTimedReactor({
    name: 'notification-timers',
    types: dueTimeEvents,
    clock,
    fireDue,
    nextDueMs: (nowMs) =>
      queries.nextDueMs(
        nowMs,
        reminderHours * HOUR_MS,
        holdAgeingHours * HOUR_MS,
      ),
    onError: (error) =>
      console.error('Notification timers:', (error as Error)?.message ?? error),
  });
}
