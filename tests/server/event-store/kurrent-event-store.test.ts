import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import {
  WrongExpectedVersionError,
  StreamNotFoundError,
  UnavailableError,
  type KurrentDBClient,
} from '@kurrent/kurrentdb-client';
import { createKurrentEventStore } from '@server/event-store/kurrent-event-store';
import {
  readPositionAfter,
  toPortError,
  toKurrentEvents,
  toRecorded,
  toStreamState,
} from '@server/event-store/kurrent-event-mapping';
import { validateAppend } from '@server/event-store/event-validation';
import {
  CHAIN_KEY,
  GENESIS,
  chainHash,
  verifyStore,
  verifyStream,
} from '@server/event-store/hash-chain';
import { startKurrentSubscription } from '@server/event-store/kurrent-subscription';
import {
  StreamNotFound,
  WrongExpectedVersion,
  type RecordedEvent,
} from '@server/event-store/event-store';
import {
  eventually,
  newEvent,
  rejectionOf,
  sleep,
} from './event-store-fixtures';
import { createFakeKurrent } from './kurrent-fake-server';
import { withResilientSubscriptions } from '@server/event-store/resilient-subscription';

/** A resolved $all event as the client hands it over. */
function resolved(
  streamId: string,
  revision: number,
  position: number,
  type = 'Tested',
) {
  const p = BigInt(position);
  return {
    event: {
      streamId,
      id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
      isJson: true as const,
      revision: BigInt(revision),
      type,
      created: new Date('2025-01-01T00:00:00.000Z'),
      data: { position },
      metadata: undefined,
      position: { commit: p, prepare: p },
    },
    commitPosition: p,
  };
}

