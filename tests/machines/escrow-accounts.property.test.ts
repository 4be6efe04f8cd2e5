import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transition, type SnapshotFrom } from 'xstate';
import { DomainError } from '../../machines/command-error';
import { decideDeal, type DealCommand } from '../../machines/deal/deal.commands';
import type { DealEvent } from '../../machines/deal/deal.events';
import { dealMachine } from '../../machines/deal/deal.machine';
import {
  availableOf,
  balanceOf,
  limitedAccounts,
  trialBalance,
} from '../../machines/escrow/escrow-accounts';
import { fold, initialOf } from '../../machines/statechart';
import { actors, at, dealGiven, metadata } from '../support/event-factory';

/**
 * Random histories of one paid, delivered deal: chargebacks (partial or full, won or lost), admin
 * holds, releases, refunds and splits, and the gateway answering each intent with success or a
 * refusal, not at all for a while (an outage), or twice (an instance that crashed after the call
 * answers again). Every command goes through the deal's decider and every event through its
 * statechart, as the command bus does. After every event: the trial balance is zero, no limited
 * account is overdrawn, and the money the gateway moved equals what the gateway account posted;
 * every key has one effect at the gateway.
 */

type Step =
  | { kind: 'chargeback'; share: number }
  | { kind: 'outcome'; won: boolean }
  | { kind: 'hold' | 'resume' | 'release' | 'refund' | 'retry' }
  | { kind: 'split'; share: number }
  | { kind: 'answer'; pick: number; result: 'success' | 'refusal' | 'outage' | 'twice' };

const share = fc.integer({ min: 1, max: 100 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('chargeback' as const), share }),
  fc.record({ kind: fc.constant('outcome' as const), won: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('hold', 'resume', 'release', 'refund', 'retry' as const) }),
  fc.record({ kind: fc.constant('split' as const), share }),
  fc.record({
    kind: fc.constant('answer' as const),
    pick: fc.nat({ max: 3 }),
    result: fc.constantFrom('success', 'refusal', 'outage', 'twice' as const),
  }),
  fc.record({
    kind: fc.constant('answer' as const),
    pick: fc.nat({ max: 3 }),
    result: fc.constant('success' as const),
  }),
);

/** What the gateway did, once per key, as Stripe's idempotency keys make it. */
interface GatewayModel {
  charged: number;
  effects: Map<string, number>;
  disputes: { id: string; amountCents: number; open: boolean }[];
  lost: number;
}

type Snapshot = SnapshotFrom<typeof dealMachine>;

class Run {
  snapshot: Snapshot;
  hour = 10;
  n = 0;
  readonly gateway: GatewayModel;

  constructor() {
    this.snapshot = fold(dealMachine, dealGiven.delivered(), initialOf(dealMachine));
    this.gateway = { charged: this.c.paidCents, effects: new Map(), disputes: [], lost: 0 };
    this.check();
  }

  get c() {
    return this.snapshot.context;
  }

  /** Decides the command and applies its events through the statechart; a refusal changes nothing. */
  run(command: DealCommand): DealEvent[] {
    const now = at((this.hour += 0.1));
    let drafts: { type: string; data: unknown }[];
    try {
      drafts = decideDeal(command, this.snapshot, now);
    } catch (error) {
      if (error instanceof DomainError) return [];
      throw error;
    }
    return drafts.map((draft) => {
      const event = { ...draft, metadata: metadata(now, actors.admin) } as DealEvent;
      expect(this.snapshot.can(event), `${command.type} → ${draft.type} taken`).toBe(true);
      this.snapshot = transition(dealMachine, this.snapshot, event)[0];
      this.check();
      return event;
    });
  }

  check() {
    const a = this.c.accounts;
    expect(trialBalance(a)).toEqual({ posted: 0, pending: 0 });
    for (const account of limitedAccounts)
      expect(availableOf(a, account)).toBeGreaterThanOrEqual(0);
    const out = [...this.gateway.effects.values()].reduce((s, v) => s + v, 0);
    expect(balanceOf(a, 'gateway')).toBe(this.gateway.charged - out - this.gateway.lost);
  }

  /** The intents waiting for the gateway: key, amount and whether it is a transfer. */
  pending(): { key: string; transfer: boolean }[] {
    const c = this.c;
    const keys: { key: string; transfer: boolean }[] = [];
    if (c.pendingRelease) keys.push({ key: c.pendingRelease.key, transfer: true });
    if (c.pendingRefund) keys.push({ key: c.pendingRefund.key, transfer: false });
    if (c.split?.transfer === 'pending') keys.push({ key: c.split.transferKey, transfer: true });
    if (c.split?.refund === 'pending') keys.push({ key: c.split.refundKey, transfer: false });
    return keys;
  }

