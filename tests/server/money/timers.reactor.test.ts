import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dueTimers } from '@server/money/timer-schedule';
import {
  dealAggregate,
  paymentRequestAggregate,
} from '@server/commands/aggregate';
import {
  admin,
  brand,
  createHarness,
  dealState,
  givenDeliveredDeal,
  givenRequest,
  givenUser,
  HOUR,
  requestState,
  submit,
  type Harness,
} from './support/escrow-harness';

describe('timer reactor and the timers read model', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  const caughtUp = () => h.timersCaughtUp();

  it('given a delivery, then one review timer is due exactly 48 h later', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    await caughtUp();
    const end = new Date(h.clock.now().getTime() + 48 * HOUR).toISOString();
    expect(
      dueTimers(h.readDb, new Date(Date.parse(end) - 1).toISOString(), 10),
    ).toEqual([]);
    expect(dueTimers(h.readDb, end, 10)).toEqual([
      {
        streamId: `deal-${dealId}`,
        kind: 'review_period',
        entityId: dealId,
        endsAt: end,
        elapsed: false,
      },
    ]);
  });

  it('given a dispute, then the review timer is replaced by the 72 h dispute timer; a release removes it', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    await h.escrow.openDispute(dealId, 'Late', brand);
    await caughtUp();
    const far = new Date(h.clock.now().getTime() + 1_000 * HOUR).toISOString();
    expect(dueTimers(h.readDb, far, 10).map((t) => t.kind)).toEqual([
      'dispute_period',
    ]);
    await h.escrow.releaseFunds(dealId, 'brand', brand);
    await caughtUp();
    expect(dueTimers(h.readDb, far, 10)).toEqual([]);
  });

  it('given a hold, then the timer is paused until the admin resumes', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    await h.escrow.hold(dealId, admin);
    await caughtUp();
    const far = new Date(h.clock.now().getTime() + 1_000 * HOUR).toISOString();
    expect(dueTimers(h.readDb, far, 10)).toEqual([]);
    await h.escrow.resume(dealId, admin);
    await caughtUp();
    expect(dueTimers(h.readDb, far, 10)).toHaveLength(1);
  });

  it('given a refused auto-release, when the timer fires, then TransferFailed is recorded and the retry waits 15 minutes', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    h.gateway.failTransfersWith('funds_settling');
    h.clock.advance(48 * HOUR);
    await h.tick();
    const failed = await dealState(h, dealId);
    expect(failed.status).toBe('delivered');
    expect(failed.context.lastTransferError?.code).toBe('funds_settling');
    h.gateway.failTransfersWith(null);
    h.clock.advance(15 * 60_000 - 1);
    await h.tick();
    expect((await dealState(h, dealId)).status).toBe('delivered');
    h.clock.advance(1);
    await h.tick();
    expect((await dealState(h, dealId)).status).toBe('completed');
    const types = await h.types(dealAggregate.streamId(dealId));
    expect(types.filter((t) => t === 'ReviewPeriodElapsed')).toHaveLength(1);
    expect(types.filter((t) => t === 'TransferFailed')).toHaveLength(1);
  });

  it('given two reactors (two instances), when both tick at the end, then the period elapses once and one transfer is made', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    h.clock.advance(48 * HOUR);
    await caughtUp();
    const second = await h.secondInstance();
    await second.timersCaughtUp();
    const fired = await Promise.all([h.reactor.tick(), second.timers.tick()]);
    // Both instances saw the period end in their own schedules and asked.
    expect(fired).toEqual([1, 1]);
    await h.settleEffects();
    await second.reactors.processed(await h.store.headPosition());
    const types = await h.types(dealAggregate.streamId(dealId));
    expect(types.filter((t) => t === 'ReviewPeriodElapsed')).toHaveLength(1);
    expect(types.filter((t) => t === 'FundsReleased')).toHaveLength(1);
    expect(h.gateway.ledger.transfers).toHaveLength(1);
  });

  it('given an unpaid request, when its expiry passes, then it expires (not one ms early)', async () => {
    await givenUser(h, 'u_c');
    const { requestId } = await givenRequest(h, 'u_c', 24);
    h.clock.advance(24 * HOUR - 1);
    await h.tick();
    expect((await requestState(h, requestId)).status).toBe('pending');
    h.clock.advance(1);
    await h.tick();
    expect((await requestState(h, requestId)).status).toBe('expired');
  });

  it('given a paid request, when its expiry passes, then nothing expires it', async () => {
    await givenUser(h, 'u_c');
    const { requestId } = await givenRequest(h, 'u_c', 24);
    await h.bus.execute(
      paymentRequestAggregate,
      paymentRequestAggregate.streamId(requestId),
      () => [{ type: 'PaymentRequestAccepted', data: {} }],
      brand,
    );
    await submit(
      h,
      (await h.escrow.startRequestCheckout(requestId, brand)).url,
      {
        method: 'card',
        outcome: 'pay',
      },
    );
    h.clock.advance(25 * HOUR);
    await h.tick();
    expect((await requestState(h, requestId)).status).toBe('paid');
  });

  it('given the reactor started, when the runner hands it a later timer event, then a period that ended meanwhile elapses with no tick called', async () => {
    const first = await givenDeliveredDeal(h);
    await caughtUp();
    h.reactor.start();
    h.clock.advance(48 * HOUR);
    // Nothing ticks: the next event the runner hands the reactor wakes its scheduler.
    await givenDeliveredDeal(h);
    const deadline = Date.now() + 5_000;
    const stream = dealAggregate.streamId(first.dealId);
    while (
      !(await h.types(stream)).includes('FundsReleased') &&
      Date.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 10));
    const types = await h.types(stream);
    expect(types.filter((t) => t === 'ReviewPeriodElapsed')).toHaveLength(1);
    expect(types.filter((t) => t === 'FundsReleased')).toHaveLength(1);
    await h.reactor.stop();
  });

  it('given a restart with the schedule kept, then the reactor does not replay history into it', async () => {
    await givenDeliveredDeal(h);
    await caughtUp();
    const name = h.reactor.name;
    expect(h.reactors.checkpoint(name)).toBe(await h.store.headPosition());
    expect(name).toMatch(/^timers-v\d+$/);
  });
});