describe('KurrentDB adapter mapping (no server needed)', () => {
  it('maps expected states and positions onto the client types', () => {
    expect([
      toStreamState('no_stream'),
      toStreamState('any'),
      toStreamState('stream_exists'),
      toStreamState(4),
    ]).toEqual(['no_stream', 'any', 'stream_exists', 4n]);
    expect(readPositionAfter(undefined)).toBe('start');
    expect(readPositionAfter(0)).toBe('start');
    expect(readPositionAfter(1234)).toEqual({ commit: 1234n, prepare: 1234n });
  });

  it('maps the client errors onto the port errors', () => {
    const wrong = new WrongExpectedVersionError(undefined, {
      streamName: 'deal-1',
      expected: 2n,
      current: 5n,
    });
    expect(toPortError(wrong, 'deal-1', 2)).toEqual(
      new WrongExpectedVersion('deal-1', 2, 5),
    );
    const missing = new WrongExpectedVersionError(undefined, {
      streamName: 'deal-1',
      expected: 'stream_exists',
      current: 'no_stream',
    });
    expect(toPortError(missing, 'deal-1', 'stream_exists')).toMatchObject({
      actual: -1,
      expected: 'stream_exists',
    });
    const notFound = toPortError(
      new StreamNotFoundError(undefined, 'deal-2'),
      'deal-2',
    );
    expect(notFound).toBeInstanceOf(StreamNotFound);
    expect(notFound).toMatchObject({ streamId: 'deal-2' });
    const other = new Error('unavailable');
    expect(toPortError(other, 'deal-3')).toBe(other);
  });

  it('turns resolved events into RecordedEvents and drops system events', () => {
    expect(toRecorded(resolved('deal-1', 3, 812))).toEqual({
      id: '00000000-0000-4000-8000-000000000812',
      type: 'Tested',
      data: { position: 812 },
      metadata: null,
      hash: null,
      streamId: 'deal-1',
      revision: 3,
      position: 812,
      recordedAt: '2025-01-01T00:00:00.000Z',
    });
    expect(toRecorded(resolved('$ce-deal', 0, 900, '$>'))).toBeUndefined();
    expect(toRecorded(resolved('deal-1', 0, 901, '$metadata'))).toBeUndefined();
    const binary = resolved('deal-1', 0, 902);
    expect(() =>
      toRecorded({
        ...binary,
        event: { ...binary.event, isJson: false },
      } as never),
    ).toThrow('stream deal-1 at position 902');
  });

  it('chains each appended event in its metadata and strips the hash again on read', () => {
    const events = [
      {
        id: '00000000-0000-4000-8000-000000000001',
        type: 'Tested',
        data: { a: 1 },
        metadata: { actor: 'x' },
      },
      {
        id: '00000000-0000-4000-8000-000000000002',
        type: 'Tested',
        data: { a: 2 },
        metadata: {},
      },
    ];
    const serialised = validateAppend('deal-1', events, 'any');
    const proposed = toKurrentEvents('deal-1', events, serialised, GENESIS);
    const first = chainHash(GENESIS, 'Tested', '{"a":1}', '{"actor":"x"}');
    expect(proposed.map((e) => e.metadata)).toEqual([
      { actor: 'x', [CHAIN_KEY]: first },
      { [CHAIN_KEY]: chainHash(first, 'Tested', '{"a":2}', '{}') },
    ]);
    const back = (i: number) => {
      const r = resolved('deal-1', i, 900 + i);
      return toRecorded({
        ...r,
        event: {
          ...r.event,
          data: events[i]!.data,
          metadata: proposed[i]!.metadata,
        },
      } as never)!;
    };
    const recorded = [back(0), back(1)];
    expect(recorded.map((r) => r.metadata)).toEqual([{ actor: 'x' }, {}]);
    expect(verifyStream('deal-1', recorded)).toMatchObject({
      ok: true,
      events: 2,
    });
    expect(
      verifyStream('deal-1', [
        recorded[0]!,
        { ...recorded[1]!, data: { a: 3 } },
      ]).firstBreak,
    ).toMatchObject({ revision: 1, reason: 'mismatch' });
  });

  it('refuses event ids that are not UUIDs before reaching the server', async () => {
    const store = createKurrentEventStore({
      connectionString: 'kurrentdb://127.0.0.1:1?tls=false',
    });
    const error = await rejectionOf(
      store.append('deal-1', [{ ...newEvent(), id: 'not-a-uuid' }], 'any'),
    );
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toContain('must be a UUID');
    await store.close();
    expect(await rejectionOf(store.readAll())).toMatchObject({
      message: 'Event store is closed',
    });
  });

  it('batches what the subscription has buffered, awaits the handler, drops repeats, and closes', async () => {
    const stream = new PassThrough({ objectMode: true });
    let unsubscribed = false;
    const source = Object.assign(stream, {
      async unsubscribe() {
        unsubscribed = true;
        stream.destroy();
      },
    });
    const client = {
      subscribeToAll: () => source,
    } as unknown as KurrentDBClient;
    const batches: RecordedEvent[][] = [];
    let busy = false;
    const subscription = startKurrentSubscription(
      client,
      { after: 100, batchSize: 3 },
      async (batch) => {
        expect(busy).toBe(false); // never two handler calls at once
        busy = true;
        batches.push(batch);
        await sleep(20);
        busy = false;
      },
    );
    for (const position of [100, 110, 120, 130, 140])
      source.write(resolved('deal-1', position / 10, position));
    source.write(resolved('$ce-deal', 0, 145, '$>'));
    await eventually(() => batches.flat().length === 4, 5_000, 'four events');
    source.write(resolved('deal-1', 14, 140)); // a repeat must not be delivered twice
    source.write(resolved('deal-2', 0, 150));
    await eventually(
      () => batches.flat().length === 5,
      5_000,
      'the live event',
    );

    expect(batches.flat().map((e) => e.position)).toEqual([
      110, 120, 130, 140, 150,
    ]);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(3);
    await subscription.close();
    expect(unsubscribed).toBe(true);
    await expect(subscription.done).resolves.toBeUndefined();
  });
});

