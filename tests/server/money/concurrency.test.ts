import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dealAggregate } from '@server/commands/aggregate';
import {
  brand,
  createHarness,
  dealState,
  givenDeliveredDeal,
  HOUR,
  type Harness,
} from './support/escrow-harness';

describe('concurrent releases', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('given 50 release calls on two instances and the auto-release timer at the same instant, then one transfer and one FundsReleased', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    const keys: string[] = [];
    const transfer = h.gateway.transfer.bind(h.gateway);
    h.gateway.transfer = (input) => {
      keys.push(input.idempotencyKey);
      return transfer(input);
    };
    // A second app instance: its own bus (cache), payments reactor (own checkpoint) and timer reactor.
    const other = await h.secondInstance();
    h.clock.advance(48 * HOUR);
    await h.timersCaughtUp();
    await other.timersCaughtUp();
    const calls = Array.from({ length: 50 }, (_, i) =>
      (i % 2 === 0 ? h.escrow : other.escrow).releaseFunds(
        dealId,
        'brand',
        brand,
      ),
    );
    const outcomes = await Promise.allSettled([
      ...calls,
      h.reactor.tick(),
      other.timers.tick(),
    ]);
    await h.settleEffects();
    await other.reactors.processed(await h.store.headPosition());

    expect(h.gateway.ledger.transfers).toHaveLength(1);
    expect(new Set(keys).size).toBe(1);
    const types = await h.types(dealAggregate.streamId(dealId));
    expect(types.filter((t) => t === 'FundsReleaseRequested')).toHaveLength(1);
    expect(types.filter((t) => t === 'FundsReleased')).toHaveLength(1);
    expect((await dealState(h, dealId)).status).toBe('completed');
    // One request won; every other caller was refused (409) rather than told it released again.
    const rejected = outcomes
      .slice(0, 50)
      .filter((o) => o.status === 'rejected');
    expect(rejected.length).toBeGreaterThanOrEqual(49);
    for (const r of rejected)
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        status: 409,
      });
  });

  it('given two instances whose payments reactors both read the release request, then one transfer and one outcome event', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    const other = await h.secondInstance();
    await h.escrow.releaseFunds(dealId, 'brand', brand);
    // The second instance's reactor starts from position 0 and meets the same intent: it must not pay again.
    await other.reactors.processed(await h.store.headPosition());
    expect(h.gateway.ledger.transfers).toHaveLength(1);
    const types = await h.types(dealAggregate.streamId(dealId));
    expect(types.filter((t) => t === 'FundsReleased')).toHaveLength(1);
  });
});
