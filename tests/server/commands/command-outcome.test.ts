import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dealAggregate } from '@server/commands/aggregate';
import {
  createCommandBus,
  type CommandBus,
  type CommandOutcome,
} from '@server/commands/command-bus';
import { DomainError } from '@server/commands/domain-error';
import { dealGiven, dealHistory } from '@tests/support/event-factory';
import {
  ctxOf,
  draftOf,
  givenStream,
  openPipeline,
  type Pipeline,
} from '@tests/support/pipeline';

/** The bus's `onOutcome` callback (metrics): one report per command, after its final answer. */
let p: Pipeline;
let outcomes: CommandOutcome[];
let bus: CommandBus;
beforeEach(() => {
  p = openPipeline('command-outcome');
  outcomes = [];
  bus = createCommandBus({
    store: p.store,
    clock: p.clock,
    onOutcome: (o) => outcomes.push(o),
  });
});
afterEach(() => p.close());

const stream = 'deal-7';
const strip = ({ durationMs, ...rest }: CommandOutcome) => (
  expect(durationMs).toBeGreaterThanOrEqual(0),
  rest
);

describe('command outcomes', () => {
  it('reports an accepted command with the event it decided on', async () => {
    const [created] = dealGiven.awaitingAcceptance();
    await bus.execute(
      dealAggregate,
      stream,
      () => [draftOf(created!)],
      ctxOf(),
    );
    expect(outcomes.map(strip)).toEqual([
      {
        aggregate: 'deal',
        type: 'DealCreated',
        outcome: 'accepted',
        code: null,
      },
    ]);
  });

  it('reports a refusal once, with its code, also when a stale cache made the bus decide twice', async () => {
    await givenStream(p, dealAggregate, stream, dealGiven.awaitingAcceptance());
    await bus.execute(dealAggregate, stream, () => [], ctxOf()); // caches the stream in this bus
    outcomes.length = 0;
    await givenStream(p, dealAggregate, stream, [dealHistory.accepted()]); // another instance moves it on
    const decisions: number[] = [];
    await expect(
      bus.execute(
        dealAggregate,
        stream,
        (state) => {
          decisions.push(state.revision);
          throw new DomainError('auditor_read_only');
        },
        ctxOf(),
      ),
    ).rejects.toThrow('Auditors can view but not act');
    expect(decisions.length).toBe(2);
    expect(outcomes.map(strip)).toEqual([
      {
        aggregate: 'deal',
        type: 'none',
        outcome: 'refused',
        code: 'forbidden',
      },
    ]);
  });

  it('reports a transition the statechart refuses under the event type tried', async () => {
    await givenStream(p, dealAggregate, stream, dealGiven.awaitingAcceptance());
    outcomes.length = 0;
    await expect(
      bus.execute(
        dealAggregate,
        stream,
        () => [draftOf(dealHistory.onboarding())],
        ctxOf(),
      ),
    ).rejects.toThrow();
    expect(outcomes.map(strip)).toEqual([
      {
        aggregate: 'deal',
        type: 'BankOnboardingStarted',
        outcome: 'refused',
        code: 'illegal_transition',
      },
    ]);
  });

  it('reports no-ops as unchanged and store failures as failed, and a throwing observer never fails a command', async () => {
    await bus.execute(dealAggregate, stream, () => [], ctxOf());
    const throwing = createCommandBus({
      store: p.store,
      clock: p.clock,
      onOutcome: () => {
        throw new Error('observer broke');
      },
    });
    const [created] = dealGiven.awaitingAcceptance();
    await expect(
      throwing.execute(
        dealAggregate,
        stream,
        () => [draftOf(created!)],
        ctxOf(),
      ),
    ).resolves.toMatchObject({ revision: 0 });
    await p.store.close();
    await expect(
      bus.execute(dealAggregate, 'deal-8', () => [draftOf(created!)], ctxOf()),
    ).rejects.toThrow();
    expect(outcomes.map(strip)).toEqual([
      { aggregate: 'deal', type: 'none', outcome: 'unchanged', code: null },
      { aggregate: 'deal', type: 'none', outcome: 'failed', code: 'Error' }, // the read failed before any decision
    ]);
  });
});
