import type { Agent } from 'node:https';
import webPush from 'web-push';
import { notificationPreferencesOf } from '@machines/account/user.machine';
import type { AccountQueries } from '../../projections/accounts.queries';
import type { NotificationQueries } from '../../projections/notifications.queries';
import type { CommandRunner } from '../commands/run-command';
import type { EventStore } from '../event-store/event-store';
import {
  adminPushStreamId,
  appendNotificationEvent,
  linkPushStreamId,
} from './notification-streams';
import {
  deliverPush,
  type PushMessage,
  type PushSender,
  type PushSubscriptionJson,
} from './push-sender';
import type { Clock } from '../shared/clock';
import type { VapidKeys } from './vapid-keys';

export type { PushSender, PushSubscriptionJson };

/** `transport.agent` lets tests reach a local push endpoint with a self-signed certificate; production passes none. */
export function webPushSender(
  keys: VapidKeys,
  subject: string,
  transport: { agent?: Agent } = {},
): PushSender {
  return (subscription, payload, options = {}) =>
    webPush.sendNotification(subscription, payload, {
      vapidDetails: { subject, ...keys },
      TTL: 3_600,
      ...(options.topic ? { topic: options.topic } : {}),
      ...(transport.agent ? { agent: transport.agent } : {}),
    });
}

const pushActor = { actor: { kind: 'system' as const, id: 'push' } };

/**
 * Only https endpoints on a known push service (PUSH_SERVICE_HOSTS, a host or any subdomain of
 * it): the server connects to whatever a subscription names, so anything else would let a user
 * point it at internal addresses (SSRF).
 */
export function pushEndpointAllowed(
  endpoint: string,
  allowedHosts: readonly string[],
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '')
    return false;
  const host = url.hostname.toLowerCase();
  return allowedHosts.some(
    (allowed) => host === allowed || host.endsWith(`.${allowed}`),
  );
}

/**
 * Push to every browser an account subscribed (when its push preference is on), or to the browsers
 * a link creator subscribed for one deal. Subscriptions the push service calls gone are dropped.
 */
export function createPushService({
  run,
  store,
  clock,
  accounts,
  links,
  sender,
  keys,
  allowedHosts,
}: {
  run: CommandRunner;
  store: EventStore;
  clock: Clock;
  accounts: AccountQueries;
  links: NotificationQueries;
  sender: PushSender;
  keys: VapidKeys;
  allowedHosts: readonly string[];
}) {
  // Subscriptions stored before the host rule existed are never contacted.
  const allowed = <S extends { endpoint: string }>(
    subscriptions: readonly S[],
  ): S[] =>
    subscriptions.filter((s) => pushEndpointAllowed(s.endpoint, allowedHosts));
  return {
    notifyAdmins: adminAlerts({
      store,
      clock,
      accounts,
      links,
      sender,
      allowed,
    }),
    allowedHosts,
    publicKey: keys.publicKey,
    notifyUser: userPush({ run, accounts, sender, allowed }),
    notifyDealLink: dealLinkPush({ store, clock, links, sender, allowed }),
  };
}

/** Pushes a message to the devices of one recipient (a user id, a deal id). */
type PushTo<T> = (
  recipient: T,
  message: PushMessage,
  options?: { topic?: string },
) => Promise<{ sent: number; failed: number }>;

type AllowedFilter = <S extends { endpoint: string }>(
  subscriptions: readonly S[],
) => S[];

/** Push to a user's devices when the user wants push; a gone device leaves the user's devices. */
function userPush(deps: {
  run: CommandRunner;
  accounts: AccountQueries;
  sender: PushSender;
  allowed: AllowedFilter;
}): PushTo<string> {
  return async (userId, message, options = {}) => {
    const user = deps.accounts.userById(userId);
    if (!user || !notificationPreferencesOf(user).push)
      return { sent: 0, failed: 0 };
    return deliverPush(
      deps.sender,
      deps.allowed(user.pushSubscriptions),
      message,
      async (endpoint) => {
        // A gone endpoint leaves the user's devices; already removed, nothing is recorded.
        await deps.run.user(
          userId,
          { type: 'RemovePushSubscriptions', endpoint },
          pushActor,
          {
            ifMissing: 'nothing',
          },
        );
      },
      options,
    );
  };
}

/** Push to the devices a deal's link holder subscribed; a gone device leaves with `DealLinkPushUnsubscribed`. */
function dealLinkPush(deps: {
  store: EventStore;
  clock: Clock;
  links: NotificationQueries;
  sender: PushSender;
  allowed: AllowedFilter;
}): PushTo<number> {
  return async (dealId, message, options = {}) =>
    deliverPush(
      deps.sender,
      deps.allowed(deps.links.linkSubscriptions(dealId)),
      message,
      async (endpoint) => {
        await appendNotificationEvent(
          deps,
          linkPushStreamId(dealId),
          {
            type: 'DealLinkPushUnsubscribed',
            data: { dealId, endpoint, reason: 'gone' },
          },
          'any',
          pushActor,
        );
      },
      options,
    );
}

/**
 * Push to every device an active admin turned alerts on; a device the push service calls gone
 * leaves with `AdminPushUnsubscribed`.
 */
function adminAlerts(deps: {
  store: EventStore;
  clock: Clock;
  accounts: AccountQueries;
  links: NotificationQueries;
  sender: PushSender;
  allowed: AllowedFilter;
}) {
  return async (
    message: PushMessage,
    options: { topic?: string } = {},
  ): Promise<{ sent: number; failed: number }> => {
    const devices = deps.links
      .adminSubscriptions()
      .filter((d) => deps.accounts.adminById(d.adminId)?.active === true);
    const owner = new Map(
      devices.map((d) => [d.subscription.endpoint, d.adminId]),
    );
    return deliverPush(
      deps.sender,
      deps.allowed(devices.map((d) => d.subscription)),
      message,
      async (endpoint) => {
        const adminId = owner.get(endpoint)!;
        await appendNotificationEvent(
          deps,
          adminPushStreamId(adminId),
          {
            type: 'AdminPushUnsubscribed',
            data: { adminId, endpoint, reason: 'gone' },
          },
          'any',
          pushActor,
        );
      },
      options,
    );
  };
}

export type PushService = ReturnType<typeof createPushService>;
