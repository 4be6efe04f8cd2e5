import { afterEach, describe, expect, it } from 'vitest';
import { dealAggregate } from '@server/commands/aggregate';
import type { EventStore } from '@server/event-store/event-store';
import {
  admin,
  brand,
  createHarness,
  dealState,
  givenDeliveredDeal,
  HOUR,
  type Harness,
} from './support/escrow-harness';

/** A store whose first append of an outcome of this type fails, as if the process died right after the gateway call. */
function crashOnceOn(type: string) {
  return (store: EventStore): EventStore => {
    let crashed = false;
    return {
      ...store,
      append: (streamId, events, expected) => {
        if (!crashed && events.some((e) => e.type === type)) {
          crashed = true;
          return Promise.reject(
            new Error(
              `simulated crash between the gateway call and the ${type} append`,
            ),
          );
        }
        return store.append(streamId, events, expected);
      },
      readStream: (...args) => store.readStream(...args),
      readAll: (...args) => store.readAll(...args),
      subscribe: (...args) => store.subscribe(...args),
      headPosition: () => store.headPosition(),
      close: () => store.close(),
    };
  };
}

/** The first FundsReleased append fails, as if the process died right after the transfer. */
const crashOnceOnRelease = crashOnceOn('FundsReleased');

describe('crash between the gateway call and the outcome event', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('given the outcome append fails after the transfer, then the reactor completes it with the same transfer (no second transfer)', async () => {
    h = await createHarness({ wrapStore: crashOnceOnRelease });
    const { dealId } = await givenDeliveredDeal(h);
    await h.escrow.releaseFunds(dealId, 'brand', brand);
    await h.settleEffects();
    const { status, context } = await dealState(h, dealId);
    expect(status).toBe('completed');
    expect(h.gateway.ledger.transfers).toHaveLength(1);
    expect(context.transferId).toBe(h.gateway.ledger.transfers[0]?.id);
    expect(
      (await h.types(dealAggregate.streamId(dealId))).filter(
        (t) => t === 'FundsReleased',
      ),
    ).toHaveLength(1);
  });

  it('given a restart after the transfer (a fresh instance replays every intent from position 0), then nothing is paid twice', async () => {
    h = await createHarness();
    const { dealId } = await givenDeliveredDeal(h);
    await h.escrow.releaseFunds(dealId, 'brand', brand);
    const restarted = await h.secondInstance();
    await restarted.reactors.processed(await h.store.headPosition());
    expect(h.gateway.ledger.transfers).toHaveLength(1);
    expect((await dealState(h, dealId)).status).toBe('completed');
  });

  it.each(['SplitTransferSucceeded', 'SplitRefundSucceeded'])(
    'given a split whose %s append fails after the gateway call, then the reactor heals it with the same transfer and refund, and a restart moves nothing again',
    async (type) => {
      h = await createHarness({ wrapStore: crashOnceOn(type) });
      const { dealId } = await givenDeliveredDeal(h);
      await h.escrow.openDispute(dealId, 'Not as agreed', brand);
      await h.run.deal(
        dealId,
        { type: 'ResolveWithSplit', creatorCents: 15_000, key: 'split-crash' },
        admin,
      );
      await h.settleEffects();
      const { status, context } = await dealState(h, dealId);
      expect(status).toBe('split_resolved');
      const money = h.gateway.ledger.moneyOfGroup(
        dealAggregate.streamId(dealId),
      );
      expect(
        money.transfers.map((t) => [t.amountCents, t.idempotencyKey]),
      ).toEqual([[15_000, 'split-crash:transfer']]);
      expect(
        money.refunds.map((r) => [r.amountCents, r.idempotencyKey]),
      ).toEqual([[10_820, 'split-crash:refund']]);
      expect(context.split).toMatchObject({
        transferId: money.transfers[0]!.id,
        refundId: money.refunds[0]!.id,
      });
      const restarted = await h.secondInstance();
      await restarted.reactors.processed(await h.store.headPosition());
      await restarted.close();
      expect(
        h.gateway.ledger.moneyOfGroup(dealAggregate.streamId(dealId)).transfers,
      ).toHaveLength(1);
      expect(
        h.gateway.ledger.moneyOfGroup(dealAggregate.streamId(dealId)).refunds,
      ).toHaveLength(1);
      expect(
        (await h.types(dealAggregate.streamId(dealId))).filter(
          (t) => t === type,
        ),
      ).toHaveLength(1);
    },
  );

  it('given the auto-release crashes after the transfer, then it heals with the same transfer', async () => {
    h = await createHarness({ wrapStore: crashOnceOnRelease });
    const { dealId } = await givenDeliveredDeal(h);
    h.clock.advance(48 * HOUR);
    await h.tick();
    await h.settleEffects();
    const { status, context } = await dealState(h, dealId);
    expect(status).toBe('completed');
    expect(context.releaseTrigger).toBe('review_period_elapsed');
    expect(h.gateway.ledger.transfers).toHaveLength(1);
  });
});
