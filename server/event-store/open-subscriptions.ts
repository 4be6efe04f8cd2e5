import type { Subscription } from './event-store';

/**
 * The subscriptions a store started and that still run: each is kept until it ends, so closing
 * the store can stop them all before its last appends commit and its connection goes.
 */
export function openSubscriptions() {
  const running = new Set<Subscription>();
  return {
    track(subscription: Subscription): Subscription {
      running.add(subscription);
      void subscription.done
        .catch(() => undefined)
        .finally(() => running.delete(subscription));
      return subscription;
    },
    closeAll: async (): Promise<void> => {
      await Promise.all(
        [...running].map((subscription) => subscription.close()),
      );
    },
  };
}
