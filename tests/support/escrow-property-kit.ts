import fc from 'fast-check';
import { expect } from 'vitest';
import { transition, type AnyStateMachine } from 'xstate';
import { DomainError } from '@machines/command-error';
import {
  availableOf,
  balanceOf,
  limitedAccounts,
  trialBalance,
  type EscrowAccounts,
} from '@machines/escrow/escrow-accounts';
import { actors, at, metadata } from './event-factory';

/**
 * The kit the escrow property tests share (the deal's and the payment request's): random histories
 * of chargebacks (partial or full, won or lost), the aggregate's own admin and party commands, and
 * the gateway answering each intent with success or a refusal, not at all for a while (an outage),
 * or twice (an instance that crashed after the call answers again). Every command goes through the
 * aggregate's decider and every event through its statechart, as the command bus does. After every
 * event: the trial balance is zero, no limited account is overdrawn, and the money the gateway moved
 * equals what the gateway account posted; every key has one effect at the gateway.
 */

export type Answer = 'success' | 'refusal' | 'outage' | 'twice';
export type EscrowStep<K extends string> =
  | { kind: 'chargeback'; share: number }
  | { kind: 'outcome'; won: boolean }
  | { kind: K }
  | { kind: 'split'; share: number }
  | { kind: 'answer'; pick: number; result: Answer };

/** Random steps: the shared money steps and the aggregate's own commands (`kinds`). */
export function escrowSteps<K extends string>(
  kinds: readonly [K, ...K[]],
): fc.Arbitrary<EscrowStep<K>[]> {
  const share = fc.integer({ min: 1, max: 100 });
  const step: fc.Arbitrary<EscrowStep<K>> = fc.oneof(
    fc.record({ kind: fc.constant('chargeback' as const), share }),
    fc.record({ kind: fc.constant('outcome' as const), won: fc.boolean() }),
    fc.record({ kind: fc.constantFrom(...kinds) }),
    fc.record({ kind: fc.constant('split' as const), share }),
    fc.record({
      kind: fc.constant('answer' as const),
      pick: fc.nat({ max: 3 }),
      result: fc.constantFrom<Answer>('success', 'refusal', 'outage', 'twice'),
    }),
    fc.record({
      kind: fc.constant('answer' as const),
      pick: fc.nat({ max: 3 }),
      result: fc.constant<Answer>('success'),
    }),
  );
  return fc.array(step, { minLength: 5, maxLength: 40 });
}

/** What the gateway did, once per key, as Stripe's idempotency keys make it. */
export interface GatewayModel {
  charged: number;
  effects: Map<string, number>;
  disputes: { id: string; amountCents: number; open: boolean }[];
  lost: number;
}

interface EscrowContext {
  accounts: EscrowAccounts;
  paidCents: number;
}
type Command = { type: string } & Record<string, unknown>;
/** The snapshot an escrow statechart has: its context holds the accounts and what was paid. */
interface EscrowSnapshot {
  context: EscrowContext;
  can(event: never): boolean;
}
type Decide<S> = (
  command: never,
  snapshot: S,
  now: string,
) => readonly { type: string; data: unknown }[];

/** One random history of one escrow; the subclass names its intents and its own steps. */
export abstract class EscrowRun<S extends EscrowSnapshot, K extends string> {
  hour = 10;
  n = 0;
  readonly gateway: GatewayModel;

  constructor(
    private readonly machine: AnyStateMachine,
    private readonly decide: Decide<S>,
    public snapshot: S,
  ) {
    this.gateway = {
      charged: this.c.paidCents,
      effects: new Map(),
      disputes: [],
      lost: 0,
    };
  }

  get c(): S['context'] {
    return this.snapshot.context;
  }

  /** The intents waiting for the gateway: key and whether it is a transfer. */
  abstract pending(): { key: string; transfer: boolean }[];
  /** The aggregate's own step (hold, release, dispute, …), or a split of `share` %. */
  abstract own(
    step: { kind: K } | { kind: 'split'; share: number },
    key: string,
  ): void;