describe('KurrentDB subscriptions over the client when the connection breaks (no server needed)', () => {
  it("settles done as the port says: a dropped connection rejects it with the client's UnavailableError, a stream the server ends resolves it", async () => {
    const fake = createFakeKurrent();
    const store = createKurrentEventStore({
      connectionString: '',
      client: fake.client,
    });
    await store.append('deal-1', [newEvent(), newEvent()], 'no_stream');
    const received: RecordedEvent[] = [];
    const dropped = store.subscribe(
      {},
      (batch) => void received.push(...batch),
    );
    await eventually(() => received.length === 2, 5_000, 'two events');
    fake.breakSubscriptions('unavailable');
    const error = await rejectionOf(dropped.done);
    expect(error).toBeInstanceOf(UnavailableError);

    const ended = store.subscribe(
      { after: received[1]!.position },
      () => undefined,
    );
    await eventually(
      () => fake.openCalls().length === 1,
      5_000,
      'a second call',
    );
    fake.breakSubscriptions('ended');
    await expect(ended.done).resolves.toBeUndefined();
    await store.close();
  });

  it('resumes through the client from the last delivered position: the new call asks the server for exactly that position', async () => {
    const fake = createFakeKurrent();
    const store = withResilientSubscriptions(
      createKurrentEventStore({ connectionString: '', client: fake.client }),
      { initialDelayMs: 5 },
    );
    await store.append(
      'deal-1',
      [newEvent(), newEvent(), newEvent()],
      'no_stream',
    );
    const received: RecordedEvent[] = [];
    const subscription = store.subscribe(
      { name: 'read-models' },
      (batch) => void received.push(...batch),
    );
    await eventually(() => received.length === 3, 5_000, 'three events');
    fake.breakSubscriptions('unavailable');
    await eventually(
      () => fake.calls.length === 2 && fake.openCalls().length === 1,
      5_000,
      'a second call',
    );
    const position = fake.calls[1]!.request.getOptions()!
      .getAll()!
      .getPosition()!;
    expect(Number(position.getCommitPosition())).toBe(received[2]!.position);
    await store.append('deal-1', [newEvent()], 2);
    await eventually(() => received.length === 4, 5_000, 'the live event');
    // KurrentDB re-sends the event at the requested position; it is not delivered twice.
    expect(new Set(received.map((e) => e.position)).size).toBe(4);
    await subscription.close();
    await store.close();
  });
});

describe('KurrentDB appends through the client (no server needed)', () => {
  it('chains racing appends with any from the event each one follows: they land at exact revisions and retry when they lose', async () => {
    const fake = createFakeKurrent();
    const store = createKurrentEventStore({
      connectionString: '',
      client: fake.client,
    });
    await store.append('link-push-deal-1', [newEvent()], 'no_stream');
    const racing = Array.from({ length: 8 }, () => [newEvent(), newEvent()]);
    await Promise.all(
      racing.map((events) => store.append('link-push-deal-1', events, 'any')),
    );
    const read = await store.readStream('link-push-deal-1');
    expect(read).toHaveLength(17);
    expect(verifyStream('link-push-deal-1', read)).toMatchObject({
      ok: true,
      events: 17,
    });
    // Every append reached the server with an exact expected revision, and more than 9 were sent: some lost a race and went again.
    expect(fake.appends.length).toBeGreaterThan(9);
    // The head was read from the leader, never from a follower that may lag.
    expect(
      fake.bridgeReads.every(
        (read) => read.options.requiresLeader || read.kind === 'all',
      ),
    ).toBe(true);
    await store.close();
  });
});

