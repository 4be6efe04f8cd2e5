import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  EventStore,
  RecordedEvent,
} from '@server/event-store/event-store';
import {
  subscribeResiliently,
  type SubscriptionObserver,
} from '@server/event-store/resilient-subscription';
import {
  eventually,
  newEvents,
  newStream,
  rejectionOf,
  sleep,
} from './event-store-fixtures';

/**
 * One adapter, and a way to take its store away from subscribers and give it back: SQLite makes its
 * reads fail, KurrentDB drops the subscription's connection and refuses new ones, PostgreSQL
 * terminates the listening connection. Appends made during the outage may fail; the contract only
 * appends before and after it.
 */
export interface OutageHarness {
  store: EventStore;
  /** Starts an outage (open subscriptions fail, new ones fail too); resolves with the function that ends it. */
  outage(): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type OutageHarnessFactory = () => Promise<OutageHarness>;

function observed() {
  const seen = {
    retrying: [] as { attempt: number; after: number }[],
    running: [] as { attempt: number; after: number }[],
    failed: [] as unknown[],
  };
  const observer: Partial<SubscriptionObserver> = {
    retrying: ({ attempt, after }) => seen.retrying.push({ attempt, after }),
    running: ({ attempt, after }) => seen.running.push({ attempt, after }),
    failed: ({ error }) => seen.failed.push(error),
  };
  return { seen, observer };
}

/** What every adapter must do under the resilient subscription (resilient-subscription.ts). */
export function describeResumeContract(
  name: string,
  factory: OutageHarnessFactory,
): void {
  describe(`${name}: subscriptions come back after the store does`, () => {
    let harness: OutageHarness | undefined;
    const current = (): OutageHarness => {
      if (!harness) throw new Error('harness not created');
      return harness;
    };
    beforeEach(async () => {
      harness = await factory();
    });
    afterEach(async () => {
      await harness?.close();
      harness = undefined;
    });

    it('resumes from the last delivered position with backoff, delivering every event once, in order', async () => {
      const { store } = current();
      const start = await store.headPosition();
      const streams = [newStream('resume'), newStream('resume')];
      const expected: string[] = [];
      const append = async (i: number) => {
        const events = newEvents(1 + (i % 2));
        await store.append(streams[i % 2]!, events, 'any');
        expected.push(...events.map((e) => e.id));
      };
      for (let i = 0; i < 6; i++) await append(i);

      const received: RecordedEvent[] = [];
      const { seen, observer } = observed();
      const subscription = subscribeResiliently(
        store,
        { after: start, batchSize: 4, name: 'contract' },
        (batch) =>
          void received.push(
            ...batch.filter((e) => streams.includes(e.streamId)),
          ),
        { observer, initialDelayMs: 10, maxDelayMs: 80 },
      );
      await eventually(
        () => received.length === expected.length,
        10_000,
        'the first events',
      );

      const restore = await current().outage();
      await eventually(
        () => seen.retrying.length >= 3,
        10_000,
        'several retries during the outage',
      );
      expect(seen.retrying.map((r) => r.attempt).slice(0, 3)).toEqual([
        1, 2, 3,
      ]);
      expect(
        seen.retrying.every((r) => r.after === received.at(-1)!.position),
      ).toBe(true);
      await restore();

      for (let i = 6; i < 14; i++) await append(i);
      await eventually(
        () => received.length >= expected.length,
        10_000,
        'the events after the outage',
      );
      await sleep(50);
      expect(received.map((e) => e.id)).toEqual(expected);
      expect(
        received.every(
          (e, i) => i === 0 || e.position > received[i - 1]!.position,
        ),
      ).toBe(true);
      expect(seen.running.at(-1)!.attempt).toBeGreaterThan(0);
      expect(seen.failed).toEqual([]);

      await subscription.close();
      await expect(subscription.done).resolves.toBeUndefined();
    });

    it('ends for good when the handler throws, and does not resubscribe', async () => {
      const { store } = current();
      const stream = newStream('resume');
      const start = await store.headPosition();
      const { seen, observer } = observed();
      let calls = 0;
      const subscription = subscribeResiliently(
        store,
        { after: start, name: 'contract' },
        (batch) => {
          if (batch.some((e) => e.streamId === stream)) {
            calls += 1;
            throw new Error('cannot apply');
          }
        },
        { observer, initialDelayMs: 10 },
      );
      await store.append(stream, newEvents(1), 'no_stream');
      expect(await rejectionOf(subscription.done)).toMatchObject({
        message: 'cannot apply',
      });
      await store.append(stream, newEvents(1), 0);
      await sleep(100);
      expect(calls).toBe(1);
      expect(seen.failed).toHaveLength(1);
      expect(seen.retrying).toEqual([]);
    });
  });
}
