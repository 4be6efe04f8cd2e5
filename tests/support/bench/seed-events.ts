import { randomUUID } from 'node:crypto';
import type { AnyStateMachine } from 'xstate';
import { openEventDatabase } from '@server/event-store/sqlite-database';
import { dealMachine } from '@machines/deal/deal.machine';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import { userMachine } from '@machines/account/user.machine';
import { fold, initialOf, stateKey } from '@machines/statechart';
import {
  actors,
  at,
  EFFECT_KEY,
  event,
  terms,
  type AnyEventType,
  type DataOf,
} from '@tests/support/event-factory';

/**
 * Seeds a SQLite event log with a realistic mix, fast: raw inserts in big transactions into the
 * adapter's own schema. Deals (complete lifecycles, disputes, some still unpaid), payment requests
 * and users, interleaved 100 streams at a time; every event carries the `metadata.state` the
 * statechart reaches (computed once per template by replaying it through the machine).
 */
type Step = { type: AnyEventType; data: (n: number) => object };
interface Template {
  prefix: string;
  machine: AnyStateMachine;
  steps: Step[];
  states: string[];
}

const dealTerms = (n: number) => terms(10_000 + (n % 1_000) * 100);
const token = (kind: string, n: number) =>
  `${kind}${String(n).padStart(24, '0')}`;
const dealSteps = (variant: 'released' | 'dispute' | 'unpaid'): Step[] => {
  const s = (
    type: AnyEventType,
    data: (n: number) => object = () => ({}),
  ): Step => ({
    type,
    data,
  });
  const head = [
    s('DealCreated', (n) => ({
      dealId: n,
      ownerId: `u_${n % 5_000}`,
      ...dealTerms(n),
    })),
    s('ShareLinkGenerated', (n) => ({ token: token('d', n) })),
    s('CheckoutSessionCreated', (n) => ({
      totalCents: dealTerms(n).totalCents,
    })),
  ];
  if (variant === 'unpaid') return head;
  const paid = [
    // The brand pays exactly the deal's total: anything else is an unexpected payment, and the
    // deal would never leave pending_payment.
    s('PaymentSucceeded', (n) => ({ amountCents: dealTerms(n).totalCents })),
    s('CreatorAccepted'),
    s('BankOnboardingStarted'),
    s('BankAccountConnected'),
    s('ContentDelivered'),
    s('ReviewPeriodStarted', () => ({ startsAt: at(2), endsAt: at(50) })),
  ];
  // The release's intent, then its outcome under the same key (the order the payments runner writes).
  const release = [
    s('FundsReleaseRequested', (n) => ({
      trigger: 'brand',
      key: EFFECT_KEY,
      amountCents: dealTerms(n).amountCents,
    })),
    s('FundsReleased', (n) => ({
      trigger: 'brand',
      key: EFFECT_KEY,
      amountCents: dealTerms(n).amountCents,
    })),
  ];
  const end =
    variant === 'dispute'
      ? [s('DisputeOpened', () => ({ endsAt: at(80) })), ...release]
      : release;
  return [...head, ...paid, ...end];
};
const requestSteps: Step[] = [
  {
    type: 'PaymentRequestCreated',
    data: (n) => ({
      requestId: n,
      creatorId: `u_${n % 5_000}`,
      token: token('r', n),
      expiresAt: at(240),
    }),
  },
  { type: 'PaymentRequestAccepted', data: () => ({}) },
  { type: 'PaymentRequestCheckoutCreated', data: () => ({}) },
  { type: 'PaymentRequestPaid', data: () => ({}) },
  { type: 'PaymentRequestPayoutRequested', data: () => ({ key: EFFECT_KEY }) },
  { type: 'PaymentRequestCompleted', data: () => ({ key: EFFECT_KEY }) },
];
const userSteps: Step[] = [
  {
    type: 'UserRegistered',
    data: (n) => ({
      userId: `u_${n}`,
      username: `user${n}`,
      email: `user${n}@example.com`,
    }),
  },
  { type: 'OnboardingCompleted', data: () => ({}) },
];

function template(
  prefix: string,
  machine: AnyStateMachine,
  steps: Step[],
  ends: string,
): Template {
  const events = steps.map((s, i) =>
    event(s.type, s.data(1) as Partial<DataOf<typeof s.type>>, at(i * 0.01)),
  );
  const states = events.map((_, i) =>
    stateKey(
      fold(machine, events.slice(0, i + 1) as never, initialOf(machine)).value,
    ),
  );
  // Every history must be one the statechart takes to its end: a step it refuses would leave the
  // stamped state behind and the read models would fold a history no deal can have.
  if (states.at(-1) !== ends)
    throw new Error(`${prefix} history ends in ${states.join(' → ')}`);
  return { prefix, machine, steps, states };
}

/** Writes about `total` events; returns how many. */
export function seedEventStore(path: string, total: number): number {
  const templates = {
    released: template('deal', dealMachine, dealSteps('released'), 'completed'),
    dispute: template(
      'deal',
      dealMachine,
      dealSteps('dispute'),
      'approved_after_dispute',
    ),
    unpaid: template(
      'deal',
      dealMachine,
      dealSteps('unpaid'),
      'pending_payment',
    ),
    request: template(
      'payment-request',
      paymentRequestMachine,
      requestSteps,
      'completed',
    ),
    user: template('user', userMachine, userSteps, 'onboarded'),
  };
  const db = openEventDatabase(path);
  db.pragma('synchronous = OFF');
  const insert = db.prepare(
    'INSERT INTO events (stream_id, revision, event_id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const recordedAt = new Date().toISOString();
  let written = 0;
  let n = 0;
  const writeBlock = db.transaction(() => {
    const block: { t: Template; n: number }[] = [];
    for (let i = 0; i < 100; i++) {
      n += 1;
      const kind =
        n % 10 === 0
          ? 'user'
          : n % 3 === 0
            ? 'request'
            : n % 5 === 0
              ? 'dispute'
              : n % 7 === 0
                ? 'unpaid'
                : 'released';
      block.push({ t: templates[kind], n });
    }
    for (let step = 0; step < 13; step++) {
      for (const { t, n: id } of block) {
        const s = t.steps[step];
        if (!s) continue;
        const base = event(
          s.type,
          s.data(id) as Partial<DataOf<typeof s.type>>,
          at(step * 0.01),
          actors.system,
        );
        const metadata = {
          ...base.metadata,
          correlationId: `c${id}`,
          state: t.states[step],
        };
        insert.run(
          `${t.prefix}-${id}`,
          step,
          randomUUID(),
          s.type,
          JSON.stringify(base.data),
          JSON.stringify(metadata),
          recordedAt,
        );
        written += 1;
      }
    }
  });
  while (written < total) writeBlock();
  db.close();
  return written;
}