describe('KurrentDB metadata through the client (no server needed)', () => {
  it('reads metadata back exactly as written, and an event another tool wrote without metadata as null', async () => {
    const fake = createFakeKurrent();
    const store = createKurrentEventStore({
      connectionString: '',
      client: fake.client,
    });
    const shapes = [{}, { z: 1, a: { b: [] } }];
    await store.append(
      'deal-9',
      shapes.map((metadata) => ({ ...newEvent(), metadata })),
      'no_stream',
    );
    fake.writeRaw('deal-9', 'Imported', { x: 1 }, Buffer.alloc(0));
    const read = await store.readStream('deal-9');
    expect(read.map((e) => e.metadata)).toEqual([...shapes, null]);
    expect(read.map((e) => e.hash === null)).toEqual([false, false, true]);
    expect(verifyStream('deal-9', read.slice(0, 2))).toMatchObject({
      ok: true,
    });
    await store.close();
  });
});

describe('KurrentDB readAll through the client (no server needed)', () => {
  it('fills each page although system events in user streams are dropped, so paging and verify reach the end', async () => {
    const fake = createFakeKurrent({ eventsPerRead: 3 });
    const store = createKurrentEventStore({
      connectionString: '',
      client: fake.client,
    });
    for (let i = 0; i < 6; i++) {
      await store.append(`deal-${i}`, [newEvent(), newEvent()], 'no_stream');
      // A link a projection wrote into a user stream: the server counts it, the adapter drops it.
      fake.writeRaw(`deal-${i}`, '$>', { link: i }, Buffer.alloc(0));
    }
    const pages: number[] = [];
    for (let after = 0; ; ) {
      const page = await store.readAll({ after, maxCount: 4 });
      if (page.length === 0) break;
      pages.push(page.length);
      after = page.at(-1)!.position;
    }
    expect(pages).toEqual([4, 4, 4]);
    expect(await verifyStore(store, 4)).toEqual({
      streams: 6,
      events: 12,
      breaks: [],
    });
    await store.close();
  });
});

describe('KurrentDB subscription batches through the client (no server needed)', () => {
  it("fills batches up to the batch size asked for: the client's stream buffers a whole batch while the handler works", async () => {
    const fake = createFakeKurrent();
    const store = createKurrentEventStore({
      connectionString: '',
      client: fake.client,
    });
    for (let i = 0; i < 7; i++)
      await store.append(
        `deal-${i}`,
        Array.from({ length: 100 }, () => newEvent()),
        'no_stream',
      );
    const sizes: number[] = [];
    const subscription = store.subscribe({ batchSize: 256 }, async (batch) => {
      sizes.push(batch.length);
      await sleep(40); // a read-model transaction's worth of work: the client buffers meanwhile
    });
    await eventually(
      () => sizes.reduce((a, b) => a + b, 0) === 700,
      10_000,
      'every event',
    );
    expect(Math.max(...sizes)).toBe(256);
    expect(sizes.length).toBeLessThanOrEqual(5);
    await subscription.close();
    await store.close();
  });
});

describe('KurrentDB close through the client (no server needed)', () => {
  it('waits for appends in flight before disposing the client: they get their answer, not a CancelledError', async () => {
    const fake = createFakeKurrent();
    const store = createKurrentEventStore({
      connectionString: '',
      client: fake.client,
    });
    const release = fake.holdAppends();
    const pending = store.append('deal-1', [newEvent()], 'no_stream');
    await eventually(
      () => fake.appends.length === 1,
      5_000,
      'the append to reach the server',
    );
    let closed = false;
    const closing = store.close().then(() => (closed = true));
    await sleep(50);
    expect(closed).toBe(false);
    expect(
      await rejectionOf(store.append('deal-2', [newEvent()], 'no_stream')),
    ).toMatchObject({
      message: 'Event store is closed',
    });
    release();
    await expect(pending).resolves.toEqual({
      nextExpectedRevision: 0,
      position: fake.log[0]!.position,
    });
    await closing;
    expect(closed).toBe(true);
  });
});

