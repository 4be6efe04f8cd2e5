import type { DealCommand } from '@machines/deal/deal.commands';
import { decideDeal } from '@machines/deal/deal.commands';
import { dealMachine } from '@machines/deal/deal.machine';
import type { DealEvent } from '@machines/deal/deal.events';
import type { MilestonePlanItem } from '@machines/deal/deal-milestones';
import { breakdown } from '@machines/money';
import { fold, initialOf, step } from '@machines/statechart';
import type { Actor } from '@machines/events/metadata';
import {
  actors,
  at,
  dealHistory,
  event,
  metadata,
} from '@tests/support/event-factory';

/**
 * A deal with milestones for the specs: three milestones of €100, €80 and €70 (the factory's
 * €250 deal, fee €20.50 shared 820 / 656 / 574), one revision round, paid and bank connected.
 */

export const plan: MilestonePlanItem[] = [
  {
    title: 'Story',
    deliverables: ['1 Instagram Story'],
    amountCents: 10_000,
    dueDate: '2026-03-10',
  },
  {
    title: 'TikTok',
    deliverables: ['1 TikTok Video'],
    amountCents: 8_000,
    dueDate: '2026-03-17',
  },
  {
    title: 'Post',
    deliverables: ['1 Instagram Post'],
    amountCents: 7_000,
    dueDate: '2026-03-24',
  },
];

export const milestoneDeal = (
  milestones: MilestonePlanItem[] = plan,
): DealEvent[] => [
  event(
    'DealCreated',
    { dealId: 42, revisionRounds: 1, milestones },
    at(0),
    actors.brand,
  ),
  dealHistory.checkout(),
  dealHistory.paid(),
  dealHistory.accepted(),
  dealHistory.onboarding(),
  dealHistory.bank(),
];

/**
 * A paid, accepted, bank-connected deal whose plan has the given amounts (the fee by the deal's
 * rate, shared over them), for properties over random plans.
 */
export function randomPlanDeal(amounts: readonly number[]): {
  history: DealEvent[];
  money: ReturnType<typeof breakdown>;
} {
  const money = breakdown(
    amounts.reduce((s, x) => s + x, 0),
    'deal',
  );
  const milestones = amounts.map((amountCents, i) => ({
    title: `M${i + 1}`,
    deliverables: [],
    amountCents,
    dueDate: '2026-12-01',
  }));
  const created = { dealId: 7, ...money, revisionRounds: 1, milestones };
  const history = [
    event('DealCreated', created, at(0), actors.brand),
    event('CheckoutSessionCreated', { totalCents: money.totalCents }, at(0.2)),
    event('PaymentSucceeded', { amountCents: money.totalCents }, at(0.5)),
    dealHistory.accepted(),
    dealHistory.onboarding(),
    dealHistory.bank(),
  ];
  return { history, money };
}

/** The brand's dispute of milestone `milestone` (72 h), as a command. */
export const disputeCommand = (milestone: number, reason = 'Off brief') =>
  ({
    type: 'OpenDispute',
    milestone,
    reason,
    description: null,
    disputePeriodHours: 72,
  }) as const;

export type Snapshot = ReturnType<typeof initialOf<typeof dealMachine>>;

export const replay = (events: DealEvent[]): Snapshot =>
  fold(dealMachine, events, initialOf(dealMachine));

/** Runs a command as the bus does: decided, then each event checked by the statechart and applied. */
export function run(
  snapshot: Snapshot,
  command: DealCommand,
  hours: number,
  actor: Actor = actors.brand,
): { snapshot: Snapshot; events: DealEvent[] } {
  const now = at(hours);
  const drafts = decideDeal(command, snapshot, now);
  const events: DealEvent[] = [];
  let s = snapshot;
  for (const draft of drafts) {
    const e = { ...draft, metadata: metadata(now, actor) } as DealEvent;
    if (!s.can(e)) throw new Error(`The statechart refused ${e.type}`);
    s = step(dealMachine, s, e);
    events.push(e);
  }
  return { snapshot: s, events };
}

/** The plan's deal with milestone 1 delivered, released by the brand and paid out (from `hours`). */
export function firstMilestonePaidOut(hours = 1): Snapshot {
  let s = replay(milestoneDeal());
  s = run(
    s,
    { type: 'DeliverContent', milestone: 1, reviewPeriodHours: 48 },
    hours,
    actors.creatorLink,
  ).snapshot;
  s = run(
    s,
    { type: 'ReleaseFunds', milestone: 1, trigger: 'brand', key: 'k1' },
    hours + 1,
  ).snapshot;
  return run(
    s,
    { type: 'RecordTransfer', key: 'k1', transferId: 'tr_1' },
    hours + 1.1,
    actors.system,
  ).snapshot;
}
