import { describe, expect, it } from 'vitest';
import { dueTimers } from '@server/money/timer-schedule';
import { paymentRequestAggregate } from '@server/commands/aggregate';
import {
  givenRequest,
  submit,
  type Harness,
  requestCreator,
  requestVisitor,
  useHarness,
} from './support/escrow-harness';

describe('deferred payouts in the timers read model', () => {
  let h: Harness;
  const creator = requestCreator;
  const visitor = requestVisitor;
  useHarness((harness) => (h = harness), { users: ['u_creator'] });

  const caughtUp = () => h.timersCaughtUp();

  it('given a deferred payout, then its row is paused until the creator is ready, then due, then gone once paid', async () => {
    const { requestId } = await givenRequest(h, 'u_creator');
    await h.bus.execute(
      paymentRequestAggregate,
      paymentRequestAggregate.streamId(requestId),
      () => [{ type: 'PaymentRequestAccepted', data: {} }],
      visitor,
    );
    await submit(
      h,
      (await h.escrow.startRequestCheckout(requestId, visitor)).url,
      {
        method: 'card',
        outcome: 'pay',
      },
    );
    await h.escrow.completeAndApprove(requestId, creator);
    await caughtUp();
    const now = () => h.clock.now().toISOString();
    expect(dueTimers(h.readDb, now(), 10)).toEqual([]);

    await submit(
      h,
      (await h.escrow.startUserOnboarding('u_creator', creator)).url,
      {
        outcome: 'complete',
      },
    );
    await caughtUp();
    expect(dueTimers(h.readDb, now(), 10)).toMatchObject([
      { kind: 'deferred_payout', entityId: requestId },
    ]);

    expect(await h.tick()).toBe(1);
    await caughtUp();
    expect(dueTimers(h.readDb, now(), 10)).toEqual([]);
    expect(h.gateway.ledger.transfers).toHaveLength(1);
  });
});
