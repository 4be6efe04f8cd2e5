import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dealAggregate } from '../../../server/commands/aggregate';
import { createCommandBus } from '../../../server/commands/command-bus';
import { createEscrow } from '../../../server/payments/escrow';
import { brand, createHarness, dealState, givenDeliveredDeal, HOUR, PUBLIC_URL, type Harness } from './support/escrow-harness';

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
    // A second app instance: its own bus (cache) and escrow (lock), the same store and gateway.
    const other = createEscrow({
      bus: createCommandBus({ store: h.store, clock: h.clock }),
      clock: h.clock,
      gateway: h.gateway,
      config: { publicUrl: PUBLIC_URL, reviewPeriodHours: 48, disputePeriodHours: 72 },
      users: { emailOf: async () => null },
    });
    h.clock.advance(48 * HOUR);
    await h.runner.waitForPosition(await h.store.headPosition());
    const calls = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? h.escrow : other).releaseFunds(dealId, 'brand', brand));
    const outcomes = await Promise.allSettled([...calls, h.reactor.tick()]);

    expect(h.gateway.ledger.transfers).toHaveLength(1);
    expect(new Set(keys).size).toBe(1);
    expect((await h.types(dealAggregate.streamId(dealId))).filter((t) => t === 'FundsReleased')).toHaveLength(1);
    expect((await dealState(h, dealId)).status).toBe('completed');
    // Callers that lost the race see the completed deal (idempotent), not an error.
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(50);
  });
});
