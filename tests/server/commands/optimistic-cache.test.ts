import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { dealAggregate } from '@server/commands/aggregate';
import { initialOf, step } from '@machines/statechart';
import { dealMachine } from '@machines/deal/deal.machine';
import { actors, dealGiven, dealHistory } from '@tests/support/event-factory';
import {
  ctxOf,
  draftOf,
  givenStream,
  openPipeline,
  rejectionOf,
  whenCommand,
  type Pipeline,
} from '@tests/support/pipeline';

/**
 * The bus decides on a cached snapshot without reading the stream (ADR 0008): the expected
 * revision of the append verifies it. These pin down what happens when the cache is stale.
 */
let p: Pipeline;
beforeEach(() => {
  p = openPipeline('optimistic-cache');
});
afterEach(async () => {
  await p.close();
});

const stream = 'deal-42';
const types = async () => (await p.store.readStream(stream)).map((e) => e.type);

describe('optimistic snapshot cache', () => {
  it('a hot command appends without reading the stream first', async () => {
    await givenStream(p, dealAggregate, stream, dealGiven.awaitingAcceptance());
    const reads: string[] = [];
    const readStream = p.store.readStream.bind(p.store);
    p.store.readStream = (id, options) => (
      reads.push(id),
      readStream(id, options)
    );
    await whenCommand(p, dealAggregate, stream, dealHistory.accepted());
    expect(reads).toEqual([]);
    expect(await types()).toEqual([
      'DealCreated',
      'CheckoutSessionCreated',
      'PaymentSucceeded',
      'CreatorAccepted',
    ]);
  });

  it('a stale cache (another instance appended) is caught by the expected revision and retried', async () => {
    const other = p.newBus();
    await givenStream(p, dealAggregate, stream, dealGiven.awaitingAcceptance());
    await whenCommand(p, dealAggregate, stream, dealHistory.accepted(), other);
    // p.bus still caches awaiting_acceptance at revision 1; the stream is at 2 (accepted).
    await whenCommand(p, dealAggregate, stream, dealHistory.onboarding());
    expect(await types()).toEqual([
      'DealCreated',
      'CheckoutSessionCreated',
      'PaymentSucceeded',
      'CreatorAccepted',
      'BankOnboardingStarted',
    ]);
  });

  it('a refusal decided on a stale cache is re-checked against the stream before it is answered', async () => {
    const other = p.newBus();
    await givenStream(p, dealAggregate, stream, dealGiven.awaitingAcceptance());
    await whenCommand(p, dealAggregate, stream, dealHistory.accepted(), other);
    // On the stale snapshot (awaiting acceptance) onboarding would be refused; on the stream it is not.
    const decided: string[] = [];
    const result = await p.bus.execute(
      dealAggregate,
      stream,
      (state) => {
        decided.push(
          state.snapshot.context.influencerAcceptedAt === null
            ? 'stale'
            : 'fresh',
        );
        if (state.snapshot.context.influencerAcceptedAt === null) return [];
        return [draftOf(dealHistory.onboarding())];
      },
      ctxOf(actors.creator),
    );
    expect(decided).toEqual(['stale', 'fresh']);
    expect(result.revision).toBe(4);
  });

  it.each([
    ['answers at once', false],
    ['answers later (a promise)', true],
  ])(
    'an event the stale cached state refuses is re-checked against the stream (a decider that %s)',
    async (_, later) => {
      const other = p.newBus();
      await givenStream(
        p,
        dealAggregate,
        stream,
        dealGiven.awaitingAcceptance(),
      );
      await whenCommand(
        p,
        dealAggregate,
        stream,
        dealHistory.accepted(),
        other,
      );
      // Onboarding is refused while awaiting acceptance (the stale cache) and taken once accepted.
      const decided: string[] = [];
      const decide = (state: {
        snapshot: { context: { influencerAcceptedAt: string | null } };
      }) => {
        decided.push(
          state.snapshot.context.influencerAcceptedAt === null
            ? 'stale'
            : 'fresh',
        );
        return [draftOf(dealHistory.onboarding())];
      };
      const result = await p.bus.execute(
        dealAggregate,
        stream,
        (state) => (later ? Promise.resolve(decide(state)) : decide(state)),
        ctxOf(actors.creator),
      );
      expect(decided).toEqual(['stale', 'fresh']);
      expect(result.revision).toBe(4);
    },
  );

  it('a command refused on a fresh state is still refused, with the stream unchanged', async () => {
    await givenStream(p, dealAggregate, stream, dealGiven.accepted());
    const error = await rejectionOf(
      whenCommand(p, dealAggregate, stream, dealHistory.delivered()),
    );
    expect(error).toMatchObject({ kind: 'illegal_transition' });
    expect(await types()).toEqual([
      'DealCreated',
      'CheckoutSessionCreated',
      'PaymentSucceeded',
      'CreatorAccepted',
    ]);
  });
});

describe('step: transitions through a shared inert actor scope', () => {
  it('gives the same snapshots as xstate transition() along a whole lifecycle', () => {
    let expected = initialOf(dealMachine);
    let actual = initialOf(dealMachine);
    expect(actual.toJSON()).toEqual(expected.toJSON());
    for (const event of dealGiven.completed()) {
      expected = transition(dealMachine, expected, event as never)[0];
      actual = step(dealMachine, actual, event as never);
      expect(actual.value).toEqual(expected.value);
      expect(actual.context).toEqual(expected.context);
      expect(actual.toJSON()).toEqual(expected.toJSON());
    }
    expect(actual.value).toBe('completed');
  });
});
