import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideDeal } from '@machines/deal/deal.commands';
import { dealMachine } from '@machines/deal/deal.machine';
import { previewSplit } from '@machines/deal/deal-split';
import { milestoneSplitPartsOf } from '@machines/deal/deal-split-parts';
import { balanceOf, trialBalance } from '@machines/escrow/escrow-accounts';
import { MAX_DEAL_CENTS } from '@machines/money';
import { statusOf } from '@machines/statechart';
import type { Actor } from '@machines/events/metadata';
import { deciderSpec } from '@tests/support/decider-spec';
import { actors, at } from '@tests/support/event-factory';
import {
  disputeCommand,
  milestoneDeal,
  randomPlanDeal,
  replay,
  run,
  type Snapshot,
} from './milestones-support';

/**
 * The whole-deal split of a deal with a plan: everything not yet released (the open milestones'
 * amounts and fee shares) divided in one intent, one transfer and one refund; the creator's part
 * shared over the open milestones in proportion to their amounts, each milestone's fee kept in
 * proportion to its part; every open milestone split once both parts succeed.
 */
const { given } = deciderSpec(dealMachine, decideDeal);

/** The gateway's answers to a split's parts (`<key>:transfer`, `<key>:refund`), as the payments reactor records them. */
const transferred = (s: Snapshot, key: string, hours: number): Snapshot =>
  run(
    s,
    { type: 'RecordTransfer', key: `${key}:transfer`, transferId: `tr_${key}` },
    hours,
    actors.system,
  ).snapshot;
const refunded = (s: Snapshot, key: string, hours: number): Snapshot =>
  run(
    s,
    {
      type: 'RecordRefund',
      key: `${key}:refund`,
      refundId: `re_${key}`,
      transferReversalId: null,
    },
    hours,
    actors.system,
  ).snapshot;

/** Each open milestone's part as [milestone, creator, fee kept, refund]. */
const parts = (rows: [number, number, number, number][]) =>
  rows.map(([milestone, creatorCents, feeKeptCents, refundCents]) => ({
    milestone,
    creatorCents,
    feeKeptCents,
    refundCents,
  }));

const balanced = (s: Snapshot) =>
  expect(trialBalance(s.context.accounts)).toEqual({ posted: 0, pending: 0 });

/** The €100 / €80 / €70 deal, milestone 1 released, milestone 3 delivered and disputed. */
function disputedWithOneReleased(): Snapshot {
  let s = replay(milestoneDeal());
  const go = (
    command: Parameters<typeof run>[1],
    hours: number,
    actor: Actor = actors.brand,
  ) => {
    s = run(s, command, hours, actor).snapshot;
  };
  go(
    { type: 'ReleaseFunds', milestone: 1, trigger: 'admin', key: 'k1' },
    2,
    actors.admin,
  );
  go(
    { type: 'RecordTransfer', key: 'k1', transferId: 'tr_1' },
    2.1,
    actors.system,
  );
  go(
    { type: 'DeliverContent', milestone: 3, reviewPeriodHours: 48 },
    3,
    actors.creatorLink,
  );
  go(disputeCommand(3), 4);
  return s;
}

