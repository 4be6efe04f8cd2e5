import { describe, expect, it } from 'vitest';
import {
  StreamNotFound,
  WrongExpectedVersion,
  type EventData,
  type EventStore,
} from '@server/event-store/event-store';
import {
  newEvent,
  newEvents,
  newStream,
  rejectionOf,
} from './event-store-fixtures';

async function expectWrongVersion(
  attempt: Promise<unknown>,
  streamId: string,
  expected: unknown,
  actual: number,
): Promise<void> {
  const error = await rejectionOf(attempt);
  expect(error).toBeInstanceOf(WrongExpectedVersion);
  expect(error).toMatchObject({
    name: 'WrongExpectedVersion',
    streamId,
    expected,
    actual,
  });
}

export function describeAppendContract(store: () => EventStore): void {
  describe('append: expected state', () => {
    it('no_stream creates a stream whose revisions start at 0', async () => {
      const stream = newStream();
      const events = newEvents(3);
      const result = await store().append(stream, events, 'no_stream');
      expect(result.nextExpectedRevision).toBe(2);

      const read = await store().readStream(stream);
      expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
      expect(read.map((e) => e.id)).toEqual(events.map((e) => e.id));
      expect(read[2]!.position).toBe(result.position);
      read.forEach((recorded, i) => {
        expect(recorded).toMatchObject({
          streamId: stream,
          type: 'Tested',
          data: events[i]!.data,
          metadata: events[i]!.metadata,
        });
        expect(Number.isNaN(Date.parse(recorded.recordedAt))).toBe(false);
      });
    });

    it('no_stream on an existing stream is WrongExpectedVersion naming the stream and its revision', async () => {
      const stream = newStream();
      await store().append(stream, newEvents(2), 'no_stream');
      await expectWrongVersion(
        store().append(stream, newEvents(1), 'no_stream'),
        stream,
        'no_stream',
        1,
      );
    });

    it('an exact revision appends only when it is the current revision', async () => {
      const stream = newStream();
      await store().append(stream, newEvents(1), 'no_stream');
      const second = await store().append(stream, newEvents(2), 0);
      expect(second.nextExpectedRevision).toBe(2);
      await expectWrongVersion(
        store().append(stream, newEvents(1), 1),
        stream,
        1,
        2,
      );
      await expectWrongVersion(
        store().append(stream, newEvents(1), 7),
        stream,
        7,
        2,
      );
      await expectWrongVersion(
        store().append(newStream(), newEvents(1), 0),
        expect.any(String),
        0,
        -1,
      );
      expect(await store().readStream(stream)).toHaveLength(3);
    });

    it('stream_exists needs the stream to exist', async () => {
      const stream = newStream();
      await expectWrongVersion(
        store().append(stream, newEvents(1), 'stream_exists'),
        stream,
        'stream_exists',
        -1,
      );
      await store().append(stream, newEvents(1), 'any');
      const result = await store().append(
        stream,
        newEvents(1),
        'stream_exists',
      );
      expect(result.nextExpectedRevision).toBe(1);
    });

    it('any appends whatever the state', async () => {
      const stream = newStream();
      expect(
        (await store().append(stream, newEvents(1), 'any'))
          .nextExpectedRevision,
      ).toBe(0);
      expect(
        (await store().append(stream, newEvents(2), 'any'))
          .nextExpectedRevision,
      ).toBe(2);
    });
  });

  describe('append: idempotency by event id', () => {
    it('re-appending the same ids at the same expected revision acknowledges without duplicating', async () => {
      const stream = newStream();
      const first = newEvents(2);
      const original = await store().append(stream, first, 'no_stream');
      expect(await store().append(stream, first, 'no_stream')).toEqual(
        original,
      );

      const second = newEvents(2);
      const next = await store().append(stream, second, 1);
      await store().append(stream, newEvents(1), 3); // the stream moves on
      expect(await store().append(stream, second, 1)).toEqual(next);
      expect((await store().readStream(stream)).map((e) => e.id)).toEqual(
        [...first, ...second].map((e) => e.id).concat(expect.any(String)),
      );
    });

    it('re-appending the same ids with any acknowledges without duplicating', async () => {
      const stream = newStream();
      const events = newEvents(2);
      const original = await store().append(stream, events, 'any');
      await store().append(stream, newEvents(1), 'any');
      expect(await store().append(stream, events, 'any')).toEqual(original);
      expect(await store().readStream(stream)).toHaveLength(3);
    });

    it('ids already in the stream at another position are a WrongExpectedVersion', async () => {
      const stream = newStream();
      const [a, b] = newEvents(2) as [EventData, EventData];
      await store().append(stream, [a, b], 'no_stream');
      await expectWrongVersion(
        store().append(stream, [b], 'no_stream'),
        stream,
        'no_stream',
        1,
      );
      await expectWrongVersion(store().append(stream, [a], 0), stream, 0, 1);
      // part of an earlier append plus a new event is not a retry
      await expectWrongVersion(
        store().append(stream, [a, newEvent()], 'no_stream'),
        stream,
        'no_stream',
        1,
      );
      expect(await store().readStream(stream)).toHaveLength(2);
    });
  });

  describe('append: bad input', () => {
    it('refuses bad stream names, events, ids and expected states before writing', async () => {
      const stream = newStream();
      const bad: [string, unknown, unknown][] = [
        ['', newEvents(1), 'any'],
        ['$system', newEvents(1), 'any'],
        [stream, [], 'any'],
        [stream, [{ ...newEvent(), id: '' }], 'any'],
        [stream, [{ ...newEvent(), type: '' }], 'any'],
        [stream, [{ ...newEvent(), type: '$metadata' }], 'any'],
        [stream, [{ ...newEvent(), data: undefined }], 'any'],
        [stream, newEvents(1), -1],
        [stream, newEvents(1), 'latest'],
      ];
      for (const [name, events, expected] of bad) {
        const error = await rejectionOf(
          store().append(name, events as EventData[], expected as 'any'),
        );
        expect(error).toBeInstanceOf(TypeError);
      }
      const duplicate = newEvent();
      expect(
        await rejectionOf(
          store().append(stream, [duplicate, duplicate], 'any'),
        ),
      ).toBeInstanceOf(TypeError);
      expect(await rejectionOf(store().readStream(stream))).toBeInstanceOf(
        StreamNotFound,
      );
    });
  });
}
