import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  connectPayouts,
  deferredPaidRequest,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  paymentPageTool,
  simulatedGatewayOf,
  type TestApp,
} from '@tests/support/test-app';
import { requestHistory } from '@server/admin/request-history';
import { createActorNames } from '@server/deals/actor-names';
import { reactorMails } from '@tests/server/notifications/reactor-mails';

/*
 * A chargeback lost for all the escrow held, through the simulated gateway's test-mode page: the
 * deal ends cancelled and the request refunded, with the reason charged back, nothing asked of the
 * gateway, the parties told why (no refund mail, no credit note), the money overview holding
 * nothing for them and the deferred payout's timer quiet.
 */
let t: TestApp;
let admin: string;
const mails = reactorMails(() => t);
beforeAll(async () => {
  t = await createTestApp();
  admin = await createRootAdmin(t);
});
afterAll(() => t.close());

const page = (sessionId: string, outcome: string) =>
  paymentPageTool(t, sessionId, outcome);

const get = (url: string, token = admin) =>
  t.app.inject({ url, headers: bearer(token) });

describe('a chargeback lost for the whole escrow', () => {
  it('given a paid deal charged back in full, when the chargeback is lost, then the deal is cancelled as charged back, with no refund at the gateway and no refund mail', async () => {
    const brand = await registerUser(t.app);
    const deal = await createDeal(t.app, brand.token, { amount: '100' });
    await payDeal(t.app, t.ctx, brand.token, deal.id);
    await mails.react();
    const sessionId = t.ctx.queries.deals.byId(deal.id)!.context
      .checkoutSessionId!;
    await page(sessionId, 'chargeback');
    await page(sessionId, 'lost');

    const own = (await get(`/api/deals/${deal.id}`, brand.token)).json();
    expect(own.status).toBe('cancelled');
    expect(own.state.brandText).toBe('deal.brand.charged_back');
    expect(
      simulatedGatewayOf(t).ledger.moneyOfGroup(`deal-${deal.id}`).refunds,
    ).toEqual([]);
    const stored = await t.ctx.store.readStream(`deal-${deal.id}`);
    expect(stored.map((e) => e.type).slice(-2)).toEqual([
      'ChargebackClosed',
      'DealRefunded',
    ]);
    expect(stored.at(-1)!.data).toMatchObject({
      reason: 'charged_back',
      amountCents: 0,
    });
    expect(stored.map((e) => e.type)).not.toContain('RefundRequested');

    const history = (await get(`/api/admin/deals/${deal.id}/events`)).json();
    expect(history.at(-1).summary.code).toBe('DealRefunded.chargedBack');
    const adminDeal = (await get(`/api/admin/deals/${deal.id}`)).json();
    expect(adminDeal.state.brandText).toBe('deal.brand.charged_back');

    await mails.react();
    const subjects = (await mails.mailsTo(brand.email)).map((m) => m.subject);
    expect(subjects).toContain('Escrow closed after chargeback');
    expect(subjects).not.toContain('Refund done');
    expect(subjects.some((s) => /credit note/i.test(s ?? ''))).toBe(false);

    // An admin's refund now finds nothing to do.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${deal.id}/refund`,
      headers: bearer(admin),
    });
    expect(refund.statusCode).toBe(409);
  });

  it('given a deferred payout charged back in full, when the chargeback is lost, then the request is refunded as charged back and the payout timer stops firing', async () => {
    const errors = vi.spyOn(console, 'error');
    try {
      const creator = await registerUser(t.app);
      const { id, sessionId } = await deferredPaidRequest(
        t.app,
        t.ctx,
        creator.token,
      );
      await page(sessionId, 'chargeback');
      await connectPayouts(t.app, t.ctx, creator.token);
      const released = await t.app.inject({
        method: 'POST',
        url: `/api/admin/payment-requests/${id}/release-hold`,
        headers: bearer(admin),
        payload: { note: 'Evidence sent to the bank' },
      });
      expect(released.statusCode, released.body).toBe(200);
      await page(sessionId, 'lost');

      for (let i = 0; i < 3; i++) {
        t.clock.advance(16 * 60_000);
        await t.ctx.payments.reactor.tick();
        await t.ctx.quiesce();
      }
      const failures = errors.mock.calls
        .map((call) => call.map(String).join(' '))
        .filter((line) => line.includes(`payment-request-${id}`));
      expect(failures).toEqual([]);

      const record = t.ctx.queries.requests.byId(id)!;
      expect(record.status).toBe('refunded');
      const mine = (
        (await get('/api/payment-requests', creator.token)).json() as {
          id: number;
          state: { text: string };
          payoutWaitingFor: string | null;
        }[]
      ).find((r) => r.id === id)!;
      expect(mine.state.text).toBe('request.status.charged_back');
      expect(mine.payoutWaitingFor).toBeNull();
      const gateway = simulatedGatewayOf(t).ledger.moneyOfGroup(
        `payment-request-${id}`,
      );
      expect(gateway.refunds).toEqual([]);
      expect(gateway.transfers).toEqual([]);
      // The admin's history (the dispute timeline's) says how it ended.
      const history = requestHistory(
        await t.ctx.store.readStream(`payment-request-${id}`),
        createActorNames(t.ctx.queries.accounts),
      );
      expect(history.at(-1)!.summary.code).toBe(
        'PaymentRequestRefunded.chargedBack',
      );
      const adminView = (await get(`/api/admin/payment-requests/${id}`)).json();
      expect(adminView.state.text).toBe('request.status.charged_back');
      // The request's brand (an address) hears it ended by the chargeback, not of a refund.
      await mails.react();
      const toBrand = (await mails.mailsTo('marketing@acme.example')).map(
        (m) => m.subject,
      );
      expect(toBrand).toContain('Escrow closed after chargeback');
      expect(toBrand).not.toContain('Refund done');
      // Written-off money is not held: nothing is held or disputed for either escrow.
      const overview = (await get('/api/admin/money/overview')).json();
      expect(overview).toMatchObject({ heldCents: 0, disputedCents: 0 });
    } finally {
      errors.mockRestore();
    }
  });
  it('given a deal stored stuck after such a loss (by a version before this end), when an admin refunds it, then it ends cancelled as charged back with nothing asked of the gateway', async () => {
    const brand = await registerUser(t.app);
    const deal = await createDeal(t.app, brand.token, { amount: '100' });
    await payDeal(t.app, t.ctx, brand.token, deal.id);
    const sessionId = t.ctx.queries.deals.byId(deal.id)!.context
      .checkoutSessionId!;
    await page(sessionId, 'chargeback');
    // The lost outcome as an older version recorded it: no end followed it.
    const streamId = `deal-${deal.id}`;
    const stored = await t.ctx.store.readStream(streamId);
    const opened = stored.at(-1)!;
    const { disputeId } = opened.data as { disputeId: string };
    await t.ctx.store.append(
      streamId,
      [
        {
          id: randomUUID(),
          type: 'ChargebackClosed',
          data: {
            disputeId,
            outcome: 'lost',
            reason: 'fraudulent',
            gatewayEventId: 'evt_stored_lost',
          },
          metadata: opened.metadata,
        },
      ],
      opened.revision,
    );
    await t.ctx.settle(await t.ctx.store.headPosition());
    expect(t.ctx.queries.deals.byId(deal.id)!.status).not.toBe('cancelled');

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${deal.id}/refund`,
      headers: bearer(admin),
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await t.ctx.settle(await t.ctx.store.headPosition());
    const after = (await get(`/api/deals/${deal.id}`, brand.token)).json();
    expect(after.status).toBe('cancelled');
    expect(after.state.brandText).toBe('deal.brand.charged_back');
    expect(simulatedGatewayOf(t).ledger.moneyOfGroup(streamId).refunds).toEqual(
      [],
    );
  });
});