describe('a whole-deal split of a deal with a plan', () => {
  it('given one released and a dispute, it divides the two open milestones in proportion', () => {
    const s = disputedWithOneReleased();
    expect(statusOf(s)).toBe('dispute');
    // €90 of the open €150 (€80 + €70): 48/80 and 42/70 of each, their fee shares 656 and 574.
    const split = run(
      s,
      { type: 'ResolveWithSplit', creatorCents: 9_000, key: 'w' },
      5,
      actors.admin,
    );
    expect(split.events).toHaveLength(1);
    expect(split.events[0]).toMatchObject({
      type: 'DealSplitRequested',
      data: {
        creatorCents: 9_000,
        feeKeptCents: 394 + 344,
        refundCents: 3_462 + 3_030,
        chargedCents: 15_000 + 656 + 574,
        milestoneParts: parts([
          [2, 4_800, 394, 3_462],
          [3, 4_200, 344, 3_030],
        ]),
        transferKey: 'w:transfer',
        refundKey: 'w:refund',
      },
    });
    expect(split.events[0]!.data).not.toHaveProperty('milestone');
    balanced(split.snapshot);
  });

  it('then both parts done: every open milestone is split and the deal split_resolved, the escrow empty', () => {
    let s = disputedWithOneReleased();
    const go = (
      command: Parameters<typeof run>[1],
      hours: number,
      actor: Actor = actors.system,
    ) => {
      s = run(s, command, hours, actor).snapshot;
      balanced(s);
    };
    go(
      { type: 'ResolveWithSplit', creatorCents: 9_000, key: 'w' },
      5,
      actors.admin,
    );
    // Nothing else moves meanwhile: no delivery, change request or release of a milestone being split.
    expect(() =>
      decideDeal(
        { type: 'DeliverContent', milestone: 2, reviewPeriodHours: 48 },
        s,
        at(5.5),
      ),
    ).toThrow('Cannot deliver the milestone while milestone 2 is in_progress');
    s = transferred(s, 'w', 5.1);
    balanced(s);
    expect(statusOf(s)).toBe('dispute');
    s = refunded(s, 'w', 5.2);
    balanced(s);
    expect(statusOf(s)).toBe('split_resolved');
    expect(
      s.context.milestones!.map((m) => [m.status, m.transferId, m.refundId]),
    ).toEqual([
      ['released', 'tr_1', null],
      ['split', 'tr_w', 're_w'],
      ['split', 'tr_w', 're_w'],
    ]);
    const { accounts } = s.context;
    expect(balanceOf(accounts, 'escrow')).toBe(0);
    expect(balanceOf(accounts, 'fees')).toBe(820 + 394 + 344);
    expect(s.context.money).toMatchObject({
      transferredCents: 10_000 + 9_000,
      refundedCents: 3_462 + 3_030,
      chargedCents: 27_050,
    });
  });

  it('a refused part is retried under its own key; the milestones stay open until it succeeds', () => {
    let s = disputedWithOneReleased();
    s = run(
      s,
      { type: 'ResolveWithSplit', creatorCents: 9_000, key: 'w' },
      5,
      actors.admin,
    ).snapshot;
    s = run(
      s,
      {
        type: 'RecordTransferFailure',
        key: 'w:transfer',
        code: 'payouts_not_enabled',
        message: 'x',
      },
      5.1,
      actors.system,
    ).snapshot;
    s = refunded(s, 'w', 5.2);
    expect(s.context.milestones!.map((m) => m.status)).toEqual([
      'released',
      'in_progress',
      'dispute',
    ]);
    const retried = run(s, { type: 'RetrySplit' }, 6, actors.admin);
    expect(retried.events).toMatchObject([
      {
        type: 'DealSplitRetried',
        data: { part: 'transfer', key: 'w:transfer' },
      },
    ]);
    s = transferred(retried.snapshot, 'w', 6.1);
    expect(statusOf(s)).toBe('split_resolved');
    balanced(s);
  });

  it('given the deal on hold with nothing disputed, it splits all three milestones', () => {
    let s = replay(milestoneDeal());
    s = run(
      s,
      { type: 'PutOnHold', reason: 'Fraud check' },
      2,
      actors.admin,
    ).snapshot;
    const split = run(
      s,
      { type: 'ResolveWithSplit', creatorCents: 12_500, key: 'h' },
      3,
      actors.admin,
    );
    expect(split.events.map(({ type, data }) => ({ type, data }))).toEqual([
      {
        type: 'DealSplitRequested',
        data: {
          creatorCents: 12_500,
          refundCents: 13_525,
          feeKeptCents: 1_025,
          chargedCents: 27_050,
          milestoneParts: parts([
            [1, 5_000, 410, 5_410],
            [2, 4_000, 328, 4_328],
            [3, 3_500, 287, 3_787],
          ]),
          transferKey: 'h:transfer',
          refundKey: 'h:refund',
        },
      },
    ]);
    expect(previewSplit(s, 12_500)).toMatchObject({
      amountCents: 25_000,
      chargedCents: 27_050,
    });
  });

  it('refuses without a dispute or hold, at the open amount, and once nothing is open', () => {
    given(milestoneDeal())
      .when({ type: 'ResolveWithSplit', creatorCents: 5_000, key: 'x' }, at(3))
      .thenRefused({
        code: 'illegal_transition',
        id: 'split_not_allowed',
        status: 409,
        message: /split/i,
      });
    const s = disputedWithOneReleased();
    expect(() =>
      decideDeal(
        { type: 'ResolveWithSplit', creatorCents: 15_000, key: 'x' },
        s,
        at(5),
      ),
    ).toThrow(/15000|€150/);
    let done = replay(milestoneDeal());
    done = run(
      done,
      { type: 'ReleaseFunds', trigger: 'admin', key: 'all' },
      2,
      actors.admin,
    ).snapshot;
    done = run(
      done,
      { type: 'RecordTransfer', key: 'all', transferId: 'tr_all' },
      2.1,
      actors.system,
    ).snapshot;
    expect(statusOf(done)).toBe('completed');
    expect(() =>
      decideDeal(
        { type: 'ResolveWithSplit', creatorCents: 100, key: 'x' },
        done,
        at(3),
      ),
    ).toThrow(expect.objectContaining({ code: 'split_not_allowed' }));
  });
});

