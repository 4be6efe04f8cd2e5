import { Counter, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Process-wide metrics: notifications (any module that sends one calls `recordNotification`,
 * without needing the app context) and the process's own figures (CPU, memory, event loop).
 * Per-app metrics live in app-metrics.ts; /metrics serves both.
 */
export const processRegistry = new Registry();

export type NotificationChannel = 'push' | 'email';

const notifications = new Counter({
  name: 'escrow_notifications_total',
  help: 'Notifications handed over for delivery, by channel (push, email) and outcome (sent, failed)',
  labelNames: ['channel', 'outcome'] as const,
  registers: [processRegistry],
});
// Both series exist from the start, so a rate() over them works before the first send.
for (const channel of ['push', 'email'] as const)
  for (const outcome of ['sent', 'failed'] as const)
    notifications.inc({ channel, outcome }, 0);

export type NotificationOutcomeListener = (
  channel: NotificationChannel,
  outcome: 'sent' | 'failed',
  count: number,
) => void;
const outcomeListeners = new Set<NotificationOutcomeListener>();

/** Counts `count` notifications of one channel as sent or failed, and tells the listeners. */
export function recordNotification(
  channel: NotificationChannel,
  outcome: 'sent' | 'failed',
  count = 1,
): void {
  if (count <= 0) return;
  notifications.inc({ channel, outcome }, count);
  for (const listener of outcomeListeners) listener(channel, outcome, count);
}

/** Hears every counted outcome (the failure-rate alert); returns the function that stops it. */
export function watchNotificationOutcomes(
  listener: NotificationOutcomeListener,
): () => void {
  outcomeListeners.add(listener);
  return () => void outcomeListeners.delete(listener);
}

let processMetricsStarted = false;
/** Starts Node's default process metrics once (on the first scrape, so tests that never scrape pay nothing). */
export function ensureProcessMetrics(): void {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  collectDefaultMetrics({ register: processRegistry, prefix: 'escrow_' });
}
