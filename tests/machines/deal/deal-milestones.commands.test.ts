import { describe, expect, it } from 'vitest';
import { decideDeal } from '@machines/deal/deal.commands';
import { dealMachine } from '@machines/deal/deal.machine';
import { dealStateView } from '@machines/deal/deal.view';
import { trialBalance, balanceOf } from '@machines/escrow/escrow-accounts';
import { statusOf } from '@machines/statechart';
import type { Actor } from '@machines/events/metadata';
import { deciderSpec } from '@tests/support/decider-spec';
import { actors, at, dealGiven, event } from '@tests/support/event-factory';
import {
  disputeCommand,
  firstMilestonePaidOut,
  milestoneDeal,
  plan,
  replay,
  run,
  type Snapshot,
} from './milestones-support';

/**
 * A deal with milestones, decided: given(history).when(command).then(events | refusal), and whole
 * lifecycles run through the decider and the statechart as the command bus runs them.
 */
const { given } = deciderSpec(dealMachine, decideDeal);
const NOTE = 'Please reshoot the intro.';

const balanced = (s: Snapshot) =>
  expect(trialBalance(s.context.accounts)).toEqual({ posted: 0, pending: 0 });

describe('a deal with milestones', () => {
  it('keeps each milestone with its fee share; the shares add up to the fee', () => {
    const s = replay(milestoneDeal());
    expect(
      s.context.milestones!.map((m) => [
        m.index,
        m.amountCents,
        m.feeCents,
        m.status,
      ]),
    ).toEqual([
      [1, 10_000, 820, 'in_progress'],
      [2, 8_000, 656, 'in_progress'],
      [3, 7_000, 574, 'in_progress'],
    ]);
    expect(statusOf(s)).toBe('pending_delivery');
    expect(dealStateView(s, at(2)).step).toBe(4);
  });

  it('a deal without a plan has no milestones field and behaves as before', () => {
    const s = replay(dealGiven.bankConnected());
    expect(s.context.milestones).toBeUndefined();
    expect('splitMilestone' in s.context).toBe(false);
  });

  it('refuses a plan that does not add up to the amount', () => {
    const created = event(
      'DealCreated',
      { dealId: 42, milestones: [plan[0]!, plan[1]!] },
      at(0),
    );
    expect(replay([created]).value).toBe('new');
  });

  it("refuses a milestone due after the deal's deadline, in the decider and the statechart alike; due on the deadline is taken", () => {
    // The factory's deal is due on 2026-12-01 (its deadline); a milestone may be due that day at the latest.
    const late = [plan[0]!, plan[1]!, { ...plan[2]!, dueDate: '2026-12-02' }];
    const {
      dealId: _id,
      ownerId: _owner,
      ...terms
    } = event('DealCreated', {
      dealId: 42,
      milestones: late,
    }).data;
    expect(terms.deadline).toBe('2026-12-01');
    const afterDeadline = {
      code: 'validation_failed',
      id: 'milestone_due_after_deadline',
      status: 400,
      message:
        "A milestone's due date must be on or before the deal's deadline",
    };
    given([])
      .when(
        { type: 'CreateDeal', dealId: 42, ownerId: 'u_brand', terms },
        at(0),
      )
      .thenRefused(afterDeadline);
    expect(replay(milestoneDeal(late).slice(0, 1)).value).toBe('new');
    const onTheDay = [
      plan[0]!,
      plan[1]!,
      { ...plan[2]!, dueDate: '2026-12-01' },
    ];
    expect(replay(milestoneDeal(onTheDay)).context.milestones).toHaveLength(3);
    // An edit that moves the deadline before a milestone's due date is refused the same way.
    given(milestoneDeal().slice(0, 1))
      .when(
        {
          type: 'UpdateDealTerms',
          terms: { ...terms, milestones: plan, deadline: '2026-03-20' },
        },
        at(0.1),
      )
      .thenRefused(afterDeadline);
  });

  it('delivering names the milestone and starts its own 48 h review', () => {
    given(milestoneDeal())
      .when(
        {
          type: 'DeliverContent',
          milestone: 2,
          reviewPeriodHours: 48,
          note: 'Live',
          links: ['https://tiktok.com/x'],
        },
        at(2),
      )
      .then(
        {
          type: 'ContentDelivered',
          data: { milestone: 2, note: 'Live', links: ['https://tiktok.com/x'] },
        },
        {
          type: 'ReviewPeriodStarted',
          data: { milestone: 2, startsAt: at(2), endsAt: at(50) },
        },
      );
  });

  it('an unknown milestone is not found; a deal without a plan has none', () => {
    given(milestoneDeal())
      .when(
        { type: 'DeliverContent', milestone: 4, reviewPeriodHours: 48 },
        at(2),
      )
      .thenRefused({
        code: 'not_found',
        id: 'milestone_not_found',
        status: 404,
        message: 'Milestone not found',
      });
    given(dealGiven.bankConnected())
      .when(
        { type: 'DeliverContent', milestone: 1, reviewPeriodHours: 48 },
        at(2),
      )
      .thenRefused({
        code: 'not_found',
        id: 'milestone_not_found',
        status: 404,
        message: 'Milestone not found',
      });
  });

  it('a delivery without a milestone is refused on a deal with milestones', () => {
    given(milestoneDeal())
      .when({ type: 'DeliverContent', reviewPeriodHours: 48 }, at(2))
      .thenRefused({
        code: 'illegal_transition',
        id: 'deal_not_in_state',
        status: 409,
        message: /Cannot mark the assignment/,
      });
  });

  it('a change request uses the round; after it only approve or dispute remain', () => {
    let s = replay(milestoneDeal());
    s = run(
      s,
      { type: 'DeliverContent', milestone: 1, reviewPeriodHours: 48 },
      2,
      actors.creatorLink,
    ).snapshot;
    expect(statusOf(s)).toBe('delivered');
    const asked = run(
      s,
      { type: 'RequestChanges', milestone: 1, note: NOTE },
      3,
    );
    expect(asked.events[0]).toMatchObject({
      type: 'ChangesRequested',
      data: { milestone: 1, round: 1, note: NOTE },
    });
    s = asked.snapshot;
    expect(statusOf(s)).toBe('changes_requested');
    expect(s.context.milestones![0]).toMatchObject({
      status: 'changes_requested',
      revisionsUsed: 1,
      reviewPeriodEndsAt: null,
    });
    const again = run(
      s,
      { type: 'DeliverContent', milestone: 1, reviewPeriodHours: 48 },
      4,
      actors.creatorLink,
    );
    expect(again.events.map((e) => e.type)).toEqual([
      'ContentRedelivered',
      'ReviewPeriodStarted',
    ]);
    s = again.snapshot;
    expect(() =>
      decideDeal(
        { type: 'RequestChanges', milestone: 1, note: NOTE },
        s,
        at(5),
      ),
    ).toThrow(
      'All 1 included revision rounds have been used; you can approve or open a dispute',
    );
  });

  it('a delivery on a released milestone is refused with the milestone and its state', () => {
    const s = firstMilestonePaidOut(2);
    expect(() =>
      decideDeal(
        { type: 'DeliverContent', milestone: 1, reviewPeriodHours: 48 },
        s,
        at(4),
      ),
    ).toThrow('Cannot deliver the milestone while milestone 1 is released');
  });
});