describe('the parts of a whole-deal split (property)', () => {
  const amounts = fc
    .array(fc.integer({ min: 100, max: 40_000 }), {
      minLength: 2,
      maxLength: 10,
    })
    .filter((a) => a.reduce((x, y) => x + y, 0) <= MAX_DEAL_CENTS);
  it('add up exactly, stay within each milestone, keep its fee in proportion; a whole run keeps the ledger balanced', () => {
    fc.assert(
      fc.property(
        amounts,
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        (list, per10k, releasedFirst) => {
          const { history, money } = randomPlanDeal(list);
          let s = replay(history);
          // Some milestones released first (never all): the split divides what is left.
          const released = list.map(
            (_, i) => releasedFirst[i]! && i < list.length - 1,
          );
          released.forEach((yes, i) => {
            if (!yes) return;
            const key = `r${i}`;
            s = run(
              s,
              { type: 'ReleaseFunds', milestone: i + 1, trigger: 'admin', key },
              1 + i,
              actors.admin,
            ).snapshot;
            s = run(
              s,
              { type: 'RecordTransfer', key, transferId: `tr${i}` },
              1.5 + i,
              actors.system,
            ).snapshot;
          });
          const open = s.context.milestones!.filter(
            (m) => m.status !== 'released',
          );
          const openAmount = open.reduce((x, m) => x + m.amountCents, 0);
          const openCharged =
            openAmount + open.reduce((x, m) => x + m.feeCents, 0);
          const creatorCents = Math.max(
            1,
            Math.min(
              openAmount - 1,
              Math.floor((openAmount * per10k) / 10_000),
            ),
          );
          const shares = milestoneSplitPartsOf(
            s.context.milestones!,
            creatorCents,
          );
          expect(shares.map((p) => p.milestone)).toEqual(
            open.map((m) => m.index),
          );
          expect(shares.reduce((x, p) => x + p.creatorCents, 0)).toBe(
            creatorCents,
          );
          shares.forEach((p, i) => {
            const m = open[i]!;
            const exact = (creatorCents * m.amountCents) / openAmount;
            expect(p.creatorCents).toBeGreaterThanOrEqual(Math.floor(exact));
            expect(p.creatorCents).toBeLessThanOrEqual(
              Math.min(Math.ceil(exact), m.amountCents),
            );
            expect(p.feeKeptCents).toBeLessThanOrEqual(m.feeCents);
            expect(p.refundCents).toBeGreaterThanOrEqual(0);
            expect(p.creatorCents + p.feeKeptCents + p.refundCents).toBe(
              m.amountCents + m.feeCents,
            );
          });
          s = run(
            s,
            { type: 'PutOnHold', reason: 'Check' },
            30,
            actors.admin,
          ).snapshot;
          s = run(
            s,
            { type: 'ResolveWithSplit', creatorCents, key: 'w' },
            31,
            actors.admin,
          ).snapshot;
          expect(s.context.split).toMatchObject({
            creatorCents,
            chargedCents: openCharged,
          });
          expect(trialBalance(s.context.accounts)).toEqual({
            posted: 0,
            pending: 0,
          });
          s = refunded(transferred(s, 'w', 32), 'w', 33);
          expect(trialBalance(s.context.accounts)).toEqual({
            posted: 0,
            pending: 0,
          });
          expect(statusOf(s)).toBe('split_resolved');
          expect(balanceOf(s.context.accounts, 'escrow')).toBe(0);
          expect(
            s.context.money.feeKeptCents +
              s.context.money.transferredCents +
              s.context.money.refundedCents,
          ).toBe(money.totalCents);
        },
      ),
      { numRuns: 200 },
    );
  });
});
