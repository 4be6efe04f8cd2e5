import { afterAll, describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { dealMachine } from '@machines/deal/deal.machine';
import { dealEventDefinitions } from '@machines/deal/deal.events';
import {
  dealActions,
  dealStateView,
  probeEvent,
} from '@machines/deal/deal.view';
import { stateKey } from '@machines/statechart';
import { dealAggregate } from '@server/commands/aggregate';
import {
  dealModelEvents,
  modelNow,
  serializeDealModelState,
} from '@tests/support/deal-model';
import { HOUR } from '@tests/support/event-factory';
import { createModelWalker } from '@tests/support/model-walk';
import { openPipeline } from '@tests/support/pipeline';

/**
 * Model-based tests of the deal statechart through the real command pipeline on SQLite.
 *
 * Shortest paths: to every vertex of the fine abstraction (state + hold, link, bank onboarding,
 * review started/elapsed, dispute elapsed, the one revision round used, and "just resumed from hold"). Simple paths: every simple
 * path of a coarser abstraction (final states collapse, link and onboarding dropped) in which nothing
 * but admin actions happen while held — without that bound the 26-vertex graph has 3,668 simple
 * paths (45,794 steps); with it 86. When written: 116 shortest + 86 simple paths, 1,654 steps,
 * ~59,000 probes (16 actions at two instants — now and 1,000 h later — in every state reached), ~15 s.
 * With revision rounds (changes requested, redelivered; the model's deal has one round): 252
 * shortest + 99 simple paths, 3,530 steps, ~132,000 probes (17 actions).
 * The counts are asserted loosely so a statechart change that explodes them is noticed.
 */
type Snapshot = SnapshotFrom<typeof dealMachine>;

const p = openPipeline('deal-model');
afterAll(() => p.close());

const walker = createModelWalker(p, {
  aggregate: dealAggregate,
  eventTypes: dealEventDefinitions.map((d) => d.type),
  actions: dealActions,
  view: dealStateView,
  probe: probeEvent,
  instants: (s: Snapshot) => {
    const now = modelNow(s.context);
    return [now, new Date(Date.parse(now) + 1_000 * HOUR).toISOString()];
  },
});

/** A vertex "just resumed from hold" (only when the resume was accepted), so shortest paths walk hold → resume too. */
const fine = (s: Snapshot, e?: { type: string }, prev?: Snapshot) =>
  `${serializeDealModelState(s)}${e?.type === 'DealReleasedFromHold' && prev?.context.hold && !s.context.hold ? '~resumed' : ''}`;
const finalStates = new Set([
  'completed',
  'approved_after_dispute',
  'cancelled',
  'deleted',
]);
const coarse = (s: Snapshot) => {
  const key = stateKey(s.value);
  if (finalStates.has(key)) return key;
  const c = s.context;
  const flags = [
    c.hold && 'held',
    c.reviewPeriodEndsAt && 'review',
    c.reviewElapsedAt && 'review-elapsed',
    c.disputeElapsedAt && 'dispute-elapsed',
    // Money in flight: the session that can fund the deal, a release or refund asked for and not answered.
    c.openSession && 'session',
    c.pendingRelease && `releasing-${c.pendingRelease.trigger}`,
    c.pendingRefund && 'refunding',
  ];
  return `${key}[${flags.filter(Boolean).join(',')}]`;
};
const adminOnlyWhileHeld = new Set([
  'DealReleasedFromHold',
  'FundsReleaseRequested',
  'FundsReleased',
  'RefundRequested',
  'DealRefunded',
  'RefundFailed',
  'DealCompletedManually',
  'TransferFailed',
  'ChargebackOpened',
]);

const gatewayAnswers = new Set([
  'FundsReleased',
  'TransferFailed',
  'DealRefunded',
  'RefundFailed',
]);
const webhookLoops = new Set([
  'UnexpectedPaymentReceived',
  'DuplicatePaymentRefunded',
  'CheckoutSessionClosed',
  'PaymentFailed',
]);
const name = (path: { steps: { event: { type: string } }[] }) =>
  path.steps
    .slice(1)
    .map((s) => s.event.type)
    .join(' → ');
const shortest = createTestModel(dealMachine, {
  events: dealModelEvents,
  serializeState: fine,
}).getShortestPaths();
const simple = createTestModel(dealMachine, {
  events: dealModelEvents,
  serializeState: coarse,
  filterEvents: (s, e) => {
    // An intent is answered before anything else happens (the reactor answers at once); webhook
    // self-loops (failures, late payments, closed sessions) are left to the shortest paths and specs.
    if (s.context.pendingRelease || s.context.pendingRefund)
      return gatewayAnswers.has(e.type);
    if (webhookLoops.has(e.type)) return false;
    return s.context.hold === null || adminOnlyWhileHeld.has(e.type);
  },
}).getSimplePaths();

describe('deal model: shortest paths through the pipeline', () => {
  it('covers every state, the hold and resume, and stays bounded', () => {
    const reached = new Set(
      shortest.flatMap((path) =>
        path.steps.map((s) => stateKey(s.state.value)),
      ),
    );
    expect([...reached].sort()).toEqual(
      [
        'new',
        'approved_after_dispute',
        'cancelled',
        'completed',
        'deleted',
        'delivered',
        'changes_requested',
        'dispute',
        'pending_delivery.accepted',
        'pending_delivery.awaiting_acceptance',
        'pending_delivery.bank_connected',
        'pending_payment',
      ].sort(),
    );
    for (const type of [
      'DealReleasedFromHold',
      'ChangesRequested',
      'ContentRedelivered',
    ])
      expect(
        shortest.some((path) => path.steps.some((s) => s.event.type === type)),
      ).toBe(true);
    // A delivered deal whose one revision round is used: the change request is refused there.
    expect(
      shortest.some((path) =>
        path.steps.some((s) =>
          serializeDealModelState(s.state).includes('rounds-used'),
        ),
      ),
    ).toBe(true);
    expect(shortest.length).toBeGreaterThan(50);
    expect(shortest.length).toBeLessThan(400);
  });

  it.each(shortest.map((path) => [name(path), path] as const))(
    '%s',
    async (_d, path) => {
      walker.begin('s');
      await path.test(walker.paramsFor(serializeDealModelState));
    },
  );
});

describe('deal model: simple paths through the pipeline', () => {
  it('stays bounded', () => {
    expect(simple.length).toBeGreaterThan(30);
    expect(simple.length).toBeLessThan(400);
  });

  it.each(simple.map((path) => [name(path), path] as const))(
    '%s',
    async (_d, path) => {
      walker.begin('p');
      await path.test(walker.paramsFor(coarse));
    },
  );

  it('ran every path', () => {
    expect(walker.stats.paths).toBe(shortest.length + simple.length);
    console.info(
      `deal model: ${shortest.length} shortest + ${simple.length} simple paths, ${walker.stats.steps} steps, ${walker.stats.probes} probes`,
    );
    expect(walker.stats.probes).toBeGreaterThan(walker.stats.steps * 16);
  });
});
