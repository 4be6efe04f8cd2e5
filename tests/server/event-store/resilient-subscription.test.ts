import { describe, expect, it } from 'vitest';
import type {
  BatchHandler,
  EventStore,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '@server/event-store/event-store';
import {
  backoffDelay,
  subscribeResiliently,
  type SubscriptionObserver,
} from '@server/event-store/resilient-subscription';
import { eventually, rejectionOf, sleep } from './event-store-fixtures';

const event = (position: number): RecordedEvent => ({
  id: `e-${position}`,
  type: 'Tested',
  data: {},
  metadata: {},
  streamId: 's',
  revision: position,
  position,
  recordedAt: '2025-01-01T00:00:00.000Z',
});

/** An adapter whose subscriptions the test drives: deliver, fail (reject done), end (resolve done). */
function scriptedStore() {
  const opened: {
    options: SubscribeOptions;
    handler: BatchHandler;
    fail(error: unknown): void;
    end(): void;
    closed: boolean;
  }[] = [];
  const store: Pick<EventStore, 'subscribe'> = {
    subscribe(options, handler): Subscription {
      let settle!: (error?: unknown) => void;
      const done = new Promise<void>((resolve, reject) => {
        settle = (error) => (error === undefined ? resolve() : reject(error));
      });
      done.catch(() => undefined);
      const entry = {
        options,
        closed: false,
        // Like an adapter: a handler error rejects done with that error.
        handler: async (batch: RecordedEvent[]) => {
          try {
            await handler(batch);
          } catch (error) {
            settle(error);
            throw error;
          }
        },
        fail: (error: unknown) => settle(error),
        end: () => settle(),
      };
      opened.push(entry);
      return {
        done,
        async close() {
          entry.closed = true;
          settle();
        },
      };
    },
  };
  return { store, opened, last: () => opened[opened.length - 1]! };
}

function recorder() {
  const calls: {
    kind: keyof SubscriptionObserver;
    info: Record<string, unknown>;
  }[] = [];
  const observer: SubscriptionObserver = {
    retrying: (info) => calls.push({ kind: 'retrying', info }),
    running: (info) => calls.push({ kind: 'running', info }),
    failed: (info) => calls.push({ kind: 'failed', info }),
    closed: (info) => calls.push({ kind: 'closed', info }),
  };
  return {
    observer,
    calls,
    of: (kind: keyof SubscriptionObserver) =>
      calls.filter((c) => c.kind === kind).map((c) => c.info),
  };
}

describe('backoffDelay', () => {
  it('doubles from the first delay, is capped, and keeps half of each step fixed and half random', () => {
    const low = (attempt: number) => backoffDelay(attempt, 100, 1_000, () => 0);
    const high = (attempt: number) =>
      backoffDelay(attempt, 100, 1_000, () => 0.999999);
    expect([1, 2, 3, 4, 5, 6, 30].map(low)).toEqual([
      50, 100, 200, 400, 500, 500, 500,
    ]);
    expect([1, 2, 3, 4, 5, 6, 30].map(high)).toEqual([
      100, 200, 400, 800, 1_000, 1_000, 1_000,
    ]);
  });
});

describe('subscribeResiliently', () => {
  it('resumes strictly after the last delivered position when the adapter fails or ends, with no gap and no duplicate', async () => {
    const { store, opened, last } = scriptedStore();
    const { observer, of } = recorder();
    const received: number[] = [];
    const subscription = subscribeResiliently(
      store,
      { after: 10, batchSize: 5, name: 'read-models' },
      (batch) => void received.push(...batch.map((e) => e.position)),
      {
        observer,
        initialDelayMs: 5,
        maxDelayMs: 20,
        random: () => 0.5,
      },
    );
    expect(last().options).toEqual({
      after: 10,
      batchSize: 5,
      name: 'read-models',
    });

    await last().handler([event(11), event(12)]);
    last().fail(
      Object.assign(new Error('14 UNAVAILABLE: Connection dropped'), {
        type: 'unavailable',
      }),
    );
    await eventually(() => opened.length === 2, 2_000, 'a second subscription');
    expect(last().options.after).toBe(12);
    // An adapter that re-reads what was delivered (at-least-once resume) is deduplicated.
    await last().handler([event(12), event(13)]);
    last().end(); // the server ended the stream: not a close, so it resumes too
    await eventually(() => opened.length === 3, 2_000, 'a third subscription');
    expect(last().options.after).toBe(13);
    await last().handler([event(14)]);

    expect(received).toEqual([11, 12, 13, 14]);
    expect(of('retrying')).toEqual([
      expect.objectContaining({
        name: 'read-models',
        attempt: 1,
        after: 12,
        delayMs: 4,
        error: expect.objectContaining({ type: 'unavailable' }),
      }),
      expect.objectContaining({
        name: 'read-models',
        attempt: 1,
        after: 13,
        error: expect.any(Error),
      }),
    ]);
    expect(of('running').map((r) => r.after)).toEqual([10, 12, 13]);

    await subscription.close();
    expect(last().closed).toBe(true);
    await expect(subscription.done).resolves.toBeUndefined();
    expect(of('failed')).toEqual([]);
    expect(of('closed')).toEqual([{ name: 'read-models' }]);
  });

  it('backs off longer with every failure in a row, up to the cap, and a delivery starts it afresh', async () => {
    const { store, opened, last } = scriptedStore();
    const { observer, of } = recorder();
    const subscription = subscribeResiliently(
      store,
      { name: 'reactor:payments' },
      () => undefined,
      {
        observer,
        initialDelayMs: 4,
        maxDelayMs: 16,
        random: () => 0,
      },
    );
    for (let n = 1; n <= 5; n++) {
      last().fail(new Error(`down ${n}`));
      await eventually(
        () => opened.length === n + 1,
        2_000,
        `subscription ${n + 1}`,
      );
    }
    expect(of('retrying').map((r) => r.delayMs)).toEqual([2, 4, 8, 8, 8]);
    expect(of('retrying').map((r) => r.attempt)).toEqual([1, 2, 3, 4, 5]);
    await last().handler([event(1)]);
    last().fail(new Error('down again'));
    await eventually(() => opened.length === 7, 2_000, 'subscription 7');
    expect(of('retrying').at(-1)).toMatchObject({
      attempt: 1,
      delayMs: 2,
      after: 1,
    });
    await subscription.close();
  });

  it('ends for good, loudly, only when the handler throws', async () => {
    const { store, opened, last } = scriptedStore();
    const { observer, of } = recorder();
    const failure = new Error('projection failed on deal-1@3');
    const subscription = subscribeResiliently(
      store,
      { name: 'read-models' },
      (batch) => {
        if (batch.some((e) => e.position === 3)) throw failure;
      },
      { observer, initialDelayMs: 1 },
    );
    await last().handler([event(1), event(2)]);
    await expect(last().handler([event(3)])).rejects.toBeDefined();
    expect(await rejectionOf(subscription.done)).toBe(failure);
    await sleep(30);
    expect(opened).toHaveLength(1); // never resubscribed
    expect(of('failed')).toEqual([
      { name: 'read-models', error: failure, after: 2 },
    ]);
    expect(of('retrying')).toEqual([]);
    await subscription.close();
  });

  it('stops waiting when closed during a backoff pause, and retries a store that cannot subscribe at all', async () => {
    let calls = 0;
    const { observer, of } = recorder();
    const refusing: Pick<EventStore, 'subscribe'> = {
      subscribe() {
        calls += 1;
        throw new Error('not connected');
      },
    };
    const subscription = subscribeResiliently(
      refusing,
      { name: 'x' },
      () => undefined,
      {
        observer,
        initialDelayMs: 2,
        maxDelayMs: 60_000,
        random: () => 0,
      },
    );
    await eventually(() => calls >= 6, 2_000, 'several attempts');
    const started = Date.now();
    await subscription.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    const attempts = calls;
    await sleep(20);
    expect(calls).toBe(attempts);
    expect(of('retrying')[0]).toMatchObject({
      error: expect.objectContaining({ message: 'not connected' }),
    });
    await expect(subscription.done).resolves.toBeUndefined();
  });
});
