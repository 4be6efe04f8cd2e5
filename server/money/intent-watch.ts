import {
  WrongExpectedVersion,
  type EventStore,
} from '../event-store/event-store';
import {
  appendNotificationEvent,
  uuidFrom,
} from '../notifications/notification-streams';
import type { UnansweredEvent } from '../reactors/reactor-runner';
import type { Clock } from '../shared/clock';
import { createIntervalTicker } from '../shared/interval-ticker';

/** The money intents this instance's payments reactor has not answered yet, as probes and metrics show them. */
export interface IntentBacklog {
  /** Intents in hand or parked after an unknown outcome. */
  unanswered: number;
  /** Age of the oldest of them (seconds, on the app's clock); 0 when there is none. */
  oldestAgeSeconds: number;
  /** The limit past which admins are alerted (seconds). */
  alertAfterSeconds: number;
}

export const stalledIntentsStreamId = (episode: string): string =>
  `payment-intents-stalled-${episode}`;

export interface IntentWatchDeps {
  store: EventStore;
  clock: Clock;
  /** The payments reactor's unanswered intents (`reactors.unanswered('payments')`). */
  unanswered: () => UnansweredEvent[];
  /** From INTENT_ALERT_MINUTES. */
  alertAfterMs: number;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Watches the age of the oldest unanswered money intent: `backlog()` for /api/ready and /metrics;
 * and, checked every `intervalMs`, an alert once per episode when it passes the limit. An episode
 * runs from the first tick that finds an intent past the limit until a tick finds none; its alert
 * is `PaymentIntentsStalled` on a stream named after the oldest intent, appended with no stream
 * expected, so every instance watching the same intent records it once; the notifications
 * reactor sends it to the admins.
 */
export function createIntentWatch({
  store,
  clock,
  unanswered,
  alertAfterMs,
  intervalMs = 30_000,
  onError,
}: IntentWatchDeps) {
  let alerted = false;

  function oldest(): { list: UnansweredEvent[]; ageMs: number } {
    const list = unanswered();
    const first = list.reduce<UnansweredEvent | null>(
      (o, u) => (o === null || u.at < o.at ? u : o),
      null,
    );
    const ageMs = first
      ? Math.max(0, clock.now().getTime() - Date.parse(first.at))
      : 0;
    return { list, ageMs };
  }

  /** Alerts when an episode starts; resolves true when this call recorded the alert. */
  async function runTick(): Promise<boolean> {
    const { list, ageMs } = oldest();
    if (ageMs < alertAfterMs) {
      // None is past the limit (the oldest is not): the episode is over.
      alerted = false;
      return false;
    }
    if (alerted) return false;
    const first = [...list].sort((a, b) => a.at.localeCompare(b.at))[0]!;
    const streamId = stalledIntentsStreamId(
      uuidFrom(first.streamId, String(first.position)),
    );
    const stale = list.filter(
      (u) => clock.now().getTime() - Date.parse(u.at) >= alertAfterMs,
    );
    const data = {
      unanswered: stale.length,
      oldestAt: first.at,
      oldestStreamId: first.streamId,
      oldestType: first.type,
      ageMinutes: Math.floor(ageMs / 60_000),
      limitMinutes: Math.round(alertAfterMs / 60_000),
    };
    alerted = true;
    try {
      await appendNotificationEvent(
        { store, clock },
        streamId,
        { type: 'PaymentIntentsStalled', data, id: uuidFrom(streamId) },
        'no_stream',
        { actor: { kind: 'system', id: 'payments-watch' } },
      );
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedVersion) return false;
      alerted = false;
      throw error;
    }
  }

  const ticker = createIntervalTicker(runTick, intervalMs, onError);
  return {
    ...ticker,
    backlog(): IntentBacklog {
      const { list, ageMs } = oldest();
      return {
        unanswered: list.length,
        oldestAgeSeconds: Math.floor(ageMs / 1000),
        alertAfterSeconds: Math.round(alertAfterMs / 1000),
      };
    },
  };
}

export type IntentWatch = ReturnType<typeof createIntentWatch>;