describe('a three-milestone lifecycle', () => {
  it('approved, released automatically, disputed and split: the deal completes split_resolved, the ledger balanced', () => {
    let s = replay(milestoneDeal());
    const events: ReturnType<typeof run>['events'] = [];
    const go = (
      command: Parameters<typeof run>[1],
      hours: number,
      actor: Actor = actors.brand,
    ) => {
      const r = run(s, command, hours, actor);
      s = r.snapshot;
      events.push(...r.events);
      balanced(s);
      return r.events;
    };
    go(
      { type: 'DeliverContent', milestone: 1, reviewPeriodHours: 48 },
      2,
      actors.creatorLink,
    );
    go({ type: 'RequestChanges', milestone: 1, note: NOTE }, 3);
    go(
      { type: 'DeliverContent', milestone: 1, reviewPeriodHours: 48 },
      4,
      actors.creatorLink,
    );
    go({ type: 'ReleaseFunds', milestone: 1, trigger: 'brand', key: 'k1' }, 5);
    go(
      { type: 'RecordTransfer', key: 'k1', transferId: 'tr_1' },
      5.1,
      actors.system,
    );
    expect(balanceOf(s.context.accounts, 'fees')).toBe(820);
    expect(s.context.milestones!.map((m) => m.status)).toEqual([
      'released',
      'in_progress',
      'in_progress',
    ]);
    expect(statusOf(s)).toBe('pending_delivery');

    go(
      { type: 'DeliverContent', milestone: 2, reviewPeriodHours: 48 },
      6,
      actors.creatorLink,
    );
    expect(
      go(
        { type: 'ElapseReviewPeriod', milestone: 2, key: 'k2' },
        53,
        actors.system,
      ),
    ).toEqual([]);
    const elapsed = go(
      { type: 'ElapseReviewPeriod', milestone: 2, key: 'k2' },
      54,
      actors.system,
    );
    expect(elapsed.map((e) => e.type)).toEqual([
      'ReviewPeriodElapsed',
      'FundsReleaseRequested',
    ]);
    expect(elapsed[1]!.data).toMatchObject({
      milestone: 2,
      trigger: 'review_period_elapsed',
      amountCents: 8_000,
      feeCents: 656,
    });
    go(
      { type: 'RecordTransfer', key: 'k2', transferId: 'tr_2' },
      54.1,
      actors.system,
    );

    go(
      { type: 'DeliverContent', milestone: 3, reviewPeriodHours: 48 },
      60,
      actors.creatorLink,
    );
    go(disputeCommand(3), 61);
    expect(statusOf(s)).toBe('dispute');
    const split = go(
      {
        type: 'ResolveWithSplit',
        milestone: 3,
        creatorCents: 3_500,
        key: 'k3',
      },
      62,
      actors.admin,
    );
    expect(split[0]!.data).toMatchObject({
      milestone: 3,
      creatorCents: 3_500,
      feeKeptCents: 287,
      refundCents: 3_787,
      chargedCents: 7_574,
    });
    go(
      { type: 'RecordTransfer', key: 'k3:transfer', transferId: 'tr_3' },
      62.1,
      actors.system,
    );
    go(
      {
        type: 'RecordRefund',
        key: 'k3:refund',
        refundId: 're_3',
        transferReversalId: null,
      },
      62.2,
      actors.system,
    );

    expect(statusOf(s)).toBe('split_resolved');
    expect(s.context.milestones!.map((m) => m.status)).toEqual([
      'released',
      'released',
      'split',
    ]);
    const { accounts } = s.context;
    expect(balanceOf(accounts, 'escrow')).toBe(0);
    expect(balanceOf(accounts, 'fees')).toBe(820 + 656 + 287);
    expect(s.context.money).toMatchObject({
      transferredCents: 10_000 + 8_000 + 3_500,
      refundedCents: 3_787,
    });
  });

  it('refunding a milestone returns its amount and fee share; the rest released completes the deal', () => {
    let s = replay(milestoneDeal());
    const go = (
      command: Parameters<typeof run>[1],
      hours: number,
      actor: Actor = actors.admin,
    ) => {
      s = run(s, command, hours, actor).snapshot;
      balanced(s);
    };
    go({ type: 'RequestRefund', milestone: 2, key: 'r2' }, 2);
    expect(s.context.pendingRefund).toEqual({
      key: 'r2',
      amountCents: 8_656,
      milestone: 2,
    });
    go(
      {
        type: 'RecordRefund',
        key: 'r2',
        refundId: 're_2',
        transferReversalId: null,
      },
      2.1,
      actors.system,
    );
    expect(s.context.milestones![1]!.status).toBe('refunded');
    // An admin releases everything not yet released: the two open milestones' amounts, their fees kept.
    go({ type: 'ReleaseFunds', trigger: 'admin', key: 'all' }, 3);
    expect(s.context.pendingRelease).toMatchObject({ amountCents: 17_000 });
    go(
      { type: 'RecordTransfer', key: 'all', transferId: 'tr_all' },
      3.1,
      actors.system,
    );
    expect(statusOf(s)).toBe('completed');
    expect(balanceOf(s.context.accounts, 'escrow')).toBe(0);
    expect(balanceOf(s.context.accounts, 'fees')).toBe(820 + 574);
  });

  it('every milestone refunded: the deal is cancelled', () => {
    let s = replay(milestoneDeal());
    for (const [i, m] of [1, 2, 3].entries()) {
      s = run(
        s,
        { type: 'RequestRefund', milestone: m, key: `r${m}` },
        2 + i,
        actors.admin,
      ).snapshot;
      s = run(
        s,
        {
          type: 'RecordRefund',
          key: `r${m}`,
          refundId: `re_${m}`,
          transferReversalId: null,
        },
        2.5 + i,
        actors.system,
      ).snapshot;
    }
    expect(statusOf(s)).toBe('cancelled');
    expect(s.context.money.refundedCents).toBe(27_050);
    balanced(s);
  });

  it('one effect at a time: a second release waits for the first transfer', () => {
    let s = replay(milestoneDeal());
    s = run(
      s,
      { type: 'DeliverContent', milestone: 1, reviewPeriodHours: 48 },
      2,
      actors.creatorLink,
    ).snapshot;
    s = run(
      s,
      { type: 'DeliverContent', milestone: 2, reviewPeriodHours: 48 },
      2,
      actors.creatorLink,
    ).snapshot;
    s = run(
      s,
      { type: 'ReleaseFunds', milestone: 1, trigger: 'brand', key: 'k1' },
      3,
    ).snapshot;
    expect(() =>
      decideDeal(
        { type: 'ReleaseFunds', milestone: 2, trigger: 'brand', key: 'k2' },
        s,
        at(3),
      ),
    ).toThrow(/already under way/);
  });

  it('a resume extends a running milestone review by the time it was held', () => {
    let s = replay(milestoneDeal());
    s = run(
      s,
      { type: 'DeliverContent', milestone: 1, reviewPeriodHours: 48 },
      2,
      actors.creatorLink,
    ).snapshot;
    s = run(
      s,
      { type: 'PutOnHold', reason: 'Manual review' },
      12,
      actors.admin,
    ).snapshot;
    const resumed = run(s, { type: 'ReleaseHold' }, 22, actors.admin);
    expect(resumed.events[0]!.data).toMatchObject({
      milestones: [{ milestone: 1, reviewPeriodEndsAt: at(60) }],
    });
    s = resumed.snapshot;
    expect(s.context.milestones![0]!.reviewPeriodEndsAt).toBe(at(60));
    expect(
      run(
        s,
        { type: 'ElapseReviewPeriod', milestone: 1, key: 'k1' },
        55,
        actors.system,
      ).events,
    ).toEqual([]);
    expect(
      run(
        s,
        { type: 'ElapseReviewPeriod', milestone: 1, key: 'k1' },
        60,
        actors.system,
      ).events,
    ).toHaveLength(2);
  });

  it('a hold stops the automatic release of a milestone', () => {
    let s = replay(milestoneDeal());
    s = run(
      s,
      { type: 'DeliverContent', milestone: 1, reviewPeriodHours: 48 },
      2,
      actors.creatorLink,
    ).snapshot;
    s = run(
      s,
      { type: 'PutOnHold', reason: 'Manual review' },
      3,
      actors.admin,
    ).snapshot;
    expect(
      run(
        s,
        { type: 'ElapseReviewPeriod', milestone: 1, key: 'k1' },
        60,
        actors.system,
      ).events,
    ).toEqual([]);
  });
});
