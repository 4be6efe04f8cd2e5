import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dealAggregate } from '@server/commands/aggregate';
import { DomainError } from '@server/commands/domain-error';
import { StreamNotFound } from '@server/event-store/event-store';
import { EventDecodeError } from '@machines/events/codec';
import {
  actors,
  at,
  dealGiven,
  dealHistory,
  event,
  metadata,
  terms,
} from '@tests/support/event-factory';
import {
  ctxOf,
  draftOf,
  givenStream,
  openPipeline,
  rejectionOf,
  whenCommand,
  type Pipeline,
} from '@tests/support/pipeline';

let p: Pipeline;
beforeEach(() => {
  p = openPipeline('command-bus');
});
afterEach(async () => {
  await p.close();
});

const stream = 'deal-42';
const types = async (streamId = stream) =>
  (await p.store.readStream(streamId)).map((e) => e.type);

describe('command pipeline: given / when / then', () => {
  it('appends the accepted event with metadata stamped by the pipeline, incl. the state reached', async () => {
    await givenStream(p, dealAggregate, stream, dealGiven.awaitingAcceptance());
    p.clock.set(at(1));
    const result = await p.bus.execute(
      dealAggregate,
      stream,
      () => [draftOf(dealHistory.accepted())],
      {
        actor: actors.creatorLink,
        correlationId: 'req-1',
        causationId: 'evt-0',
      },
    );
    expect(result.revision).toBe(3);
    expect(result.snapshot.value).toEqual({ pending_delivery: 'accepted' });
    expect(result.events).toHaveLength(1);
    expect(result.position).toBe(await p.store.headPosition());
    const stored = (await p.store.readStream(stream))[3]!;
    expect(stored.type).toBe('CreatorAccepted');
    expect(stored.metadata).toEqual({
      actor: actors.creatorLink,
      at: at(1),
      correlationId: 'req-1',
      causationId: 'evt-0',
      schemaVersion: 1,
      state: 'pending_delivery.accepted',
    });
  });

  it('several drafts of one command are checked in order and appended together', async () => {
    await givenStream(p, dealAggregate, stream, dealGiven.bankConnected());
    const result = await p.bus.execute(
      dealAggregate,
      stream,
      () => [
        draftOf(dealHistory.delivered()),
        draftOf(dealHistory.reviewStarted()),
      ],
      ctxOf(),
    );
    expect(
      result.events.map((e) => (e.metadata as { state: string }).state),
    ).toEqual(['delivered', 'delivered']);
    expect(await types()).toEqual([
      'DealCreated',
      'CheckoutSessionCreated',
      'PaymentSucceeded',
      'CreatorAccepted',
      'BankOnboardingStarted',
      'BankAccountConnected',
      'ContentDelivered',
      'ReviewPeriodStarted',
    ]);
  });

  it('an empty decision appends nothing and answers the head position', async () => {
    await givenStream(p, dealAggregate, stream, dealGiven.pendingPayment());
    const result = await p.bus.execute(
      dealAggregate,
      stream,
      () => [],
      ctxOf(),
    );
    expect(result).toMatchObject({
      revision: 0,
      events: [],
      position: await p.store.headPosition(),
    });
  });

  it('an illegal transition is refused with a coded error naming the status; nothing is appended', async () => {
    await givenStream(p, dealAggregate, stream, dealGiven.accepted());
    const head = await p.store.headPosition();
    const error = await rejectionOf(
      whenCommand(p, dealAggregate, stream, dealHistory.delivered()),
    );
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      kind: 'illegal_transition',
      status: 409,
      details: { eventType: 'ContentDelivered', status: 'pending_delivery' },
    });
    expect(error.message).toBe(
      'Cannot mark the assignment as completed while the deal is pending_delivery',
    );
    expect(await p.store.headPosition()).toBe(head);
  });
});

