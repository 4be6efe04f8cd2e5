import { describe, expect, it } from 'vitest';
import type {
  EventStore,
  RecordedEvent,
} from '@server/event-store/event-store';
import {
  eventually,
  expectStrictlyIncreasing,
  newEvents,
  newStream,
  rejectionOf,
  sleep,
} from './event-store-fixtures';

export function describeSubscriptionContract(store: () => EventStore): void {
  describe('subscribe', () => {
    it('catches up in batches, then goes live with no gap and no duplicate while appends race the switch', async () => {
      const start = await store().headPosition();
      const streams = [newStream('sub'), newStream('sub'), newStream('sub')];
      const mine = new Set(streams);
      const expected: string[] = [];
      for (let i = 0; i < 30; i += 1) {
        const events = newEvents(1 + (i % 2));
        await store().append(streams[i % 3]!, events, 'any');
        expected.push(...events.map((e) => e.id));
      }

      const received: RecordedEvent[] = [];
      const batchSizes: number[] = [];
      let handlerCalls = 0;
      const subscription = store().subscribe(
        { after: start, batchSize: 7 },
        async (batch) => {
          handlerCalls += 1;
          batchSizes.push(batch.length);
          received.push(...batch.filter((e) => mine.has(e.streamId)));
          if (handlerCalls % 3 === 0) await sleep(5); // a slow consumer: appends pile up meanwhile
        },
      );

      // Appends start at once, so some land during catch-up and some after it went live.
      for (let i = 0; i < 40; i += 1) {
        const events = newEvents(1 + (i % 3));
        await Promise.all([
          store().append(streams[i % 3]!, events, 'any'),
          i % 5 === 0 ? sleep(2) : Promise.resolve(),
        ]);
        expected.push(...events.map((e) => e.id));
      }
      await eventually(
        () => received.length >= expected.length,
        20_000,
        'subscription to deliver every event',
      );
      await sleep(50);

      expect(received.map((e) => e.id)).toEqual(expected);
      expect(expectStrictlyIncreasing(received.map((e) => e.position))).toBe(
        true,
      );
      expect(Math.max(...batchSizes)).toBeLessThanOrEqual(7);
      expect(received[0]!.position).toBeGreaterThan(start);

      await subscription.close();
      const callsAtClose = handlerCalls;
      await store().append(streams[0]!, newEvents(1), 'any');
      await sleep(300);
      expect(handlerCalls).toBe(callsAtClose);
      await expect(subscription.done).resolves.toBeUndefined();
    });

    it('starts strictly after the given position', async () => {
      const stream = newStream('sub');
      const events = newEvents(6);
      await store().append(stream, events.slice(0, 3), 'no_stream');
      const { position } = await store().append(stream, events.slice(3, 4), 2);
      await store().append(stream, events.slice(4), 3);

      const received: RecordedEvent[] = [];
      const subscription = store().subscribe({ after: position }, (batch) => {
        received.push(...batch.filter((e) => e.streamId === stream));
      });
      await eventually(
        () => received.length >= 2,
        10_000,
        'two events after the position',
      );
      await sleep(50);
      await subscription.close();
      expect(received.map((e) => e.id)).toEqual(
        events.slice(4).map((e) => e.id),
      );
    });

    it('rejects done when the handler throws, and stops delivering', async () => {
      const stream = newStream('sub');
      const head = await store().headPosition();
      let calls = 0;
      const subscription = store().subscribe({ after: head }, () => {
        calls += 1;
        throw new Error('projection failed');
      });
      await store().append(stream, newEvents(1), 'no_stream');
      const error = await rejectionOf(subscription.done);
      expect(error).toMatchObject({ message: 'projection failed' });
      await store().append(stream, newEvents(1), 0);
      await sleep(200);
      expect(calls).toBe(1);
      await subscription.close();
    });

    it('close waits for the running handler call', async () => {
      const stream = newStream('sub');
      const head = await store().headPosition();
      let running = false;
      let finished = false;
      const subscription = store().subscribe({ after: head }, async () => {
        running = true;
        await sleep(150);
        finished = true;
      });
      await store().append(stream, newEvents(1), 'no_stream');
      await eventually(() => running, 10_000, 'the handler to start');
      await subscription.close();
      expect(finished).toBe(true);
    });
  });

  describe('close', () => {
    it('refuses work once the store is closed', async () => {
      const stream = newStream();
      await store().append(stream, newEvents(1), 'no_stream');
      await store().close();
      await expect(store().close()).resolves.toBeUndefined();
      expect(
        await rejectionOf(store().append(stream, newEvents(1), 0)),
      ).toBeInstanceOf(Error);
      expect(await rejectionOf(store().readStream(stream))).toBeInstanceOf(
        Error,
      );
    });
  });
}
