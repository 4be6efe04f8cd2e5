import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { AccountQueries } from '../../projections/accounts.queries';
import { userAggregate } from '../commands/aggregate';
import type { CommandBus } from '../commands/command-bus';
import { recordNotification } from '../ops/notification-metrics';
import type { VapidKeys } from './vapid-keys';

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  title: string;
  body: string;
  url?: string;
  tag?: string;
}

/** Sends one message to one subscription; web-push by default, a fake in tests. */
export type PushSender = (subscription: PushSubscriptionJson, payload: string) => Promise<{ statusCode: number }>;

/** `transport.agent` lets tests reach a local push endpoint with a self-signed certificate; production passes none. */
export function webPushSender(keys: VapidKeys, subject: string, transport: { agent?: Agent } = {}): PushSender {
  return (subscription, payload) =>
    webPush.sendNotification(subscription, payload, {
      vapidDetails: { subject, ...keys },
      TTL: 3_600,
      ...(transport.agent ? { agent: transport.agent } : {}),
    });
}

/** Push notifications to every browser a user subscribed; subscriptions the push service calls gone are dropped. */
export function createPushService({ bus, accounts, sender, keys }: { bus: CommandBus; accounts: AccountQueries; sender: PushSender; keys: VapidKeys }) {
  return {
    publicKey: keys.publicKey,
    async notifyUser(userId: string, message: PushMessage): Promise<{ sent: number; failed: number }> {
      const user = accounts.userById(userId);
      let sent = 0;
      let failed = 0;
      for (const subscription of user?.pushSubscriptions ?? []) {
        try {
          await sender(subscription, JSON.stringify(message));
          sent++;
        } catch (error) {
          failed++;
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            await bus.execute(userAggregate, userAggregate.streamId(userId), (s) =>
              s.snapshot.context.pushSubscriptions.some((x) => x.endpoint === subscription.endpoint)
                ? [{ type: 'PushSubscriptionRemoved', data: { endpoint: subscription.endpoint } }]
                : [], { actor: { kind: 'system', id: 'push' } });
          }
        }
      }
      recordNotification('push', 'sent', sent);
      recordNotification('push', 'failed', failed);
      return { sent, failed };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
