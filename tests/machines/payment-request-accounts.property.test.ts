import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transition, type SnapshotFrom } from 'xstate';
import { DomainError } from '../../machines/command-error';
import {
  availableOf,
  balanceOf,
  limitedAccounts,
  trialBalance,
} from '../../machines/escrow/escrow-accounts';
import {
  decidePaymentRequest,
  type PaymentRequestCommand,
} from '../../machines/payment-request/payment-request.commands';
import type { PaymentRequestEvent } from '../../machines/payment-request/payment-request.events';
import { paymentRequestMachine } from '../../machines/payment-request/payment-request.machine';
import { fold, initialOf } from '../../machines/statechart';
import { actors, at, metadata, requestHistory } from '../support/event-factory';

/**
 * The payment request's accounts under random histories, as the deal's (escrow-accounts.property):
 * a paid request the creator completed, then chargebacks (partial or full, won or lost), the
 * release of a chargeback hold, the brand's dispute, releases, refunds and splits by an admin, and
 * the gateway answering each intent with success or a refusal, not at all for a while (an outage),
 * or twice (an instance that crashed after the call answers again). Every command goes through the
 * request's decider and every event through its statechart. After every event: the trial balance
 * is zero, no limited account is overdrawn, and the money the gateway moved equals what the gateway
 * account posted; every key has one effect at the gateway.
 */

type Step =
  | { kind: 'chargeback'; share: number }
  | { kind: 'outcome'; won: boolean }
  | { kind: 'releaseHold' | 'dispute' | 'release' | 'refund' | 'retry' }
  | { kind: 'split'; share: number }
  | { kind: 'answer'; pick: number; result: 'success' | 'refusal' | 'outage' | 'twice' };

const share = fc.integer({ min: 1, max: 100 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('chargeback' as const), share }),
  fc.record({ kind: fc.constant('outcome' as const), won: fc.boolean() }),
  fc.record({
    kind: fc.constantFrom('releaseHold', 'dispute', 'release', 'refund', 'retry' as const),
  }),
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

type Snapshot = SnapshotFrom<typeof paymentRequestMachine>;
const PAYOUT_ACCOUNT = 'acct_creator';

class Run {
  snapshot: Snapshot;
  hour = 10;
  n = 0;
  readonly gateway: GatewayModel;

  constructor() {
    const paid = [
      requestHistory.created(),
      requestHistory.accepted(),
      requestHistory.checkout(),
      requestHistory.paid(),
    ];
    this.snapshot = fold(paymentRequestMachine, paid, initialOf(paymentRequestMachine));
    this.gateway = { charged: this.c.paidCents, effects: new Map(), disputes: [], lost: 0 };
    expect(this.gateway.charged).toBeGreaterThan(0);
    this.run({ type: 'CompletePaymentRequest', note: null, links: [], reviewPeriodHours: 48 });
    expect(this.snapshot.value).toBe('delivered');
    this.check();
  }

  get c() {
    return this.snapshot.context;
  }

  /** Decides the command and applies its events through the statechart; a refusal changes nothing. */
  run(command: PaymentRequestCommand): PaymentRequestEvent[] {
    const now = at((this.hour += 0.1));
    let drafts: { type: string; data: unknown }[];
    try {
      drafts = decidePaymentRequest(command, this.snapshot, now);
    } catch (error) {
      if (error instanceof DomainError) return [];
      throw error;
    }
    return drafts.map((draft) => {
      const event = { ...draft, metadata: metadata(now, actors.admin) } as PaymentRequestEvent;
      expect(this.snapshot.can(event), `${command.type} → ${draft.type} taken`).toBe(true);
      this.snapshot = transition(paymentRequestMachine, this.snapshot, event)[0];
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

  /** The intents waiting for the gateway: key and whether it is a transfer. */
  pending(): { key: string; transfer: boolean }[] {
    const c = this.c;
    const keys: { key: string; transfer: boolean }[] = [];
    if (c.pendingPayout) keys.push({ key: c.pendingPayout.key, transfer: true });
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
    const outcome: PaymentRequestCommand = transfer
      ? { type: 'RecordTransfer', key, transferId: `tr_${key}` }
      : { type: 'RecordRefund', key, refundId: `re_${key}`, transferReversalId: null };
    expect(this.run(outcome).length).toBeGreaterThan(0);
    // A second answer for the same key (an instance that crashed answers again) records nothing.
    if (result === 'twice') expect(this.run(outcome)).toEqual([]);
  }

  chargeback(share: number, key: string) {
    const disputed = this.gateway.disputes.reduce((sum, d) => sum + d.amountCents, 0);
    const amountCents = Math.ceil(((this.gateway.charged - disputed) * share) / 100);
    if (amountCents <= 0) return;
    const id = `dp_${key}`;
    const command: PaymentRequestCommand = {
      type: 'RecordChargeback',
      disputeId: id,
      amountCents,
      reason: 'fraudulent',
      gatewayEventId: key,
    };
    if (this.run(command).length > 0) this.gateway.disputes.push({ id, amountCents, open: true });
  }

  outcome(won: boolean, key: string) {
    const open = this.gateway.disputes.find((d) => d.open);
    if (!open) return;
    // A loss leaves through the gateway as the outcome is recorded.
    if (!won) this.gateway.lost += open.amountCents;
    open.open = false;
    const recorded = this.run({
      type: 'RecordChargebackOutcome',
      disputeId: open.id,
      outcome: won ? 'won' : 'lost',
      reason: 'fraudulent',
      gatewayEventId: key,
    });
    expect(recorded).toHaveLength(1);
  }

  step(s: Step) {
    const key = `k${++this.n}`;
    const payoutAccountId = PAYOUT_ACCOUNT;
    switch (s.kind) {
      case 'chargeback':
        return this.chargeback(s.share, key);
      case 'outcome':
        return this.outcome(s.won, key);
      case 'releaseHold':
        this.run({ type: 'ReleaseChargebackHold', note: null });
        return;
      case 'dispute':
        this.run({ type: 'DisputePaymentRequest', reason: 'Not posted', disputePeriodHours: 72 });
        return;
      case 'release':
        this.run({ type: 'ReleasePaymentRequest', trigger: 'admin', payoutAccountId, key });
        return;
      case 'refund':
        this.run({ type: 'RefundPaymentRequest', key });
        return;
      case 'retry':
        this.run({ type: 'RetryRequestSplit' });
        return;
      case 'split': {
        const amount = this.c.request!.amountCents;
        const creatorCents = Math.max(1, Math.floor((amount * s.share) / 101));
        this.run({ type: 'SplitPaymentRequest', creatorCents, payoutAccountId, key });
        return;
      }
      case 'answer':
        this.answer(s.pick, s.result);
    }
  }
}

describe('payment request accounts over random histories', () => {
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
