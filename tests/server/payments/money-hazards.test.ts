import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dealAggregate } from '../../../server/commands/aggregate';
import { createCommandBus } from '../../../server/commands/command-bus';
import { createEscrow } from '../../../server/payments/escrow';
import type { PaymentGateway } from '../../../server/payments/gateway/payment-gateway';
import { admin, brand, createHarness, dealState, givenDeal, givenDeliveredDeal, PUBLIC_URL, type Harness } from './support/escrow-harness';

describe('exactly once, never early: hazards of the money flow', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  /** Delivers one exact, signed webhook payload (the same Stripe event id each time). */
  async function deliver(event: Record<string, unknown>) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: h.gateway.webhookSecret });
    return h.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  }

  const failure = (id: string, sessionId: string, dealId: number) => ({
    id,
    object: 'event',
    type: 'checkout.session.async_payment_failed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'unpaid', metadata: { kind: 'deal', dealId: String(dealId) } } },
  });

  it('given a failed session, when a new session fails too (and its event is redelivered), then each failure is recorded once', async () => {
    const { dealId } = await givenDeal(h);
    const first = new URL((await h.escrow.startDealCheckout(dealId, brand)).url).pathname.split('/').pop()!;
    expect((await deliver(failure('evt_fail_1', first, dealId))).statusCode).toBe(200);
    const second = new URL((await h.escrow.startDealCheckout(dealId, brand)).url).pathname.split('/').pop()!;
    expect((await deliver(failure('evt_fail_2', second, dealId))).statusCode).toBe(200);
    expect((await deliver(failure('evt_fail_2', second, dealId))).statusCode).toBe(200);
    // A late failure of the first (stale) session changes nothing either.
    expect((await deliver(failure('evt_fail_3', first, dealId))).statusCode).toBe(200);

    const events = await h.store.readStream(dealAggregate.streamId(dealId));
    const failures = events.filter((e) => e.type === 'PaymentFailed').map((e) => (e.data as { checkoutSessionId: string }).checkoutSessionId);
    expect(failures).toEqual([first, second]);
    expect((await dealState(h, dealId)).context.lastFailedSessionId).toBe(second);
  });

  it('given an admin refund on one instance while another releases, then the late transfer is reversed: the money leaves once', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    // The refund lands while the release's transfer call is in flight (its listing found nothing).
    const racing: PaymentGateway = {
      ...h.gateway,
      transfer: async (input) => {
        await h.escrow.refund(dealId, admin);
        return h.gateway.transfer(input);
      },
    };
    const other = createEscrow({
      bus: createCommandBus({ store: h.store, clock: h.clock }),
      clock: h.clock,
      gateway: racing,
      config: { publicUrl: PUBLIC_URL, reviewPeriodHours: 48, disputePeriodHours: 72 },
      users: { emailOf: async () => null },
    });
    await expect(other.releaseFunds(dealId, 'brand', brand)).rejects.toMatchObject({ code: 'illegal_transition' });

    expect((await dealState(h, dealId)).status).toBe('cancelled');
    expect(h.gateway.ledger.refunds).toHaveLength(1);
    expect(h.gateway.ledger.transfers).toHaveLength(1);
    expect(h.gateway.ledger.transfers[0]!.reversed).toBe(true);
    expect(await h.types(dealAggregate.streamId(dealId))).not.toContain('FundsReleased');
  });

  it('given a released deal, when an admin refunds, then it is refused and nothing is refunded or reversed', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    await h.escrow.releaseFunds(dealId, 'brand', brand);
    await expect(h.escrow.refund(dealId, admin)).rejects.toMatchObject({ code: 'illegal_transition' });
    expect(h.gateway.ledger.refunds).toHaveLength(0);
    expect(h.gateway.ledger.transfers[0]!.reversed).toBe(false);
  });

  it('given a refunded deal, when the original payment is confirmed again (replay), then no second refund and no payment is recorded', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    await h.escrow.refund(dealId, admin);
    const sessionId = (await dealState(h, dealId)).context.checkoutSessionId!;
    await h.gateway.payCheckout(sessionId, 'card');
    expect(h.gateway.ledger.refunds).toHaveLength(1);
    expect((await h.types(dealAggregate.streamId(dealId))).filter((t) => t === 'PaymentSucceeded')).toHaveLength(1);
  });

  it('given a refunded deal, when a second release arrives (brand and timer), then nothing is transferred', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    await h.escrow.refund(dealId, admin);
    await expect(h.escrow.releaseFunds(dealId, 'brand', brand)).rejects.toMatchObject({ code: 'illegal_transition' });
    h.clock.advance(48 * 3_600_000);
    await h.tick();
    expect(h.gateway.ledger.transfers).toHaveLength(0);
  });
});
