import { afterAll, describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import {
  paymentRequestEventDefinitions,
  type PaymentRequestEvent,
} from '@machines/payment-request/payment-request.events';
import {
  paymentRequestActions,
  paymentRequestStateView,
  probePaymentRequestEvent,
} from '@machines/payment-request/payment-request.view';
import { stateKey } from '@machines/statechart';
import { paymentRequestAggregate } from '@server/commands/aggregate';
import { actors, event, HOUR, T0 } from '@tests/support/event-factory';
import { createModelWalker } from '@tests/support/model-walk';
import { openPipeline } from '@tests/support/pipeline';

/**
 * Model-based tests of the payment-request statechart through the real pipeline on SQLite. The
 * request expires 10 days after T0; the model's "now" is a minute after the latest recorded time,
 * and the expiry event lands exactly at expiresAt. Vertices: state + hold + checkout opened.
 * Probes at three instants: now, 1 ms before expiry, and at expiry.
 */
type Snapshot = SnapshotFrom<typeof paymentRequestMachine>;

const expiresAt = new Date(Date.parse(T0) + 240 * HOUR).toISOString();
const times = [
  'createdAt',
  'acceptedAt',
  'paidAt',
  'completedAt',
  'expiredAt',
  'rejectedAt',
] as const;
function modelNow(s: Snapshot): string {
  const c = s.context as unknown as Record<string, unknown>;
  const all = times
    .map((f) => c[f])
    .filter((v): v is string => typeof v === 'string')
    .map(Date.parse);
  return new Date(
    (all.length ? Math.max(...all) : Date.parse(T0)) + 60_000,
  ).toISOString();
}

function requestEvents(s: Snapshot): PaymentRequestEvent[] {
  const now = modelNow(s);
  const make = (
    type: PaymentRequestEvent['type'],
    data: object = {},
    at = now,
  ) => event(type, data, at, actors.system) as unknown as PaymentRequestEvent;
  const specific: Partial<
    Record<PaymentRequestEvent['type'], () => PaymentRequestEvent[]>
  > = {
    PaymentRequestCreated: () => [
      make('PaymentRequestCreated', {
        amountCents: 40_000,
        feeCents: 2_000,
        totalCents: 42_000,
        expiresAt,
      }),
    ],
    PaymentRequestExpired: () => [
      make(
        'PaymentRequestExpired',
        { expiresAt },
        Date.parse(now) > Date.parse(expiresAt) ? now : expiresAt,
      ),
    ],
  };
  return paymentRequestEventDefinitions.flatMap(
    (d) => specific[d.type]?.() ?? [make(d.type)],
  );
}

const serialize = (s: Snapshot) => {
  const c = s.context as unknown as {
    hold?: unknown;
    checkoutSessionId: string | null;
  };
  return `${stateKey(s.value)}[${[c.hold ? 'held' : '', c.checkoutSessionId ? 'checkout' : ''].filter(Boolean).join(',')}]`;
};

const p = openPipeline('request-model');
afterAll(() => p.close());

const walker = createModelWalker(p, {
  aggregate: paymentRequestAggregate,
  eventTypes: paymentRequestEventDefinitions.map((d) => d.type),
  actions: paymentRequestActions,
  view: paymentRequestStateView,
  probe: probePaymentRequestEvent,
  instants: (s: Snapshot) => [
    modelNow(s),
    new Date(Date.parse(expiresAt) - 1).toISOString(),
    expiresAt,
  ],
});

const model = createTestModel(paymentRequestMachine, {
  events: requestEvents,
  serializeState: serialize,
});
const shortest = model.getShortestPaths();
const simple = model.getSimplePaths();
const name = (path: { steps: { event: { type: string } }[] }) =>
  path.steps
    .slice(1)
    .map((s) => s.event.type)
    .join(' → ');

describe('payment-request model through the pipeline', () => {
  it('reaches every state', () => {
    const reached = new Set(
      [...shortest, ...simple].flatMap((path) =>
        path.steps.map((s) => stateKey(s.state.value)),
      ),
    );
    for (const state of [
      'new',
      'pending',
      'accepted',
      'paid',
      'completed',
      'expired',
      'rejected',
    ])
      expect(reached).toContain(state);
    expect(simple.length).toBeLessThan(500);
  });

  it.each(shortest.map((path) => [name(path), path] as const))(
    'shortest: %s',
    async (_n, path) => {
      walker.begin('s');
      await path.test(walker.paramsFor(serialize));
    },
  );

  it.each(simple.map((path) => [name(path), path] as const))(
    'simple: %s',
    async (_n, path) => {
      walker.begin('p');
      await path.test(walker.paramsFor(serialize));
    },
  );

  it('ran every path', () => {
    expect(walker.stats.paths).toBe(shortest.length + simple.length);
    console.info(
      `payment-request model: ${shortest.length} shortest + ${simple.length} simple paths, ${walker.stats.steps} steps, ${walker.stats.probes} probes`,
    );
  });
});