  /** Decides the command and applies its events through the statechart; a refusal changes nothing. */
  run(command: Command): unknown[] {
    const now = at((this.hour += 0.1));
    let drafts: readonly { type: string; data: unknown }[];
    try {
      drafts = this.decide(command as never, this.snapshot, now);
    } catch (error) {
      if (error instanceof DomainError) return [];
      throw error;
    }
    return drafts.map((draft) => {
      const event = { ...draft, metadata: metadata(now, actors.admin) };
      expect(
        this.snapshot.can(event as never),
        `${command.type} → ${draft.type} taken`,
      ).toBe(true);
      this.snapshot = transition(
        this.machine,
        this.snapshot as never,
        event as never,
      )[0] as unknown as S;
      this.check();
      return event;
    });
  }

  check() {
    const a = this.c.accounts;
    expect(trialBalance(a)).toEqual({ posted: 0, pending: 0 });
    for (const account of limitedAccounts)
      expect(availableOf(a, account)).toBeGreaterThanOrEqual(0);
    expect(balanceOf(a, 'gateway')).toBe(
      this.gateway.charged - this.out() - this.gateway.lost,
    );
  }

  out() {
    return [...this.gateway.effects.values()].reduce((s, v) => s + v, 0);
  }

  answer(pick: number, result: Answer) {
    const waiting = this.pending();
    if (waiting.length === 0 || result === 'outage') return;
    const { key, transfer } = waiting[pick % waiting.length]!;
    if (result === 'refusal') {
      const type = transfer ? 'RecordTransferFailure' : 'RecordRefundFailure';
      this.run({ type, key, code: 'balance_insufficient', message: 'no' });
      return;
    }
    // The gateway moves the reserved amount once per key, however often it is asked.
    if (!this.gateway.effects.has(key))
      this.gateway.effects.set(key, this.c.accounts.pending[key]!.amountCents);
    const outcome: Command = transfer
      ? { type: 'RecordTransfer', key, transferId: `tr_${key}` }
      : {
          type: 'RecordRefund',
          key,
          refundId: `re_${key}`,
          transferReversalId: null,
        };
    expect(this.run(outcome).length).toBeGreaterThan(0);
    // A second answer for the same key (an instance that crashed answers again) records nothing.
    if (result === 'twice') expect(this.run(outcome)).toEqual([]);
  }

  chargeback(share: number, key: string) {
    const disputed = this.gateway.disputes.reduce(
      (sum, d) => sum + d.amountCents,
      0,
    );
    const amountCents = Math.ceil(
      ((this.gateway.charged - disputed) * share) / 100,
    );
    if (amountCents <= 0) return;
    const id = `dp_${key}`;
    const command = {
      type: 'RecordChargeback',
      disputeId: id,
      amountCents,
      reason: 'fraudulent',
      gatewayEventId: key,
    };
    if (this.run(command).length > 0)
      this.gateway.disputes.push({ id, amountCents, open: true });
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
    // A loss that empties the escrow is followed by its end (a refund outcome that moves nothing).
    expect(recorded.length).toBeGreaterThanOrEqual(1);
    expect(recorded.slice(1).map((e) => (e as { data: unknown }).data)).toEqual(
      recorded.length === 1
        ? []
        : [expect.objectContaining({ reason: 'charged_back', amountCents: 0 })],
    );
  }

  step(s: EscrowStep<K>) {
    const key = `k${++this.n}`;
    if (s.kind === 'chargeback' && 'share' in s)
      return this.chargeback(s.share, key);
    if (s.kind === 'outcome' && 'won' in s) return this.outcome(s.won, key);
    if (s.kind === 'answer' && 'pick' in s)
      return this.answer(s.pick, s.result);
    this.own(s as { kind: K } | { kind: 'split'; share: number }, key);
  }

  /**
   * Once every intent is answered (after `retry`, the aggregate's step that retries a split),
   * nothing is reserved, nothing is left in payable or refundable, and money out never exceeds
   * money in, except what lost chargebacks took after a payout.
   */
  settle(retry: K) {
    this.step({ kind: retry } as EscrowStep<K>);
    for (let i = 0; i < 4; i++) this.answer(0, 'success');
    const a = this.c.accounts;
    expect(a.pending).toEqual({});
    expect(balanceOf(a, 'payable')).toBe(0);
    expect(balanceOf(a, 'refundable')).toBe(0);
    expect(
      this.out() + this.gateway.lost - balanceOf(a, 'losses'),
    ).toBeLessThanOrEqual(this.gateway.charged);
  }
}
