import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  feeShares,
  milestonePlanRefusal,
  type MilestonePlanItem,
} from '@machines/deal/deal-milestones';
import { balanceOf, trialBalance } from '@machines/escrow/escrow-accounts';
import { breakdown, MAX_DEAL_CENTS } from '@machines/money';
import { statusOf } from '@machines/statechart';
import { actors } from '@tests/support/event-factory';
import {
  randomPlanDeal,
  replay,
  run,
  type Snapshot,
} from './milestones-support';

/**
 * Random milestone plans and outcomes: the amounts add up to the deal's amount, the fee shares to
 * the deal's fee (largest remainder), and the escrow's trial balance is zero after every event of
 * every lifecycle; once every milestone has its outcome the escrow is empty.
 */

const amounts = fc
  .array(fc.integer({ min: 100, max: 40_000 }), { minLength: 1, maxLength: 10 })
  .filter((a) => a.reduce((s, x) => s + x, 0) <= MAX_DEAL_CENTS);

describe('fee shares', () => {
  it('add up to the fee exactly, each within a cent of its exact share', () => {
    fc.assert(
      fc.property(amounts, (list) => {
        const total = list.reduce((s, x) => s + x, 0);
        const { feeCents } = breakdown(total, 'deal');
        const shares = feeShares(list, feeCents);
        expect(shares.reduce((s, x) => s + x, 0)).toBe(feeCents);
        shares.forEach((share, i) => {
          const exact = (list[i]! * feeCents) / total;
          expect(share).toBeGreaterThanOrEqual(Math.floor(exact));
          expect(share).toBeLessThanOrEqual(Math.ceil(exact));
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('milestone plans', () => {
  const item = (
    amountCents: number,
    dueDate = '2026-04-01',
  ): MilestonePlanItem => ({
    title: 'Part',
    deliverables: [],
    amountCents,
    dueDate,
  });
  it('refuses 0 or 11 milestones, sums off, amounts under €1, due dates past, the €1,750 limit', () => {
    const today = '2026-03-02';
    expect(milestonePlanRefusal([], 0, today)).toBe('milestones_count');
    expect(
      milestonePlanRefusal(
        Array.from({ length: 11 }, () => item(100)),
        1_100,
        today,
      ),
    ).toBe('milestones_count');
    expect(milestonePlanRefusal([item(100), item(200)], 301, today)).toBe(
      'milestones_sum_mismatch',
    );
    expect(milestonePlanRefusal([item(99), item(201)], 300, today)).toBe(
      'milestone_amount_too_small',
    );
    expect(
      milestonePlanRefusal([item(100), item(100, '2026-03-01')], 200, today),
    ).toBe('milestone_due_in_past');
    expect(
      milestonePlanRefusal([item(100_000), item(75_001)], 175_001, today),
    ).toBe('milestones_above_limit');
    expect(
      milestonePlanRefusal(
        [{ ...item(100), title: ' ' }, item(100)],
        200,
        today,
      ),
    ).toBe('milestone_title_required');
    expect(
      milestonePlanRefusal([item(100), item(100, today)], 200, today),
    ).toBeNull();
  });
});

type Outcome =
  | 'approve'
  | 'auto'
  | 'dispute_elapsed'
  | 'split'
  | 'refund'
  | 'changes';
const outcome = fc.constantFrom<Outcome>(
  'approve',
  'auto',
  'dispute_elapsed',
  'split',
  'refund',
  'changes',
);

/** One milestone's way to its outcome, as commands with the hour each is given at. */
function walk(
  s: Snapshot,
  index: number,
  way: Outcome,
  share: number,
  t: number,
): Snapshot {
  const steps: [Parameters<typeof run>[1], number][] = [];
  const deliver = {
    type: 'DeliverContent' as const,
    milestone: index,
    reviewPeriodHours: 48,
  };
  const m = s.context.milestones![index - 1]!;
  if (way !== 'refund') steps.push([deliver, t]);
  if (way === 'changes')
    steps.push(
      [{ type: 'RequestChanges', milestone: index, note: 'Again' }, t + 1],
      [deliver, t + 2],
    );
  if (way === 'approve' || way === 'changes')
    steps.push([
      {
        type: 'ReleaseFunds',
        milestone: index,
        trigger: 'brand',
        key: `k${index}`,
      },
      t + 3,
    ]);
  if (way === 'auto')
    steps.push([
      { type: 'ElapseReviewPeriod', milestone: index, key: `k${index}` },
      t + 49,
    ]);
  if (way === 'dispute_elapsed' || way === 'split')
    steps.push([
      {
        type: 'OpenDispute',
        milestone: index,
        reason: 'No',
        description: null,
        disputePeriodHours: 72,
      },
      t + 1,
    ]);
  if (way === 'dispute_elapsed')
    steps.push([
      { type: 'ElapseDisputePeriod', milestone: index, key: `k${index}` },
      t + 74,
    ]);
  const creatorCents = Math.max(
    1,
    Math.min(m.amountCents - 1, Math.round((m.amountCents * share) / 100)),
  );
  if (way === 'split')
    steps.push([
      {
        type: 'ResolveWithSplit',
        milestone: index,
        creatorCents,
        key: `k${index}`,
      },
      t + 2,
    ]);
  if (way === 'refund')
    steps.push([
      { type: 'RequestRefund', milestone: index, key: `k${index}` },
      t,
    ]);
  let next = s;
  const check = () =>
    expect(trialBalance(next.context.accounts)).toEqual({
      posted: 0,
      pending: 0,
    });
  for (const [command, hours] of steps) {
    next = run(next, command, hours, actors.system).snapshot;
    check();
  }
  // The gateway answers every intent with success.
  const c = next.context;
  const answers: Parameters<typeof run>[1][] = [];
  if (c.pendingRelease)
    answers.push({
      type: 'RecordTransfer',
      key: c.pendingRelease.key,
      transferId: `tr${index}`,
    });
  if (c.pendingRefund)
    answers.push({
      type: 'RecordRefund',
      key: c.pendingRefund.key,
      refundId: `re${index}`,
      transferReversalId: null,
    });
  if (c.split)
    answers.push(
      {
        type: 'RecordTransfer',
        key: c.split.transferKey,
        transferId: `trs${index}`,
      },
      {
        type: 'RecordRefund',
        key: c.split.refundKey,
        refundId: `res${index}`,
        transferReversalId: null,
      },
    );
  for (const command of answers) {
    next = run(next, command, t + 80, actors.system).snapshot;
    check();
  }
  return next;
}

describe('random plans and outcomes', () => {
  it('keep the trial balance at zero after every event and end with an empty escrow', () => {
    fc.assert(
      fc.property(
        amounts.filter((a) => a.length >= 2),
        fc.array(fc.tuple(outcome, fc.integer({ min: 1, max: 99 })), {
          minLength: 10,
          maxLength: 10,
        }),
        (list, ways) => {
          const { history, money } = randomPlanDeal(list);
          let s = replay(history);
          expect(
            s.context.milestones!.reduce((x, m) => x + m.amountCents, 0),
          ).toBe(money.amountCents);
          expect(
            s.context.milestones!.reduce((x, m) => x + m.feeCents, 0),
          ).toBe(money.feeCents);
          list.forEach((_a, i) => {
            const [way, share] = ways[i]!;
            s = walk(s, i + 1, way, share, 2 + i * 100);
          });
          expect(balanceOf(s.context.accounts, 'escrow')).toBe(0);
          expect(['completed', 'split_resolved', 'cancelled']).toContain(
            statusOf(s),
          );
          const { money: m } = s.context;
          expect(m.transferredCents + m.refundedCents + m.feeKeptCents).toBe(
            money.totalCents,
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
