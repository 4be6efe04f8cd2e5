import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dealAggregate } from '@server/commands/aggregate';
import {
  admin,
  brand,
  createHarness,
  dealState,
  givenDeal,
  givenDeliveredDeal,
  type Harness,
} from './support/escrow-harness';

describe('exactly once, never early: hazards of the money flow', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  let h2: Harness | null = null;
  afterEach(async () => {
    await h.close();
    await h2?.close();
    h2 = null;
  });

  /** Delivers one exact, signed webhook payload (the same Stripe event id each time). */
  async function deliver(event: Record<string, unknown>) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: h.gateway.webhookSecret,
    });
    return h.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signature,
      },
      payload,
    });
  }

  const failure = (id: string, sessionId: string, dealId: number) => ({
    id,
    object: 'event',
    type: 'checkout.session.async_payment_failed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'unpaid',
        metadata: { kind: 'deal', dealId: String(dealId) },
      },
    },
  });

  it('given a failed session, when a new session fails too (and its event is redelivered), then each failure is recorded once', async () => {
    const { dealId } = await givenDeal(h);
    const first = new URL(
      (await h.escrow.startDealCheckout(dealId, brand)).url,
    ).pathname
      .split('/')
      .pop()!;
    expect(
      (await deliver(failure('evt_fail_1', first, dealId))).statusCode,
    ).toBe(200);
    const second = new URL(
      (await h.escrow.startDealCheckout(dealId, brand)).url,
    ).pathname
      .split('/')
      .pop()!;
    expect(
      (await deliver(failure('evt_fail_2', second, dealId))).statusCode,
    ).toBe(200);
    expect(
      (await deliver(failure('evt_fail_2', second, dealId))).statusCode,
    ).toBe(200);
    // A late failure of the first (stale) session changes nothing either.
    expect(
      (await deliver(failure('evt_fail_3', first, dealId))).statusCode,
    ).toBe(200);

    const events = await h.store.readStream(dealAggregate.streamId(dealId));
    const failures = events
      .filter((e) => e.type === 'PaymentFailed')
      .map((e) => (e.data as { checkoutSessionId: string }).checkoutSessionId);
    expect(failures).toEqual([first, second]);
    expect((await dealState(h, dealId)).context.lastFailedSessionId).toBe(
      second,
    );
  });

  it('given a release under way (the transfer not answered yet), when an admin refunds, then the refund is refused and one transfer is made', async () => {
    h2 = await createHarness({
      reactorGateway: (gateway) => ({
        ...gateway,
        transfer: async (input) => {
          await transferGate;
          return gateway.transfer(input);
        },
      }),
    });
    let open = (): void => undefined;
    const transferGate = new Promise<void>((resolve) => (open = resolve));
    const { dealId } = await givenDeliveredDeal(h2);
    const releasing = h2.escrow.releaseFunds(dealId, 'brand', brand);
    await expect
      .poll(async () => (await dealState(h2!, dealId)).context.pendingRelease)
      .not.toBeNull();
    await expect(h2.escrow.refund(dealId, admin)).rejects.toMatchObject({
      status: 409,
      message: 'A release of these funds is under way',
    });
    open();
    await releasing;
    await h2.settleEffects();
    expect((await dealState(h2, dealId)).status).toBe('completed');
    expect(h2.gateway.ledger.refunds).toHaveLength(0);
    expect(h2.gateway.ledger.transfers).toHaveLength(1);
  });

  it('given a released deal, when an admin refunds, then it is refused and nothing is refunded or reversed', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    await h.escrow.releaseFunds(dealId, 'brand', brand);
    await expect(h.escrow.refund(dealId, admin)).rejects.toMatchObject({
      kind: 'illegal_transition',
    });
    expect(h.gateway.ledger.refunds).toHaveLength(0);
    expect(h.gateway.ledger.transfers[0]!.reversed).toBe(false);
  });

  it('given a refunded deal, when the original payment is confirmed again (replay), then no second refund and no payment is recorded', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    await h.escrow.refund(dealId, admin);
    const sessionId = (await dealState(h, dealId)).context.checkoutSessionId!;
    await h.gateway.payCheckout(sessionId, 'card');
    expect(h.gateway.ledger.refunds).toHaveLength(1);
    expect(
      (await h.types(dealAggregate.streamId(dealId))).filter(
        (t) => t === 'PaymentSucceeded',
      ),
    ).toHaveLength(1);
  });

  it('given a refunded deal, when a second release arrives (brand and timer), then nothing is transferred', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    await h.escrow.refund(dealId, admin);
    await expect(
      h.escrow.releaseFunds(dealId, 'brand', brand),
    ).rejects.toMatchObject({
      kind: 'illegal_transition',
    });
    h.clock.advance(48 * 3_600_000);
    await h.tick();
    expect(h.gateway.ledger.transfers).toHaveLength(0);
  });
});
