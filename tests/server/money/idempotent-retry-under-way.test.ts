import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimHeader,
  connectPayouts,
  createPaidRequest,
  deliverPaidDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
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

/** A paid request the creator marked done, whose creator can be paid out; its link token. */
async function completedRequest(): Promise<{ id: number; token: string }> {
  const creator = await registerUser(t.app);
  await connectPayouts(t.app, t.ctx, creator.token);
  const request = await createPaidRequest(t.app, t.ctx, creator.token);
  const done = await t.app.inject({
    method: 'POST',
    url: `/api/payment-requests/${request.id}/complete`,
    headers: bearer(creator.token),
    payload: { note: 'Posted', links: [] },
  });
  expect(done.statusCode, done.body).toBe(200);
  return request;
}

describe('a retry with the same Idempotency-Key after an answer "under way"', () => {
  it('given the provider unreachable (202), when the client retries with the same key after the money moved, then it gets the outcome (200), and no second transfer', async () => {
    const brand = await registerUser(t.app);
    const { id: dealId } = await createDeal(t.app, brand.token, {
      amount: '100',
    });
    await deliverPaidDeal(t.app, t.ctx, brand.token, dealId);
    const request = await completedRequest();
    const release = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/deals/${dealId}/release`,
        headers: { ...bearer(brand.token), 'idempotency-key': 'release-1' },
      });
    const approve = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/payment-requests/approve/${request.token}`,
        headers: {
          ...claimHeader(request.token),
          'idempotency-key': 'approve-1',
        },
      });
    const gateway = simulatedGatewayOf(t);
    gateway.failTransfersWith('gateway_unavailable');
    const [released, approved] = await Promise.all([release(), approve()]);
    expect(released.statusCode, released.body).toBe(202);
    expect(released.json()).toMatchObject({ pending: true });
    expect(approved.statusCode, approved.body).toBe(202);
    expect(approved.json()).toMatchObject({
      pending: true,
      waitingFor: 'provider',
    });

    gateway.failTransfersWith(null);
    const groups = [`deal-${dealId}`, `payment-request-${request.id}`];
    await expect
      .poll(
        () =>
          groups.map((g) => gateway.ledger.moneyOfGroup(g).transfers.length),
        { timeout: 20_000, interval: 100 },
      )
      .toEqual([1, 1]);
    await t.ctx.quiesce();

    for (let attempt = 0; attempt < 2; attempt++) {
      const again = await release();
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({
        pending: false,
        deal: { status: 'completed' },
      });
      const approvedAgain = await approve();
      expect(approvedAgain.statusCode, approvedAgain.body).toBe(200);
      expect(approvedAgain.json()).toMatchObject({
        pending: false,
        waitingFor: null,
        request: { status: 'completed' },
      });
    }
    expect(
      groups.map((g) => gateway.ledger.moneyOfGroup(g).transfers.length),
    ).toEqual([1, 1]);
  }, 40_000);
});
