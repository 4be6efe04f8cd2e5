import type { CommandContext } from '../commands/command-bus';
import type { NotificationQueries } from '../../projections/notifications.queries';
import type { Clock } from '../shared/clock';
import {
  StreamNotFound,
  type EventStore,
  type RecordedEvent,
} from '../event-store/event-store';
import {
  appendNotificationEvent,
  linkPushStreamId,
} from './notification-streams';

type Reason = 'turned_off' | 'replaced' | 'link_rotated' | 'erased';

/** The push devices of a deal link: which are oldest, and removing them with an event each. */
export function createLinkSubscriptions(ctx: {
  store: EventStore;
  clock: Clock;
  queries: { notifications: NotificationQueries };
  settle(position: number): Promise<void>;
}) {
  return {
    /** The `count` oldest subscribed endpoints, in the order they were (last) subscribed. */
    async oldest(dealId: number, count: number): Promise<string[]> {
      const order = new Map<string, true>();
      let events: RecordedEvent[] = [];
      try {
        events = await ctx.store.readStream(linkPushStreamId(dealId));
      } catch (error) {
        if (!(error instanceof StreamNotFound)) throw error;
      }
      for (const event of events) {
        const endpoint =
          event.type === 'DealLinkPushSubscribed'
            ? (event.data as { subscription: { endpoint: string } })
                .subscription.endpoint
            : (event.data as { endpoint: string }).endpoint;
        order.delete(endpoint);
        if (event.type === 'DealLinkPushSubscribed') order.set(endpoint, true);
      }
      return [...order.keys()].slice(0, Math.max(0, count));
    },
    /** Removes each endpoint with its own `DealLinkPushUnsubscribed`, by the given actor, and waits for the read model. */
    async remove(
      dealId: number,
      endpoints: string[],
      reason: Reason,
      meta: CommandContext,
    ): Promise<void> {
      let position: number | null = null;
      for (const endpoint of endpoints) {
        ({ position } = await appendNotificationEvent(
          ctx,
          linkPushStreamId(dealId),
          {
            type: 'DealLinkPushUnsubscribed',
            data: { dealId, endpoint, reason },
          },
          'any',
          meta,
        ));
      }
      if (position !== null) await ctx.settle(position);
    },
    /** A link rotation (or its creator's erasure): the link's devices stop getting this deal's notices. */
    async dropAll(
      dealId: number,
      meta: CommandContext,
      reason: 'link_rotated' | 'erased' = 'link_rotated',
    ): Promise<void> {
      const endpoints = ctx.queries.notifications
        .linkSubscriptions(dealId)
        .map((s) => s.endpoint);
      await this.remove(dealId, endpoints, reason, meta);
    },
  };
}
