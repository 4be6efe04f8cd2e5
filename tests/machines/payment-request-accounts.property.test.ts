import fc from 'fast-check';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { decidePaymentRequest } from '@machines/payment-request/payment-request.commands';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import { fold, initialOf } from '@machines/statechart';
import { requestHistory } from '@tests/support/event-factory';
import { EscrowRun, escrowSteps } from '@tests/support/escrow-property-kit';

/**
 * The payment request's accounts under random histories, as the deal's (the kit in
 * tests/support/escrow-property-kit.ts): a paid request the creator completed, then chargebacks,
 * the release of a chargeback hold, the brand's dispute, releases, refunds and splits by an admin,
 * and the gateway answering each intent in any way it can.
 */
const kinds = ['releaseHold', 'dispute', 'release', 'refund', 'retry'] as const;
type Kind = (typeof kinds)[number];
const payoutAccountId = 'acct_creator';

class RequestRun extends EscrowRun<
  SnapshotFrom<typeof paymentRequestMachine>,
  Kind
> {
  constructor() {
    const paid = [
      requestHistory.created(),
      requestHistory.accepted(),
      requestHistory.checkout(),
      requestHistory.paid(),
    ];
    super(
      paymentRequestMachine,
      decidePaymentRequest,
      fold(paymentRequestMachine, paid, initialOf(paymentRequestMachine)),
    );
    expect(this.gateway.charged).toBeGreaterThan(0);
    this.run({
      type: 'CompletePaymentRequest',
      note: null,
      links: [],
      reviewPeriodHours: 48,
    });
    expect(this.snapshot.value).toBe('delivered');
    this.check();
  }

  pending() {
    const c = this.c;
    const keys: { key: string; transfer: boolean }[] = [];
    if (c.pendingPayout)
      keys.push({ key: c.pendingPayout.key, transfer: true });
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
      case 'releaseHold':
        return void this.run({ type: 'ReleaseChargebackHold', note: null });
      case 'dispute':
        return void this.run({
          type: 'DisputePaymentRequest',
          reason: 'Not posted',
          disputePeriodHours: 72,
        });
      case 'release':
        return void this.run({
          type: 'ReleasePaymentRequest',
          trigger: 'admin',
          payoutAccountId,
          key,
        });
      case 'refund':
        return void this.run({ type: 'RefundPaymentRequest', key });
      case 'retry':
        return void this.run({ type: 'RetryRequestSplit' });
      case 'split': {
        const amount = this.c.request!.amountCents;
        const creatorCents = Math.max(1, Math.floor((amount * s.share) / 101));
        return void this.run({
          type: 'SplitPaymentRequest',
          creatorCents,
          payoutAccountId,
          key,
        });
      }
    }
  }
}

describe('payment request accounts over random histories', () => {
  it('property: balanced after every event, no limited account overdrawn, gateway = postings, one effect per key', () => {
    fc.assert(
      fc.property(escrowSteps(kinds), (steps) => {
        const run = new RequestRun();
        for (const s of steps) run.step(s);
        run.settle('retry');
      }),
      { numRuns: 300 },
    );
  });
});
