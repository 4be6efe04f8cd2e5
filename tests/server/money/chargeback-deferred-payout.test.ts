import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectPayouts,
  deferredPaidRequest,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createRootAdmin,
  createTestApp,
  registerUser,
  simulatedGatewayOf,
  type TestApp,
} from '@tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a deferred payout under a chargeback, once the hold is released', () => {
  it('says it waits for the chargeback (not for a bank account the creator has), pays nothing while it is open, ends with the request refunded after it was lost, and pays once after it was won', async () => {
    const admin = await createRootAdmin(t);
    const gateway = simulatedGatewayOf(t);
    const deferredAndChargedBack = async () => {
      const creator = await registerUser(t.app);
      const { id, sessionId } = await deferredPaidRequest(
        t.app,
        t.ctx,
        creator.token,
      );
      const page = async (outcome: string) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/sim/payments/${sessionId}?key=${gateway.accessKey('payer', sessionId)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `outcome=${outcome}`,
        });
        expect(res.statusCode).toBe(200);
        await t.ctx.quiesce();
      };
      await page('chargeback');
      await connectPayouts(t.app, t.ctx, creator.token);
      const released = await t.app.inject({
        method: 'POST',
        url: `/api/admin/payment-requests/${id}/release-hold`,
        headers: bearer(admin),
        payload: { note: 'Evidence sent to the bank' },
      });
      expect(released.statusCode, released.body).toBe(200);
      // Nothing to pay out or give back while the card issuer decides.
      expect(released.json().request.adminCan).toEqual([]);
      const waitingFor = async () => {
        t.clock.advance(16 * 60_000);
        await t.ctx.payments.reactor.tick();
        await t.ctx.quiesce();
        const own = await t.app.inject({
          url: '/api/payment-requests',
          headers: bearer(creator.token),
        });
        const admins = await t.app.inject({
          url: `/api/admin/payment-requests/${id}`,
          headers: bearer(admin),
        });
        const mine = (
          own.json() as { id: number; payoutWaitingFor: string | null }[]
        ).find((r) => r.id === id)!;
        expect(admins.json().payoutWaitingFor).toBe(mine.payoutWaitingFor);
        return mine.payoutWaitingFor;
      };
      const paidOut = () =>
        gateway.ledger
          .moneyOfGroup(`payment-request-${id}`)
          .transfers.map((x) => x.amountCents);
      const status = () => t.ctx.queries.requests.byId(id)!.status;
      return { page, waitingFor, paidOut, status };
    };

    const lost = await deferredAndChargedBack();
    expect(await lost.waitingFor()).toBe('chargeback');
    await lost.page('lost');
    // Lost for all it held: the request ends (refunded, charged back) and waits for nothing.
    expect(await lost.waitingFor()).toBeNull();
    expect(lost.status()).toBe('refunded');
    expect(lost.paidOut()).toEqual([]);

    const won = await deferredAndChargedBack();
    expect(await won.waitingFor()).toBe('chargeback');
    await won.page('won');
    expect(await won.waitingFor()).toBeNull();
    expect(won.paidOut()).toEqual([40_000]);
  });
});
