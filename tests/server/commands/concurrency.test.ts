import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dealAggregate } from '@server/commands/aggregate';
import { DomainError } from '@server/commands/domain-error';
import {
  actors,
  at,
  dealGiven,
  dealHistory,
  event,
} from '@tests/support/event-factory';
import {
  ctxOf,
  draftOf,
  givenStream,
  openPipeline,
  type Pipeline,
} from '@tests/support/pipeline';

/** 200 concurrent conflicting commands on one deal: one event per transition, none lost, none duplicated. */
let p: Pipeline;
beforeEach(() => {
  p = openPipeline('concurrency');
});
afterEach(async () => {
  await p.close();
});

const stream = 'deal-42';
const N = 200;
const release = () =>
  event('FundsReleased', { trigger: 'brand' }, at(3), actors.brand);
const intents: Record<string, () => never> = {
  accept: () => draftOf(dealHistory.accepted()),
  bank: () => draftOf(event('BankAccountConnected', { accountId: 'acct_1Pq' })),
  deliver: () => draftOf(dealHistory.delivered()),
  release: () => draftOf(release()),
};

async function settleAll(commands: (() => Promise<unknown>)[]) {
  const results = await Promise.allSettled(commands.map((run) => run()));
  const fulfilled = results
    .filter((r) => r.status === 'fulfilled')
    .map(
      (r) => (r as PromiseFulfilledResult<{ events: { id: string }[] }>).value,
    );
  const rejected = results
    .filter((r) => r.status === 'rejected')
    .map((r) => (r as PromiseRejectedResult).reason as unknown);
  return { fulfilled, rejected };
}

async function expectConsistentStream() {
  const events = await p.store.readStream(stream);
  expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => i));
  expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  return events;
}

describe('concurrency on one deal', () => {
  it(`${N} × accept: exactly one CreatorAccepted, every other command refused as illegal`, async () => {
    await givenStream(p, dealAggregate, stream, dealGiven.awaitingAcceptance());
    const buses = [p.bus, p.newBus()];
    const { fulfilled, rejected } = await settleAll(
      Array.from(
        { length: N },
        (_, i) => () =>
          buses[i % 2]!.execute(
            dealAggregate,
            stream,
            () => [intents.accept!()],
            ctxOf(actors.creatorLink),
          ),
      ),
    );
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(N - 1);
    for (const error of rejected)
      expect(error).toMatchObject({ kind: 'illegal_transition' });
    const events = await expectConsistentStream();
    expect(events.map((e) => e.type)).toEqual([
      'DealCreated',
      'CheckoutSessionCreated',
      'PaymentSucceeded',
      'CreatorAccepted',
    ]);
    expect(events[3]!.id).toBe(fulfilled[0]!.events[0]!.id);
  });

  it(`${N} concurrent "advance one step" commands: the whole lifecycle once, in order`, async () => {
    await givenStream(p, dealAggregate, stream, dealGiven.awaitingAcceptance());
    const next: Record<string, keyof typeof intents> = {
      awaiting_acceptance: 'accept',
      accepted: 'bank',
      bank_connected: 'deliver',
      delivered: 'release',
    };
    const advance = () =>
      p.bus.execute(
        dealAggregate,
        stream,
        ({ snapshot }) => {
          const value = snapshot.value;
          const key =
            typeof value === 'string' ? value : Object.values(value)[0]!;
          const intent = next[key as string];
          return intent ? [intents[intent]!()] : [];
        },
        ctxOf(),
      );
    const { fulfilled, rejected } = await settleAll(
      Array.from({ length: N }, () => advance),
    );
    expect(rejected).toEqual([]);
    const appended = fulfilled.flatMap((r) => r.events.map((e) => e.id));
    expect(appended).toHaveLength(4);
    const events = await expectConsistentStream();
    expect(events.map((e) => e.type)).toEqual([
      'DealCreated',
      'CheckoutSessionCreated',
      'PaymentSucceeded',
      'CreatorAccepted',
      'BankAccountConnected',
      'ContentDelivered',
      'FundsReleased',
    ]);
    expect(new Set(appended)).toEqual(
      new Set(events.slice(3).map((e) => e.id)),
    );
  });

  it(`${N} mixed accept / bank / deliver / release commands: each transition at most once, every success stored, every failure a refusal`, async () => {
    await givenStream(p, dealAggregate, stream, dealGiven.awaitingAcceptance());
    const order = ['accept', 'bank', 'deliver', 'release'] as const;
    const { fulfilled, rejected } = await settleAll(
      Array.from(
        { length: N },
        (_, i) => () =>
          p.bus.execute(
            dealAggregate,
            stream,
            () => [intents[order[i % 4]!]!()],
            ctxOf(),
          ),
      ),
    );
    for (const error of rejected) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe('illegal_transition');
    }
    const events = await expectConsistentStream();
    const newEvents = events.slice(3);
    const types = newEvents.map((e) => e.type);
    expect(new Set(types).size).toBe(types.length);
    expect(
      [
        'CreatorAccepted',
        'BankAccountConnected',
        'ContentDelivered',
        'FundsReleased',
      ].slice(0, types.length),
    ).toEqual(types);
    expect(types[0]).toBe('CreatorAccepted');
    expect(fulfilled.flatMap((r) => r.events.map((e) => e.id)).sort()).toEqual(
      newEvents.map((e) => e.id).sort(),
    );
    expect(fulfilled.length + rejected.length).toBe(N);
  });
});
