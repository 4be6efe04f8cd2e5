import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dealAggregate } from '@server/commands/aggregate';
import {
  admin,
  brand,
  createHarness,
  creatorLink,
  dealState,
  givenDeal,
  givenDeliveredDeal,
  givenReadyDeal,
  HOUR,
  pay,
  submit,
  type Harness,
} from './support/escrow-harness';

describe('deal lifecycle on the simulated gateway', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('given a new deal, when the brand pays by card, then PaymentSucceeded records the total and the charge', async () => {
    const { dealId } = await givenDeal(h);
    const response = await pay(h, dealId, 'card');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `http://escrow.test/payment-success/${dealId}`,
    );
    const { status, context } = await dealState(h, dealId);
    expect(status).toBe('pending_delivery');
    expect(context.paidCents).toBe(27_050);
    expect(context.chargeId).toMatch(/^ch_sim_/);
    expect(context.paymentMethod).toBe('card');
  });

  it('given a new deal, when the brand pays by iDEAL, then only the async success confirms the payment', async () => {
    const { dealId } = await givenDeal(h);
    await pay(h, dealId, 'ideal');
    expect((await dealState(h, dealId)).status).toBe('pending_delivery');
    expect(await h.types(dealAggregate.streamId(dealId))).toEqual([
      'DealCreated',
      'ShareLinkGenerated',
      'CheckoutSessionCreated',
      'PaymentSucceeded',
    ]);
  });

  it('given a new deal, when the payment fails, then the deal still awaits payment and records the failure', async () => {
    const { dealId } = await givenDeal(h);
    const response = await pay(h, dealId, 'ideal', 'fail');
    expect(response.headers.location).toBe(
      `http://escrow.test/payment/${dealId}?checkout=cancelled`,
    );
    const { status, context } = await dealState(h, dealId);
    expect(status).toBe('pending_payment');
    expect(context.lastPaymentFailure).toBe('async_payment_failed');
  });

  it('given a checkout page, when it is opened, then it is marked test mode and offers iDEAL, Card, Pay, Fail payment, Cancel', async () => {
    const { dealId } = await givenDeal(h);
    const { url } = await h.escrow.startDealCheckout(dealId, brand);
    const page = await h.app.inject({
      method: 'GET',
      url: `${new URL(url).pathname}${new URL(url).search}`,
    });
    expect(page.statusCode).toBe(200);
    for (const text of [
      'Test mode — no real money',
      'iDEAL',
      'Card',
      '>Pay<',
      '>Fail payment<',
      '>Cancel<',
      'Spring launch',
      '270.50',
      '<html lang="en">',
    ]) {
      expect(page.body).toContain(text);
    }
    // A Dutch browser (or the web app's language cookie) gets the page in Dutch, amounts in nl-NL.
    for (const headers of [
      { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8' },
      { cookie: 'lang=nl', 'accept-language': 'en-US' },
    ]) {
      const dutch = await h.app.inject({
        method: 'GET',
        url: `${new URL(url).pathname}${new URL(url).search}`,
        headers,
      });
      for (const text of [
        'Testmodus — geen echt geld',
        'Kaart',
        '>Betalen<',
        '>Betaling laten mislukken<',
        '>Annuleren<',
        '270,50',
        '<html lang="nl">',
      ]) {
        expect(dutch.body, JSON.stringify(headers)).toContain(text);
      }
    }
  });

  it('given an accepted deal, when the creator leaves bank setup incomplete, then delivery is refused', async () => {
    const { dealId, token } = await givenDeal(h);
    await pay(h, dealId);
    await h.bus.execute(
      dealAggregate,
      dealAggregate.streamId(dealId),
      () => [{ type: 'CreatorAccepted', data: {} }],
      creatorLink,
    );
    const { url } = await h.escrow.startDealOnboarding(
      dealId,
      token,
      creatorLink,
    );
    const response = await submit(h, url, { outcome: 'incomplete' });
    expect(response.headers.location).toBe(
      `http://escrow.test/accept/${token}?stripe_setup=refresh`,
    );
    await expect(h.escrow.deliver(dealId, creatorLink)).rejects.toMatchObject({
      kind: 'illegal_transition',
    });
  });

  it('given a ready deal, when bank setup completes, then the return URL is the accept page with stripe_setup=success', async () => {
    const { dealId, token } = await givenReadyDeal(h);
    const { context } = await dealState(h, dealId);
    expect(context.stripeAccountId).toMatch(/^acct_sim_/);
    const account = h.gateway.ledger.accounts.get(context.stripeAccountId!);
    expect(account?.returnUrl).toBe(
      `http://escrow.test/accept/${token}?stripe_setup=success`,
    );
  });

  it('given a delivered deal, when the brand approves, then exactly the creator amount is transferred with the deal as group and charge as source', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    const result = await h.escrow.releaseFunds(dealId, 'brand', brand);
    expect(dealAggregate.describe(result.snapshot)).toBe('completed');
    const [transfer, ...others] = h.gateway.ledger.transfers;
    expect(others).toHaveLength(0);
    expect(transfer).toMatchObject({
      amountCents: 25_000,
      transferGroup: `deal-${dealId}`,
    });
    expect(transfer?.sourceTransaction).toBe(
      (await dealState(h, dealId)).context.chargeId,
    );
  });

  it('given a delivered deal, when 48 h pass minus one ms, then nothing is released; at 48 h it releases automatically', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    h.clock.advance(48 * HOUR - 1);
    await h.tick();
    expect((await dealState(h, dealId)).status).toBe('delivered');
    expect(h.gateway.ledger.transfers).toHaveLength(0);
    h.clock.advance(1);
    await h.tick();
    const { status, context } = await dealState(h, dealId);
    expect(status).toBe('completed');
    expect(context.releaseTrigger).toBe('review_period_elapsed');
    expect(h.gateway.ledger.transfers).toHaveLength(1);
  });

  it('given a dispute, when 72 h pass, then the funds release and the dispute is auto_resolved (not one ms early)', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    h.clock.advance(HOUR);
    await h.escrow.openDispute(dealId, '', brand);
    h.clock.advance(72 * HOUR - 1);
    await h.tick();
    expect((await dealState(h, dealId)).status).toBe('dispute');
    h.clock.advance(1);
    await h.tick();
    const { status, context } = await dealState(h, dealId);
    expect(status).toBe('completed');
    expect(context.dispute).toMatchObject({
      reason: 'Not satisfied with deliverables',
      status: 'auto_resolved',
    });
    expect(h.gateway.ledger.transfers).toHaveLength(1);
  });

  it('given a dispute, when the brand approves, then the deal is approved_after_dispute', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    await h.escrow.openDispute(dealId, 'Late', brand);
    await h.escrow.releaseFunds(dealId, 'brand', brand);
    expect((await dealState(h, dealId)).status).toBe('approved_after_dispute');
  });

  it('given a hold 10 h into the review, when 100 h pass, then nothing fires; on resume the end moves by the time held', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    h.clock.advance(10 * HOUR);
    await h.escrow.hold(dealId, admin);
    h.clock.advance(100 * HOUR);
    await h.tick();
    expect((await dealState(h, dealId)).status).toBe('delivered');
    await expect(h.escrow.releaseFunds(dealId, 'brand', brand)).rejects.toThrow(
      /on hold/,
    );
    await h.escrow.resume(dealId, admin);
    const { context } = await dealState(h, dealId);
    expect(context.reviewPeriodEndsAt).toBe(
      new Date(
        Date.parse('2026-03-02T10:00:00.000Z') + 148 * HOUR,
      ).toISOString(),
    );
    h.clock.advance(38 * HOUR - 1);
    await h.tick();
    expect((await dealState(h, dealId)).status).toBe('delivered');
    h.clock.advance(1);
    await h.tick();
    expect((await dealState(h, dealId)).status).toBe('completed');
  });

  it('given a delivered deal on hold, when an admin releases, then the transfer is made', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    await h.escrow.hold(dealId, admin);
    await h.escrow.releaseFunds(dealId, 'admin', admin);
    expect((await dealState(h, dealId)).status).toBe('completed');
    expect(h.gateway.ledger.transfers).toHaveLength(1);
  });

  it('given a refused transfer, when the brand releases, then TransferFailed is recorded, the deal stays delivered and a retry succeeds', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    h.gateway.failTransfersWith('funds_settling');
    await expect(
      h.escrow.releaseFunds(dealId, 'brand', brand),
    ).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringContaining('funds_settling'),
    });
    const failed = await dealState(h, dealId);
    expect(failed.status).toBe('delivered');
    expect(failed.context.lastTransferError?.code).toBe('funds_settling');
    h.gateway.failTransfersWith(null);
    h.clock.advance(5 * 60_000);
    await h.escrow.releaseFunds(dealId, 'brand', brand);
    expect((await dealState(h, dealId)).status).toBe('completed');
    expect(h.gateway.ledger.transfers).toHaveLength(1);
  });

  it.each([
    ['payouts_not_enabled', 'payouts_enabled'],
    ['no_bank_account', 'bank account'],
    ['balance_insufficient', 'Insufficient funds'],
  ] as const)(
    'given the gateway refuses with %s, when releasing, then the message carries "%s" for the UI',
    async (code, words) => {
      const { dealId } = await givenDeliveredDeal(h);
      h.gateway.failTransfersWith(code);
      await expect(
        h.escrow.releaseFunds(dealId, 'brand', brand),
      ).rejects.toThrow(words);
    },
  );

  it('given a paid deal, when an admin refunds, then the brand gets the total back and the deal is cancelled', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    await h.escrow.refund(dealId, admin);
    const { status, context } = await dealState(h, dealId);
    expect(status).toBe('cancelled');
    expect(h.gateway.ledger.refunds).toMatchObject([
      { amountCents: 27_050, chargeId: context.chargeId },
    ]);
  });

  it('given a transfer made but never recorded, when an admin refunds, then the transfer is reversed first', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    const { context } = await dealState(h, dealId);
    await h.gateway.transfer({
      amountCents: 25_000,
      destinationAccountId: context.stripeAccountId!,
      transferGroup: `deal-${dealId}`,
      sourceTransaction: context.chargeId,
      idempotencyKey: 'lost',
      metadata: {},
    });
    const result = await h.escrow.refund(dealId, admin);
    expect(result.snapshot.context.refundId).not.toBeNull();
    expect(h.gateway.ledger.transfers[0]?.reversed).toBe(true);
    expect(h.gateway.ledger.refunds[0]?.transferReversalId).toMatch(
      /^trr_sim_/,
    );
  });

  it('given a delivered deal, when a card chargeback arrives, then the deal is held and no timer releases it', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    await h.gateway.openChargeback(
      (await dealState(h, dealId)).context.chargeId!,
      'fraudulent',
    );
    const { context } = await dealState(h, dealId);
    expect(context.hold?.source).toBe('chargeback');
    expect(context.chargebacks).toHaveLength(1);
    h.clock.advance(60 * HOUR);
    await h.tick();
    expect((await dealState(h, dealId)).status).toBe('delivered');
    expect(h.gateway.ledger.transfers).toHaveLength(0);
  });

  it('given test mode, when the payout cannot be made, then manual completion completes the deal without a transfer', async () => {
    const { dealId } = await givenDeliveredDeal(h);
    await h.escrow.manualComplete(dealId, brand);
    expect((await dealState(h, dealId)).status).toBe('completed');
    expect(h.gateway.ledger.transfers).toHaveLength(0);
  });
});
