import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  dealAggregate,
  paymentRequestAggregate,
} from '@server/commands/aggregate';
import {
  brand,
  createHarness,
  dealState,
  givenDeal,
  givenDeliveredDeal,
  givenRequest,
  givenUser,
  HOUR,
  requestState,
  submit,
  type Harness,
} from './support/escrow-harness';

describe('a second paid checkout session is refunded automatically', () => {
  let h: Harness;
  const visitor = { actor: { kind: 'brand' as const, id: 'link' } };
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  /** Two sessions for one deal, as if closing the first failed (Stripe unreachable for a moment). */
  async function twoOpenSessions(dealId: number) {
    const expire = h.gateway.expireCheckoutSession;
    h.gateway.expireCheckoutSession = () =>
      Promise.reject(new Error('network down'));
    const first = await h.escrow.startDealCheckout(dealId, brand);
    const second = await h.escrow.startDealCheckout(dealId, brand);
    // The payments reactor tried to close the first session (CheckoutSessionClosed) and could not.
    await h.settleEffects();
    h.gateway.expireCheckoutSession = expire;
    const id = (url: string) => new URL(url).pathname.split('/').pop()!;
    return { first: id(first.url), second: id(second.url) };
  }

  it('given a deal paid through one session, when an older session is paid too, then that payment is refunded in full and recorded once with the stripe actor', async () => {
    const { dealId } = await givenDeal(h);
    const { first, second } = await twoOpenSessions(dealId);
    await h.gateway.payCheckout(second, 'card');
    await h.gateway.payCheckout(first, 'card');
    // The same session confirmed again (a new Stripe event id) refunds nothing more.
    await h.gateway.payCheckout(first, 'card');
    await h.settleEffects();

    const { status, context } = await dealState(h, dealId);
    expect(status).toBe('pending_delivery');
    expect(context.checkoutSessionId).toBe(second);
    const duplicate = h.gateway.ledger.sessions.get(first)!;
    expect(h.gateway.ledger.refunds).toMatchObject([
      {
        chargeId: duplicate.chargeId,
        amountCents: 27_050,
        transferReversalId: null,
      },
    ]);
    expect(context.duplicateRefunds).toMatchObject([
      {
        checkoutSessionId: first,
        refundId: h.gateway.ledger.refunds[0]!.id,
        amountCents: 27_050,
      },
    ]);
    const events = await h.store.readStream(dealAggregate.streamId(dealId));
    // The gateway's confirmation (stripe actor) is recorded as a payment to refund; the reactor records the refund.
    const received = events.filter(
      (e) => e.type === 'UnexpectedPaymentReceived',
    );
    expect(received).toHaveLength(1);
    expect(received[0]!.metadata).toMatchObject({ actor: { kind: 'stripe' } });
    expect(received[0]!.data).toMatchObject({
      checkoutSessionId: first,
      reason: 'already_paid',
    });
    const recorded = events.filter(
      (e) => e.type === 'DuplicatePaymentRefunded',
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.metadata).toMatchObject({
      actor: { kind: 'system', id: 'payments-reactor' },
      causationId: received[0]!.id,
    });
  });

  it('given a released deal, when a stale tab pays a second session, then it is refunded and the creator keeps the transfer', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    await h.escrow.releaseFunds(dealId, 'brand', brand);
    const paid = h.gateway.ledger.sessions.get(
      (await dealState(h, dealId)).context.checkoutSessionId!,
    )!;
    // A second session with the deal's metadata (the tab that escaped expiry), paid after release.
    const extra = h.gateway.ledger.openSession({
      ...paid.input,
      idempotencyKey: 'stale-tab',
    });
    await h.gateway.payCheckout(extra.id, 'card');
    await h.settleEffects();

    expect((await dealState(h, dealId)).status).toBe('completed');
    expect(h.gateway.ledger.transfers).toHaveLength(1);
    expect(h.gateway.ledger.transfers[0]!.reversed).toBe(false);
    expect(h.gateway.ledger.refunds).toMatchObject([
      {
        chargeId: h.gateway.ledger.sessions.get(extra.id)!.chargeId,
        amountCents: 27_050,
        transferReversalId: null,
      },
    ]);
  });

  it('given a deal deleted while its checkout was open, when that session is paid, then the payment is refunded', async () => {
    const { dealId } = await givenDeal(h);
    const { url } = await h.escrow.startDealCheckout(dealId, brand);
    await h.bus.execute(
      dealAggregate,
      dealAggregate.streamId(dealId),
      () => [{ type: 'DealDeleted', data: {} }],
      brand,
    );
    await submit(h, url, { method: 'card', outcome: 'pay' });
    await h.settleEffects();
    expect((await dealState(h, dealId)).status).toBe('deleted');
    expect(await h.types(dealAggregate.streamId(dealId))).toEqual(
      expect.arrayContaining([
        'UnexpectedPaymentReceived',
        'DuplicatePaymentRefunded',
      ]),
    );
    expect(h.gateway.ledger.refunds).toMatchObject([{ amountCents: 27_050 }]);
  });

  it('given a new checkout, when it starts, then the previous open session is expired and can no longer be paid', async () => {
    const { dealId } = await givenDeal(h);
    const first = await h.escrow.startDealCheckout(dealId, brand);
    const second = await h.escrow.startDealCheckout(dealId, brand);
    await h.settleEffects();
    const firstId = new URL(first.url).pathname.split('/').pop()!;
    expect(h.gateway.ledger.sessions.get(firstId)?.status).toBe('expired');
    const response = await submit(h, first.url, {
      method: 'card',
      outcome: 'pay',
    });
    expect(response.headers.location).toBe(
      `http://escrow.test/payment/${dealId}?checkout=cancelled`,
    );
    expect((await dealState(h, dealId)).status).toBe('pending_payment');
    await submit(h, second.url, { method: 'card', outcome: 'pay' });
    expect((await dealState(h, dealId)).status).toBe('pending_delivery');
    expect(h.gateway.ledger.refunds).toHaveLength(0);
  });

  it('given a paid request, when a second session is paid, then it is refunded and recorded on the request', async () => {
    await givenUser(h, 'u_creator');
    const { requestId } = await givenRequest(h, 'u_creator');
    await h.bus.execute(
      paymentRequestAggregate,
      paymentRequestAggregate.streamId(requestId),
      () => [{ type: 'PaymentRequestAccepted', data: {} }],
      visitor,
    );
    h.gateway.expireCheckoutSession = () =>
      Promise.reject(new Error('network down'));
    const a = await h.escrow.startRequestCheckout(requestId, visitor);
    const b = await h.escrow.startRequestCheckout(requestId, visitor);
    await h.settleEffects();
    await submit(h, b.url, { method: 'card', outcome: 'pay' });
    await submit(h, a.url, { method: 'ideal', outcome: 'pay' });
    await h.settleEffects();
    const { status, context } = await requestState(h, requestId);
    expect(status).toBe('paid');
    expect(context.duplicateRefunds).toHaveLength(1);
    expect(h.gateway.ledger.refunds).toMatchObject([{ amountCents: 42_000 }]);
  });

  it('given a request that expires while its checkout is open, then the session is closed and can no longer be paid', async () => {
    await givenUser(h, 'u_creator');
    const { requestId } = await givenRequest(h, 'u_creator', 1);
    await h.bus.execute(
      paymentRequestAggregate,
      paymentRequestAggregate.streamId(requestId),
      () => [{ type: 'PaymentRequestAccepted', data: {} }],
      visitor,
    );
    const { url } = await h.escrow.startRequestCheckout(requestId, visitor);
    h.clock.advance(HOUR);
    await h.tick();
    expect((await requestState(h, requestId)).status).toBe('expired');
    expect(
      await h.types(paymentRequestAggregate.streamId(requestId)),
    ).toContain('PaymentRequestCheckoutClosed');
    expect(
      h.gateway.ledger.sessions.get(new URL(url).pathname.split('/').pop()!)
        ?.status,
    ).toBe('expired');
  });

  it('given a request that expired while closing its session failed, when the brand pays, then the payment is refunded', async () => {
    await givenUser(h, 'u_creator');
    const { requestId } = await givenRequest(h, 'u_creator', 1);
    await h.bus.execute(
      paymentRequestAggregate,
      paymentRequestAggregate.streamId(requestId),
      () => [{ type: 'PaymentRequestAccepted', data: {} }],
      visitor,
    );
    const { url } = await h.escrow.startRequestCheckout(requestId, visitor);
    const expire = h.gateway.expireCheckoutSession;
    h.gateway.expireCheckoutSession = () =>
      Promise.reject(new Error('network down'));
    h.clock.advance(HOUR);
    await h.tick();
    h.gateway.expireCheckoutSession = expire;
    expect((await requestState(h, requestId)).status).toBe('expired');
    await submit(h, url, { method: 'card', outcome: 'pay' });
    await h.settleEffects();
    expect(h.gateway.ledger.refunds).toMatchObject([{ amountCents: 42_000 }]);
    expect(
      (await requestState(h, requestId)).context.unexpectedPayments,
    ).toMatchObject([
      { amountCents: 42_000, refundId: h.gateway.ledger.refunds[0]!.id },
    ]);
  });
});
