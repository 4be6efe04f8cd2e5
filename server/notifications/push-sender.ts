import { recordNotification } from '../shared/process-metrics';

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Sends one message to one subscription; web-push by default (push.service.ts), a fake in tests.
 * A `topic` (RFC 8030, at most 32 URL-safe characters) makes the push service replace a message
 * with the same topic that the browser has not fetched yet: a retried notification then arrives once.
 */
export type PushSender = (
  subscription: PushSubscriptionJson,
  payload: string,
  options?: { topic?: string },
) => Promise<{ statusCode: number }>;

export interface PushMessage {
  title: string;
  body: string;
  url?: string;
  tag?: string;
}

/**
 * Sends one message to each subscription through the web-push sender (VAPID, RFC 8291). A 404 or
 * 410 means the browser dropped the subscription: `onGone` removes it; other failures only count.
 */
export async function deliverPush(
  sender: PushSender,
  subscriptions: readonly PushSubscriptionJson[],
  message: PushMessage,
  onGone: (endpoint: string) => Promise<void>,
  options: { topic?: string } = {},
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  const payload = JSON.stringify(message);
  for (const subscription of subscriptions) {
    try {
      await sender(subscription, payload, options);
      sent++;
    } catch (error) {
      failed++;
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) await onGone(subscription.endpoint);
    }
  }
  recordNotification('push', 'sent', sent);
  recordNotification('push', 'failed', failed);
  return { sent, failed };
}