describe('KurrentDB append results through the client (no server needed)', () => {
  it('refuses a wrong expected version also when the connection string says throwOnAppendFailure=false', async () => {
    for (const throwOnAppendFailure of [false, true]) {
      const fake = createFakeKurrent({ throwOnAppendFailure });
      const store = createKurrentEventStore({
        connectionString: '',
        client: fake.client,
      });
      await store.append('deal-1', [newEvent()], 'no_stream');
      const stale = await rejectionOf(store.append('deal-1', [newEvent()], 5));
      expect(stale).toBeInstanceOf(WrongExpectedVersion);
      expect(stale).toMatchObject({
        streamId: 'deal-1',
        expected: 5,
        actual: 0,
      });
      expect(
        await rejectionOf(store.append('deal-1', [newEvent()], 'no_stream')),
      ).toMatchObject({
        name: 'WrongExpectedVersion',
        actual: 0,
      });
      // An `any` append that loses a race (answered "wrong version") reads the head again and lands.
      fake.answerWrongVersion(2);
      expect(await store.append('deal-1', [newEvent()], 'any')).toMatchObject({
        nextExpectedRevision: 1,
      });
      expect(fake.log).toHaveLength(2);
      expect(
        verifyStream('deal-1', await store.readStream('deal-1')),
      ).toMatchObject({
        ok: true,
        events: 2,
      });
      await store.close();
    }
  });
});

describe('KurrentDB deadlines and leader reads through the client (no server needed)', () => {
  it('fails every read of a hung node after the deadline with an error naming the call', async () => {
    const fake = createFakeKurrent();
    const store = createKurrentEventStore({
      connectionString: '',
      client: fake.client,
      deadlineMs: 60,
    });
    await store.append('deal-1', [newEvent()], 'no_stream');
    fake.hangReads();
    expect(await rejectionOf(store.readStream('deal-1'))).toMatchObject({
      message: 'KurrentDB (reading deal-1) did not answer within 60 ms',
    });
    expect(
      await rejectionOf(store.readAll({ after: 0, maxCount: 10 })),
    ).toMatchObject({
      message: 'KurrentDB (reading $all) did not answer within 60 ms',
    });
    expect(await rejectionOf(store.headPosition())).toMatchObject({
      message:
        'KurrentDB (reading the head of $all) did not answer within 60 ms',
    });
    // An append whose head read hangs fails too, before anything is sent.
    expect(
      await rejectionOf(store.append('deal-1', [newEvent()], 'any')),
    ).toMatchObject({
      message:
        'KurrentDB (reading deal-1 to append) did not answer within 60 ms',
    });
    expect(fake.appends).toHaveLength(1);
    fake.hangReads(false);
    await store.close();
  });

  it('sends every append with the deadline, and names the stream when the server does not answer in time', async () => {
    const fake = createFakeKurrent();
    const store = createKurrentEventStore({
      connectionString: '',
      client: fake.client,
      deadlineMs: 80,
    });
    fake.holdAppends();
    const sent = Date.now();
    const error = await rejectionOf(
      store.append('deal-2', [newEvent()], 'no_stream'),
    );
    expect(error).toMatchObject({
      message:
        'KurrentDB did not answer the call on deal-2 within its deadline',
    });
    expect((error as Error).cause).toMatchObject({ type: 'deadline-exceeded' });
    const deadline = fake.appends[0]!.deadline as Date;
    expect(deadline.getTime() - sent).toBeGreaterThanOrEqual(70);
    expect(deadline.getTime() - sent).toBeLessThan(1_000);
    await store.close();
  });

  it('reads what a write depends on from the leader: the stream a command loads, and the head an append chains from', async () => {
    const fake = createFakeKurrent();
    const store = createKurrentEventStore({
      connectionString: '',
      client: fake.client,
    });
    await store.append('deal-3', [newEvent()], 'no_stream');
    await store.readStream('deal-3');
    await store.append('deal-3', [newEvent()], 0);
    await store.append('deal-3', [newEvent()], 'any');
    const streamReads = fake.bridgeReads.filter(
      (read) => read.kind === 'stream',
    );
    expect(streamReads.length).toBeGreaterThanOrEqual(3);
    expect(streamReads.every((read) => read.options.requiresLeader)).toBe(true);
    await store.close();
  });
});