describe('command pipeline: bad input is refused before anything is appended', () => {
  it('invalid data → validation_failed with the zod issues; the stream is never created', async () => {
    const error = await rejectionOf(
      p.bus.execute(
        dealAggregate,
        stream,
        () => [
          {
            type: 'DealCreated',
            data: { ...dealHistory.created().data, amountCents: 'lots' },
          } as never,
        ],
        ctxOf(),
      ),
    );
    expect(error).toMatchObject({ kind: 'validation_failed', status: 400 });
    expect(error.message).toMatch(/^Invalid DealCreated: /);
    expect((error as DomainError).details?.issues).toBeInstanceOf(Array);
    await expect(p.store.readStream(stream)).rejects.toBeInstanceOf(
      StreamNotFound,
    );
  });

  it('an amount over the cap is refused by the schema (the machine guard would refuse it too)', async () => {
    const error = await rejectionOf(
      p.bus.execute(
        dealAggregate,
        stream,
        () => [draftOf(event('DealCreated', terms(175_001)))],
        ctxOf(),
      ),
    );
    expect(error).toMatchObject({ kind: 'validation_failed' });
    expect(await p.store.headPosition()).toBe(0);
  });

  it('an unknown event type → invalid_event', async () => {
    const error = await rejectionOf(
      p.bus.execute(
        dealAggregate,
        stream,
        () => [{ type: 'DealTeleported', data: {} } as never],
        ctxOf(),
      ),
    );
    expect(error).toMatchObject({ kind: 'invalid_event', status: 400 });
  });

  it('one bad draft among several refuses the whole command', async () => {
    await givenStream(p, dealAggregate, stream, dealGiven.bankConnected());
    const head = await p.store.headPosition();
    const error = await rejectionOf(
      p.bus.execute(
        dealAggregate,
        stream,
        () => [
          draftOf(dealHistory.delivered()),
          { type: 'ReviewPeriodStarted', data: { startsAt: 'now' } } as never,
        ],
        ctxOf(),
      ),
    );
    expect(error).toMatchObject({ kind: 'validation_failed' });
    expect(await p.store.headPosition()).toBe(head);
  });
});

describe('command pipeline: what is read back from the store is decoded, never skipped', () => {
  const raw = (type: string, data: unknown, id = 'raw-1') => ({
    id,
    type,
    data,
    metadata: metadata(at(0)),
  });

  it('an unknown stored event type is an error naming the stream and the position', async () => {
    await p.store.append(
      'deal-7',
      [
        raw('DealCreated', dealHistory.created().data, 'a'),
        raw('DealTeleported', {}, 'b'),
      ],
      'no_stream',
    );
    const position = await p.store.headPosition();
    const error = await rejectionOf(
      whenCommand(p, dealAggregate, 'deal-7', dealHistory.paid()),
    );
    expect(error).toBeInstanceOf(EventDecodeError);
    expect(error).toMatchObject({ streamId: 'deal-7', position });
    expect(error.message).toContain(`deal-7 at position ${position}`);
  });

  it('a malformed stored payload is an error naming the stream and the position', async () => {
    await p.store.append(
      'deal-8',
      [
        raw('DealCreated', {
          ...dealHistory.created().data,
          amountCents: 'abc',
        }),
      ],
      'no_stream',
    );
    const error = await rejectionOf(
      whenCommand(p, dealAggregate, 'deal-8', dealHistory.paid()),
    );
    expect(error).toMatchObject({
      name: 'EventDecodeError',
      streamId: 'deal-8',
      position: 1,
    });
    expect(error.message).toMatch(/malformed data/);
  });
});

describe('command pipeline: snapshot cache', () => {
  it('a write by another bus instance is seen by a bus with a cached snapshot', async () => {
    const other = p.newBus();
    await givenStream(p, dealAggregate, stream, dealGiven.awaitingAcceptance()); // p.bus caches revision 1
    await whenCommand(p, dealAggregate, stream, dealHistory.accepted(), other);
    const refused = await rejectionOf(
      whenCommand(p, dealAggregate, stream, dealHistory.accepted()),
    );
    expect(refused).toMatchObject({ kind: 'illegal_transition' });
    const result = await whenCommand(
      p,
      dealAggregate,
      stream,
      dealHistory.onboarding(),
    );
    expect(result.revision).toBe(4);
    expect(
      (await p.bus.load(dealAggregate, stream)).snapshot.context
        .onboardingAccountId,
    ).toBe('acct_1Pq');
    expect(await types()).toEqual([
      'DealCreated',
      'CheckoutSessionCreated',
      'PaymentSucceeded',
      'CreatorAccepted',
      'BankOnboardingStarted',
    ]);
  });

  it('a cached snapshot equals a fresh replay', async () => {
    await givenStream(p, dealAggregate, stream, dealGiven.dispute());
    const cached = await p.bus.load(dealAggregate, stream);
    const fresh = await p.newBus().load(dealAggregate, stream);
    expect(cached.revision).toBe(fresh.revision);
    expect(cached.snapshot.value).toEqual(fresh.snapshot.value);
    expect(cached.snapshot.context).toEqual(fresh.snapshot.context);
  });
});
