import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptLink,
  createPaidRequest,
  payDeal,
} from '@tests/support/flow-helpers';
import { loadConfig } from '@server/config';
import { isSimulated } from '@server/money/gateway/create-gateway';
import { injectTransport } from '@server/money/gateway/simulated/simulated-webhooks';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  simulatedGatewayOf,
  type TestApp,
} from '@tests/support/test-app';
import { invoiceSellerEnv } from '@tests/support/invoice-seller';
import { testPayoutIdentity } from '@tests/support/payout-identity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Posts a test tool of a paid session's page (with the payer's key) and lets its webhook settle. */
const paymentPage =
  (sessionId: string) =>
  async (outcome: string, lang = 'en') => {
    const key = simulatedGatewayOf(t).accessKey('payer', sessionId);
    const res = await t.app.inject({
      method: 'POST',
      url: `/sim/payments/${sessionId}?key=${key}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': lang,
      },
      payload: `outcome=${outcome}`,
    });
    await t.ctx.quiesce();
    return res;
  };

describe('simulated gateway: the test-mode chargeback page', () => {
  it('given a paid request, when "Simulate chargeback" is posted on /sim/payments/:sessionId, then the request is held', async () => {
    const creator = await registerUser(t.app);
    const { id } = await createPaidRequest(t.app, t.ctx, creator.token);
    const sessionId =
      t.ctx.queries.requests.byId(id)!.context.checkoutSessionId!;
    const gateway = t.ctx.payments.gateway;
    if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
    const key = gateway.accessKey('payer', sessionId);
    const page = await t.app.inject({
      url: `/sim/payments/${sessionId}?key=${key}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test mode — no real money');
    expect(page.body).toContain('Simulate chargeback');

    const sent = await t.app.inject({
      method: 'POST',
      url: `/sim/payments/${sessionId}?key=${key}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=chargeback',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Chargeback sent');
    await t.ctx.settle(await t.ctx.store.headPosition());
    expect(t.ctx.queries.requests.byId(id)!.context.hold).toMatchObject({
      reason: 'Chargeback: fraudulent',
    });
    expect(
      (await t.app.inject({ url: '/sim/payments/cs_unknown' })).statusCode,
    ).toBe(404);
  });

  it('refuses a chargeback beyond the charge, and sends the outcome of the open one: lost writes it off', async () => {
    const creator = await registerUser(t.app);
    const { id } = await createPaidRequest(t.app, t.ctx, creator.token);
    const sessionId =
      t.ctx.queries.requests.byId(id)!.context.checkoutSessionId!;
    const gateway = t.ctx.payments.gateway;
    if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
    const post = paymentPage(sessionId);
    expect((await post('won')).body).toContain(
      'There is no open chargeback on this charge.',
    );
    expect((await post('chargeback')).statusCode).toBe(200);
    const again = await post('chargeback');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('a chargeback on this charge is open');
    expect((await post('chargeback', 'nl')).body).toContain(
      'er loopt al een terugboeking',
    );
    const chargeId = t.ctx.queries.requests.byId(id)!.context.chargeId;
    expect(
      gateway.ledger.disputes.filter((d) => d.chargeId === chargeId),
    ).toHaveLength(1);
    await t.ctx.settle(await t.ctx.store.headPosition());
    const held = t.ctx.queries.requests.byId(id)!.context;
    expect(held.chargebacks).toEqual([
      expect.objectContaining({ status: 'open', heldCents: held.paidCents }),
    ]);
    expect(held.accounts.totals.disputed!.credits).toBe(held.paidCents);

    const lost = await post('lost');
    expect(lost.body).toContain(
      'Chargeback outcome sent (charge.dispute.closed).',
    );
    await t.ctx.settle(await t.ctx.store.headPosition());
    const after = t.ctx.queries.requests.byId(id)!.context;
    expect(after.chargebacks).toEqual([
      expect.objectContaining({ status: 'lost', outcomeReason: 'fraudulent' }),
    ]);
    // Written off: the disputed money left through the gateway; the escrow holds nothing.
    expect(after.accounts.totals.disputed!.debits).toBe(after.paidCents);
    expect(
      after.accounts.totals.escrow!.credits -
        after.accounts.totals.escrow!.debits,
    ).toBe(0);
    expect((await post('lost')).body).toContain(
      'There is no open chargeback on this charge.',
    );
    // Charged back in full (and lost): nothing is left to charge back.
    const beyond = await post('chargeback');
    expect(beyond.statusCode).toBe(409);
    expect(beyond.body).toContain('cannot add up to more than it charged');
    expect((await post('chargeback', 'nl')).body).toContain(
      'kunnen samen niet meer zijn',
    );
    expect(
      gateway.ledger.disputes.filter((d) => d.chargeId === chargeId),
    ).toHaveLength(1);
  });

  it('refuses, with a code in English and Dutch, a second chargeback while one is open and a chargeback of money already refunded; the gateway never gives back more than it took', async () => {
    const gateway = simulatedGatewayOf(t);
    const admin = await createRootAdmin(t);
    const brand = await registerUser(t.app);
    const paid = async () => {
      const deal = await createDeal(t.app, brand.token, { amount: '100' });
      await payDeal(t.app, t.ctx, brand.token, deal.id);
      const c = t.ctx.queries.deals.byId(deal.id)!.context;
      const post = paymentPage(c.checkoutSessionId!);
      return { id: deal.id, chargeId: c.chargeId!, post };
    };
    const out = (chargeId: string, id: number) =>
      gateway.ledger.disputes
        .filter((d) => d.chargeId === chargeId)
        .reduce((sum, d) => sum + d.amountCents, 0) +
      gateway.ledger
        .moneyOfGroup(`deal-${id}`)
        .refunds.reduce((sum, r) => sum + r.amountCents, 0);

    // A partial chargeback is open: the page does not open a second one on the charge.
    const partly = await paid();
    await gateway.openChargeback(partly.chargeId, 'fraudulent', 3_000);
    await t.ctx.quiesce();
    const second = await partly.post('chargeback');
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('data-code="chargeback_already_open"');
    expect(second.body).toContain('a chargeback on this charge is open');
    expect((await partly.post('chargeback', 'nl')).body).toContain(
      'er loopt al een terugboeking op deze betaling',
    );
    expect(
      t.ctx.queries.deals.byId(partly.id)!.context.chargebacks,
    ).toHaveLength(1);

    // Refunded in full: there is nothing left for a card issuer to take back.
    const refunded = await paid();
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${refunded.id}/refund`,
      headers: bearer(admin),
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const after = await refunded.post('chargeback');
    expect(after.statusCode).toBe(409);
    expect(after.body).toContain('data-code="chargeback_beyond_charge"');
    expect(after.body).toContain('less what was refunded');
    expect((await refunded.post('chargeback', 'nl')).body).toContain(
      'min wat is terugbetaald',
    );
    expect(out(refunded.chargeId, refunded.id)).toBe(10_820);
    expect(t.ctx.queries.deals.byId(refunded.id)!.context.chargebacks).toEqual(
      [],
    );
    const none = await refunded.post('won');
    expect(none.statusCode).toBe(409);
    expect(none.body).toContain('data-code="no_open_chargeback"');
  });

  it('when the webhook fails after the gateway stored the dispute, the page answers 202: the chargeback was opened and its notice is pending (EN, NL); the notice is sent again and the ledger records it', async () => {
    const gateway = simulatedGatewayOf(t);
    const creator = await registerUser(t.app);
    const toApp = injectTransport(t.app);
    const paid = async () => {
      const { id } = await createPaidRequest(t.app, t.ctx, creator.token);
      const c = t.ctx.queries.requests.byId(id)!.context;
      return {
        id,
        chargeId: c.chargeId!,
        post: paymentPage(c.checkoutSessionId!),
      };
    };
    const en = await paid();
    const nl = await paid();
    let appDown = true;
    gateway.useWebhookTransport(async (r) => (appDown ? 503 : toApp(r)));
    try {
      const opened = await en.post('chargeback');
      expect(opened.statusCode).toBe(202);
      expect(opened.body).toContain(
        'Chargeback opened at the payment provider, but the app has not accepted its notice (charge.dispute.created) yet',
      );
      expect(opened.body).not.toContain('Refused');
      const openedNl = await nl.post('chargeback', 'nl');
      expect(openedNl.statusCode).toBe(202);
      expect(openedNl.body).toContain(
        'Terugboeking geopend bij de betaaldienst, maar de app heeft de melding (charge.dispute.created) nog niet aangenomen',
      );
      // The disputes exist at the gateway; the ledger has not heard of them yet.
      for (const { id, chargeId } of [en, nl]) {
        expect(
          gateway.ledger.disputes.filter((d) => d.chargeId === chargeId),
        ).toHaveLength(1);
        expect(t.ctx.queries.requests.byId(id)!.context.chargebacks).toEqual(
          [],
        );
      }
      // Its outcome's notice waits likewise.
      const won = await en.post('won');
      expect(won.statusCode).toBe(202);
      expect(won.body).toContain(
        'Chargeback closed at the payment provider, but the app has not accepted its notice (charge.dispute.closed) yet',
      );

      appDown = false;
      expect(await gateway.redeliverWebhooks()).toBe(0);
      await t.ctx.quiesce();
      await t.ctx.settle(await t.ctx.store.headPosition());
      expect(t.ctx.queries.requests.byId(en.id)!.context.chargebacks).toEqual([
        expect.objectContaining({ status: 'won' }),
      ]);
      expect(t.ctx.queries.requests.byId(nl.id)!.context.chargebacks).toEqual([
        expect.objectContaining({ status: 'open' }),
      ]);
    } finally {
      gateway.useWebhookTransport(toApp);
    }
  });

  it("without the payer's key (or with another), the /sim pages answer 404 and change nothing", async () => {
    const creator = await registerUser(t.app);
    const { id } = await createPaidRequest(t.app, t.ctx, creator.token);
    const sessionId =
      t.ctx.queries.requests.byId(id)!.context.checkoutSessionId!;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const suffix of [
      '',
      '?key=',
      '?key=00000000000000000000000000000000',
      '?key[]=x',
    ]) {
      expect(
        (await t.app.inject({ url: `/sim/payments/${sessionId}${suffix}` }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/sim/payments/${sessionId}${suffix}`,
            headers: form,
            payload: 'outcome=chargeback',
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ url: `/sim/checkout/${sessionId}${suffix}` }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/sim/checkout/${sessionId}${suffix}`,
            headers: form,
            payload: 'outcome=fail',
          })
        ).statusCode,
      ).toBe(404);
    }
    await t.ctx.settle(await t.ctx.store.headPosition());
    expect(t.ctx.queries.requests.byId(id)!.context.hold).toBeNull();
    const gateway = t.ctx.payments.gateway;
    if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
    // The creator's onboarding page likewise needs the key from the account link.
    const brand = await registerUser(t.app);
    const deal = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, deal.id);
    const link = (
      await t.app.inject({
        method: 'POST',
        url: `/api/deals/${deal.id}/generate-token`,
        headers: bearer(brand.token),
      })
    ).json().token;
    const claimSecret = (
      await acceptLink(t.app, t.ctx, { kind: 'deal', token: link })
    ).json().claimSecret;
    const onboarding = new URL(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/deals/start-onboarding/${link}`,
          headers: { 'x-claim-secret': claimSecret },
          payload: { identity: testPayoutIdentity },
        })
      ).json().url,
    );
    expect(onboarding.searchParams.get('key')).toMatch(/^[0-9a-f]{32}$/);
    expect((await t.app.inject({ url: onboarding.pathname })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: onboarding.pathname,
          headers: form,
          payload: 'outcome=complete',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `${onboarding.pathname}${onboarding.search}`,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('the public settings say test mode', async () => {
    const res = await t.app.inject({ url: '/api/settings' });
    expect(res.json()).toMatchObject({
      testMode: true,
      simulatedPayments: true,
    });
  });
});

describe('production refuses fake money unless chosen', () => {
  const prod = {
    NODE_ENV: 'production',
    JWT_SECRET: 'p'.repeat(40),
    PUBLIC_URL: 'https://escrow.example',
  };
  it('given production without Stripe keys, then the config is refused with a message naming SIMULATED_PAYMENTS', () => {
    expect(() => loadConfig(prod)).toThrow(
      /STRIPE_SECRET_KEY is required.*SIMULATED_PAYMENTS=true/s,
    );
  });
  it('given SIMULATED_PAYMENTS=true, then it starts on the simulated gateway', () => {
    expect(
      loadConfig({ ...prod, SIMULATED_PAYMENTS: 'true' }).simulatedPayments,
    ).toBe(true);
    expect(
      loadConfig({
        ...prod,
        ...invoiceSellerEnv,
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }).simulatedPayments,
    ).toBe(false);
  });
});
