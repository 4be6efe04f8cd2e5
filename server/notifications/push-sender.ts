import { recordNotification } from '../ops/notification-metrics';
import type { PushSender, PushSubscriptionJson } from '../push/push.service';

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
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  const payload = JSON.stringify(message);
  for (const subscription of subscriptions) {
    try {
      await sender(subscription, payload);
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
