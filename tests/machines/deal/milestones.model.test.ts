import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { DomainError } from '@machines/command-error';
import { decideDeal, type DealCommand } from '@machines/deal/deal.commands';
import { dealMachine } from '@machines/deal/deal.machine';
import type { DealEvent } from '@machines/deal/deal.events';
import { dealStatusOfMilestones } from '@machines/deal/deal-milestone-context';
import { balanceOf, trialBalance } from '@machines/escrow/escrow-accounts';
import { stateKey, statusOf } from '@machines/statechart';
import { actors, at, metadata } from '@tests/support/event-factory';
import {
  milestoneDeal,
  plan,
  replay,
  type Snapshot,
} from './milestones-support';

/**
 * Model-based walk of a two-milestone deal (one revision round each) through the commands a
 * brand, the creator, the timers, an admin and the gateway can give: in every state the model
 * tries each command on the decider, and every event the decider gives must be taken by the
 * statechart (decider and statechart never disagree). Along every shortest path to every state
 * of the abstraction: the trial balance is zero, no account is overdrawn, the deal's status is
 * the one its milestones give, and at the end the escrow is empty.
 */

const MINUTE = 60_000;
const later = (iso: string, ms: number) =>
  new Date(Date.parse(iso) + ms).toISOString();

/** One minute after the latest thing that happened. */
function nowOf(s: Snapshot): string {
  const c = s.context;
  const times = [c.paidAt, c.hold?.since, c.completedAt, c.cancelledAt];
  for (const m of c.milestones ?? [])
    times.push(
      m.deliveredAt,
      m.disputeCreatedAt,
      m.reviewElapsedAt,
      m.disputeElapsedAt,
      m.revisions.at(-1)?.at,
    );
  const ms = times
    .filter((t): t is string => typeof t === 'string')
    .map(Date.parse);
  return new Date(Math.max(Date.parse(at(2)), ...ms) + MINUTE).toISOString();
}

/** The commands tried in a state, with the instant each is given at. */
function commands(s: Snapshot): [DealCommand, string][] {
  const now = nowOf(s);
  const c = s.context;
  const out: [DealCommand, string][] = [];
  for (const m of c.milestones ?? []) {
    const milestone = m.index;
    out.push(
      [
        {
          type: 'DeliverContent',
          milestone,
          reviewPeriodHours: 48,
          note: 'Live',
        },
        now,
      ],
      [{ type: 'RequestChanges', milestone, note: 'Reshoot' }, now],
      [
        {
          type: 'ReleaseFunds',
          milestone,
          trigger: 'brand',
          key: `b${milestone}`,
        },
        now,
      ],
      [
        {
          type: 'OpenDispute',
          milestone,
          reason: 'Off brief',
          description: null,
          disputePeriodHours: 72,
        },
        now,
      ],
      [
        { type: 'ElapseReviewPeriod', milestone, key: `r${milestone}` },
        later(m.reviewPeriodEndsAt ?? now, MINUTE),
      ],
      [
        { type: 'ElapseDisputePeriod', milestone, key: `d${milestone}` },
        later(m.disputePeriodEndsAt ?? now, MINUTE),
      ],
      [{ type: 'RequestRefund', milestone, key: `f${milestone}` }, now],
      [
        {
          type: 'ResolveWithSplit',
          milestone,
          creatorCents: Math.floor(m.amountCents / 2),
          key: `s${milestone}`,
        },
        now,
      ],
    );
  }
  out.push(
    [{ type: 'PutOnHold', reason: 'Check' }, now],
    [{ type: 'ReleaseHold' }, now],
  );
  const pending =
    c.pendingRelease?.key ??
    (c.split?.transfer === 'pending' ? c.split.transferKey : null);
  if (pending) {
    out.push([
      { type: 'RecordTransfer', key: pending, transferId: `tr_${pending}` },
      now,
    ]);
    out.push([
      {
        type: 'RecordTransferFailure',
        key: pending,
        code: 'x',
        message: 'refused',
      },
      now,
    ]);
  }
  const refund =
    c.pendingRefund?.key ??
    (c.split?.refund === 'pending' ? c.split.refundKey : null);
  if (refund)
    out.push([
      {
        type: 'RecordRefund',
        key: refund,
        refundId: `re_${refund}`,
        transferReversalId: null,
      },
      now,
    ]);
  return out;
}

/** The first event of each command the decider accepts; the statechart must take it. */
function modelEvents(s: Snapshot): DealEvent[] {
  const events: DealEvent[] = [];
  for (const [command, now] of commands(s)) {
    let drafts;
    try {
      drafts = decideDeal(command, s, now);
    } catch (error) {
      if (error instanceof DomainError) continue;
      throw error;
    }
    if (drafts.length === 0) continue;
    const e = {
      ...drafts[0]!,
      metadata: metadata(now, actors.system),
    } as DealEvent;
    if (!s.can(e))
      throw new Error(
        `${command.type} decided ${e.type}, which the statechart refuses`,
      );
    events.push(e);
  }
  return events;
}

const abstraction = (s: Snapshot) => {
  const c = s.context;
  const ms = (c.milestones ?? []).map(
    (m) =>
      `${m.status}:${m.revisionsUsed}${m.reviewPeriodEndsAt ? 'r' : ''}${m.reviewElapsedAt ? 'R' : ''}${m.disputeElapsedAt ? 'D' : ''}${m.splitRequested ? 's' : ''}`,
  );
  const effects = [
    c.hold && 'held',
    c.pendingRelease && `rel${c.pendingRelease.milestone ?? '*'}`,
    c.pendingRefund && `ref${c.pendingRefund.milestone ?? '*'}`,
    c.split && `split-${c.split.transfer}-${c.split.refund}`,
  ].filter(Boolean);
  return `${stateKey(s.value)}|${ms.join(',')}|${effects.join(',')}`;
};

const twoMilestones = [plan[0]!, { ...plan[1]!, amountCents: 15_000 }];
const start = replay(milestoneDeal(twoMilestones));
const options = { events: modelEvents, serializeState: abstraction };
const paths = createTestModel(dealMachine, options).getShortestPaths({
  ...options,
  fromState: start,
} as never);

describe('milestones model: shortest paths from a paid, accepted two-milestone deal', () => {
  it('reaches every status and every outcome, and stays bounded', () => {
    const reached = new Set(
      paths.flatMap((p) => p.steps.map((s) => statusOf(s.state as Snapshot))),
    );
    expect([...reached].sort()).toEqual(
      [
        'cancelled',
        'changes_requested',
        'completed',
        'delivered',
        'dispute',
        'pending_delivery',
        'split_resolved',
      ].sort(),
    );
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.length).toBeLessThan(20_000);
    console.info(`milestones model: ${paths.length} shortest paths`);
  });

  it('keeps the books balanced and the status derived from the milestones on every step', () => {
    for (const path of paths)
      for (const { state } of path.steps) {
        const s = state as Snapshot;
        const { accounts } = s.context;
        expect(trialBalance(accounts)).toEqual({ posted: 0, pending: 0 });
        for (const account of ['escrow', 'payable', 'refundable'] as const)
          expect(balanceOf(accounts, account)).toBeGreaterThanOrEqual(0);
        expect(statusOf(s)).toBe(dealStatusOfMilestones(s.context.milestones!));
        if (
          s.context.milestones!.every((m) =>
            ['released', 'refunded', 'split'].includes(m.status),
          )
        )
          expect(balanceOf(accounts, 'escrow')).toBe(0);
      }
  });
});
