import fc from 'fast-check';
import type { SnapshotFrom } from 'xstate';
import { describe, it } from 'vitest';
import { decideDeal } from '@machines/deal/deal.commands';
import { dealMachine } from '@machines/deal/deal.machine';
import { fold, initialOf } from '@machines/statechart';
import { dealGiven } from '@tests/support/event-factory';
import { EscrowRun, escrowSteps } from '@tests/support/escrow-property-kit';

/**
 * Random histories of one paid, delivered deal (the kit in tests/support/escrow-property-kit.ts):
 * chargebacks, admin holds, releases, refunds and splits, and the gateway answering each intent in
 * any way it can. After every event the accounts balance and nothing is overdrawn; at the end every
 * key had one effect.
 */
const kinds = ['hold', 'resume', 'release', 'refund', 'retry'] as const;
type Kind = (typeof kinds)[number];

class DealRun extends EscrowRun<SnapshotFrom<typeof dealMachine>, Kind> {
  constructor() {
    super(
      dealMachine,
      decideDeal,
      fold(dealMachine, dealGiven.delivered(), initialOf(dealMachine)),
    );
    this.check();
  }

  pending() {
    const c = this.c;
    const keys: { key: string; transfer: boolean }[] = [];
    if (c.pendingRelease)
      keys.push({ key: c.pendingRelease.key, transfer: true });
    if (c.pendingRefund)
      keys.push({ key: c.pendingRefund.key, transfer: false });
    if (c.split?.transfer === 'pending')
      keys.push({ key: c.split.transferKey, transfer: true });
    if (c.split?.refund === 'pending')
      keys.push({ key: c.split.refundKey, transfer: false });
    return keys;
  }

  own(s: { kind: Kind } | { kind: 'split'; share: number }, key: string) {
    switch (s.kind) {
      case 'hold':
        return void this.run({ type: 'PutOnHold', reason: 'checking' });
      case 'resume':
        return void this.run({ type: 'ReleaseHold' });
      case 'release':
        return void this.run({ type: 'ReleaseFunds', trigger: 'admin', key });
      case 'refund':
        return void this.run({ type: 'RequestRefund', key });
      case 'retry':
        return void this.run({ type: 'RetrySplit' });
      case 'split': {
        const amount = this.c.amounts!.amountCents;
        const creatorCents = Math.max(1, Math.floor((amount * s.share) / 101));
        return void this.run({ type: 'ResolveWithSplit', creatorCents, key });
      }
    }
  }
}

describe('escrow accounts over random histories', () => {
  it('property: balanced after every event, no limited account overdrawn, gateway = postings, one effect per key', () => {
    fc.assert(
      fc.property(escrowSteps(kinds), (steps) => {
        const run = new DealRun();
        for (const s of steps) run.step(s);
        run.settle('retry');
      }),
      { numRuns: 300 },
    );
  });
});
