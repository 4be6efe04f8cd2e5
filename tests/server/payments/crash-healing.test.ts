import { afterEach, describe, expect, it } from 'vitest';
import { dealAggregate } from '../../../server/commands/aggregate';
import { createCommandBus } from '../../../server/commands/command-bus';
import type { EventStore } from '../../../server/event-store/event-store';
import { createEscrow } from '../../../server/payments/escrow';
import { brand, createHarness, dealState, givenDeliveredDeal, HOUR, PUBLIC_URL, type Harness } from './support/escrow-harness';

/** A store whose first append of a FundsReleased fails, as if the process died right after the transfer. */
function crashOnceOnRelease(store: EventStore): EventStore {
  let crashed = false;
  return {
    ...store,
    append: (streamId, events, expected) => {
      if (!crashed && events.some((e) => e.type === 'FundsReleased')) {
        crashed = true;
        return Promise.reject(new Error('simulated crash between the transfer and the append'));
      }
      return store.append(streamId, events, expected);
    },
    readStream: (...args) => store.readStream(...args),
    readAll: (...args) => store.readAll(...args),
    subscribe: (...args) => store.subscribe(...args),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}

describe('crash between the transfer and the append', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('given the append fails after the transfer, when the brand retries (after a restart), then no second transfer is made', async () => {
    h = await createHarness({ wrapStore: crashOnceOnRelease });
    const { dealId } = await givenDeliveredDeal(h);
    await expect(h.escrow.releaseFunds(dealId, 'brand', brand)).rejects.toThrow(/simulated crash/);
    expect(h.gateway.ledger.transfers).toHaveLength(1);
    expect((await dealState(h, dealId)).status).toBe('delivered');

    // A fresh process: new bus (empty cache) and escrow over the same store and gateway.
    const bus = createCommandBus({ store: h.store, clock: h.clock });
    const restarted = createEscrow({ bus, clock: h.clock, gateway: h.gateway, config: { publicUrl: PUBLIC_URL, reviewPeriodHours: 48, disputePeriodHours: 72 }, users: { emailOf: async () => null } });
    const result = await restarted.releaseFunds(dealId, 'brand', brand);
    expect(dealAggregate.describe(result.snapshot)).toBe('completed');
    expect(h.gateway.ledger.transfers).toHaveLength(1);
    expect(result.snapshot.context.transferId).toBe(h.gateway.ledger.transfers[0]?.id);
    expect((await h.types(dealAggregate.streamId(dealId))).filter((t) => t === 'FundsReleased')).toHaveLength(1);
  });

  it('given the auto-release crashes after the transfer, when the timer fires again, then it heals with the same transfer', async () => {
    h = await createHarness({ wrapStore: crashOnceOnRelease });
    const { dealId } = await givenDeliveredDeal(h);
    h.clock.advance(48 * HOUR);
    await h.tick();
    expect(h.gateway.ledger.transfers).toHaveLength(1);
    expect((await dealState(h, dealId)).status).toBe('delivered');
    // The reactor backs off after an unrecorded failure; a minute later it tries again.
    h.clock.advance(61_000);
    await h.tick();
    const { status, context } = await dealState(h, dealId);
    expect(status).toBe('completed');
    expect(context.releaseTrigger).toBe('review_period_elapsed');
    expect(h.gateway.ledger.transfers).toHaveLength(1);
  });
});
