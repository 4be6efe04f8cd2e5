import { afterEach, beforeEach, describe } from 'vitest';
import type { EventStore } from '@server/event-store/event-store';
import { describeAppendContract } from './event-store-append.contract';
import { describeChainContract } from './event-store-chain.contract';
import { describeMetadataContract } from './event-store-metadata.contract';
import { describeReadContract } from './event-store-read.contract';
import { describeSubscriptionContract } from './event-store-subscription.contract';

export type EventStoreFactory = () => EventStore | Promise<EventStore>;

/**
 * The behaviour every EventStore adapter must share (KurrentDB's semantics). Each test gets a
 * fresh store from `factory` and uses fresh stream names, so the suite also runs against a
 * long-lived KurrentDB server; global-order checks only look at events the test itself wrote.
 */
export function describeEventStoreContract(
  name: string,
  factory: EventStoreFactory,
): void {
  describe(`${name}: event store contract`, () => {
    let store: EventStore | undefined;
    const current = (): EventStore => {
      if (!store) throw new Error('store not created');
      return store;
    };

    beforeEach(async () => {
      store = await factory();
    });
    afterEach(async () => {
      await store?.close();
      store = undefined;
    });

    describeAppendContract(current);
    describeReadContract(current);
    describeSubscriptionContract(current);
    describeChainContract(current);
    describeMetadataContract(current);
  });
}