  answer(pick: number, result: 'success' | 'refusal' | 'outage' | 'twice') {
    const waiting = this.pending();
    if (waiting.length === 0 || result === 'outage') return;
    const { key, transfer } = waiting[pick % waiting.length]!;
    if (result === 'refusal') {
      this.run(
        transfer
          ? { type: 'RecordTransferFailure', key, code: 'balance_insufficient', message: 'no' }
          : { type: 'RecordRefundFailure', key, code: 'balance_insufficient', message: 'no' },
      );
      return;
    }
    // The gateway moves the reserved amount once per key, however often it is asked.
    if (!this.gateway.effects.has(key))
      this.gateway.effects.set(key, this.c.accounts.pending[key]!.amountCents);
    const outcome: DealCommand = transfer
      ? { type: 'RecordTransfer', key, transferId: `tr_${key}` }
      : { type: 'RecordRefund', key, refundId: `re_${key}`, transferReversalId: null };
    expect(this.run(outcome).length).toBeGreaterThan(0);
    // A second answer for the same key (an instance that crashed answers again) records nothing.
    if (result === 'twice') expect(this.run(outcome)).toEqual([]);
  }

  step(s: Step) {
    const key = `k${++this.n}`;
    switch (s.kind) {
      case 'chargeback': {
        const disputed = this.gateway.disputes.reduce((sum, d) => sum + d.amountCents, 0);
        const amountCents = Math.ceil(((this.gateway.charged - disputed) * s.share) / 100);
        if (amountCents <= 0) return;
        const id = `dp_${key}`;
        if (
          this.run({
            type: 'RecordChargeback',
            disputeId: id,
            amountCents,
            reason: 'fraudulent',
            gatewayEventId: key,
          }).length > 0
        )
          this.gateway.disputes.push({ id, amountCents, open: true });
        return;
      }
      case 'outcome': {
        const open = this.gateway.disputes.find((d) => d.open);
        if (!open) return;
        const outcome = s.won ? 'won' : 'lost';
        // A loss leaves through the gateway as the outcome is recorded.
        if (!s.won) this.gateway.lost += open.amountCents;
        open.open = false;
        const recorded = this.run({
          type: 'RecordChargebackOutcome',
          disputeId: open.id,
          outcome,
          reason: 'fraudulent',
          gatewayEventId: key,
        });
        expect(recorded).toHaveLength(1);
        return;
      }
      case 'hold':
        this.run({ type: 'PutOnHold', reason: 'checking' });
        return;
      case 'resume':
        this.run({ type: 'ReleaseHold' });
        return;
      case 'release':
        this.run({ type: 'ReleaseFunds', trigger: 'admin', key });
        return;
      case 'refund':
        this.run({ type: 'RequestRefund', key });
        return;
      case 'retry':
        this.run({ type: 'RetrySplit' });
        return;
      case 'split': {
        const amount = this.c.amounts!.amountCents;
        this.run({
          type: 'ResolveWithSplit',
          creatorCents: Math.max(1, Math.floor((amount * s.share) / 101)),
          key,
        });
        return;
      }
      case 'answer':
        this.answer(s.pick, s.result);
    }
  }
}

describe('escrow accounts over random histories', () => {
  it('property: balanced after every event, no limited account overdrawn, gateway = postings, one effect per key', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 5, maxLength: 40 }), (steps) => {
        const run = new Run();
        for (const s of steps) run.step(s);
        // Once every intent is answered, nothing is reserved and no money is left in payable or refundable.
        run.step({ kind: 'retry' });
        for (let i = 0; i < 4; i++) run.answer(0, 'success');
        const a = run.c.accounts;
        expect(a.pending).toEqual({});
        expect(balanceOf(a, 'payable')).toBe(0);
        expect(balanceOf(a, 'refundable')).toBe(0);
        // Money out never exceeds money in, except what lost chargebacks took after a payout.
        const out = [...run.gateway.effects.values()].reduce((s, v) => s + v, 0);
        expect(out + run.gateway.lost - balanceOf(a, 'losses')).toBeLessThanOrEqual(
          run.gateway.charged,
        );
      }),
      { numRuns: 300 },
    );
  });
});
