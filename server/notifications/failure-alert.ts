import {
  WrongExpectedVersion,
  type EventStore,
} from '../event-store/event-store';
import type { NotificationChannel } from '../shared/process-metrics';
import type { Clock } from '../shared/clock';
import { appendNotificationEvent, uuidFrom } from './notification-streams';

export interface FailureAlertSettings {
  /** The share of failed sends (0–1) from which a window alerts; 0 turns the alert off. */
  rate: number;
  windowMs: number;
  /** Sends a window must have seen before its share counts (one failed send of one is no outage). */
  minSends: number;
}

const actor = { kind: 'system' as const, id: 'notification-failure-alert' };

/** `notification-failures-<channel>-<window start, ms>`: one stream per channel and window. */
export const failureAlertStreamId = (
  channel: NotificationChannel,
  windowStartMs: number,
) => `notification-failures-${channel}-${windowStartMs}`;

/** Records a window's alert; the first instance to pass the limit in it writes it, the others nothing. */
async function appendFailureAlert(
  {
    store,
    clock,
    settings,
  }: { store: EventStore; clock: Clock; settings: FailureAlertSettings },
  {
    channel,
    start,
    sent,
    failed,
  }: {
    channel: NotificationChannel;
    start: number;
    sent: number;
    failed: number;
  },
): Promise<void> {
  const streamId = failureAlertStreamId(channel, start);
  const data = {
    channel,
    windowStart: new Date(start).toISOString(),
    windowEnd: new Date(start + settings.windowMs).toISOString(),
    attempts: sent + failed,
    failed,
    limitRate: settings.rate,
  };
  console.error(
    `Notifications: ${failed} of ${sent + failed} ${channel} sends failed since ${data.windowStart} (alert at ${Math.round(settings.rate * 100)} %); the admins are alerted.`,
  );
  try {
    await appendNotificationEvent(
      { store, clock },
      streamId,
      { type: 'NotificationFailureRateExceeded', data, id: uuidFrom(streamId) },
      'no_stream',
      { actor },
    );
  } catch (error) {
    // Another instance recorded this window first.
    if (!(error instanceof WrongExpectedVersion)) throw error;
  }
}

/**
 * Counts the outcomes of each channel's sends in fixed windows (`windowMs`, from the epoch) and,
 * the first time in a window that at least `minSends` were made and the failed share reached
 * `rate`, records NotificationFailureRateExceeded on that channel's and window's stream
 * ("no stream" expected, a fixed id): once per window, however many sends fail after it and
 * however many instances pass the limit. The notifications reactor alerts the admins from it.
 * Each instance counts its own sends.
 */
export function createNotificationFailureAlert({
  store,
  clock,
  settings,
}: {
  store: EventStore;
  clock: Clock;
  settings: FailureAlertSettings;
}) {
  const windows = new Map<
    NotificationChannel,
    { start: number; sent: number; failed: number; alerted: boolean }
  >();
  const inFlight = new Set<Promise<unknown>>();

  const append = (
    channel: NotificationChannel,
    start: number,
    sent: number,
    failed: number,
  ) =>
    appendFailureAlert(
      { store, clock, settings },
      { channel, start, sent, failed },
    );

  return {
    /** Counts outcomes of one channel; past the limit, records the window's alert (once). */
    record(
      channel: NotificationChannel,
      outcome: 'sent' | 'failed',
      count = 1,
    ): void {
      if (settings.rate <= 0 || count <= 0) return;
      const now = clock.now().getTime();
      const start = now - (now % settings.windowMs);
      let w = windows.get(channel);
      if (!w || w.start !== start) {
        w = { start, sent: 0, failed: 0, alerted: false };
        windows.set(channel, w);
      }
      if (outcome === 'sent') w.sent += count;
      else w.failed += count;
      const attempts = w.sent + w.failed;
      if (
        w.alerted ||
        attempts < settings.minSends ||
        w.failed / attempts < settings.rate
      )
        return;
      w.alerted = true;
      const appending = append(channel, start, w.sent, w.failed).catch(
        (error: unknown) =>
          console.error(
            'Notification failure alert not recorded:',
            (error as Error).message,
          ),
      );
      inFlight.add(appending);
      void appending.finally(() => inFlight.delete(appending));
    },
    /** Resolves once every alert being recorded is written (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...inFlight]);
    },
  };
}
