import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeDealRefundCents } from '@/features/admin/model/admin-milestones';
import { acceptAndConnect, payDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  adminDealOf,
  createTestApp,
  losePartOfCharge,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/*
 * The amount on the admin's Refund button is what the server's refund gives back: after a
 * chargeback of part of the payment was lost, what the escrow still holds, not the total paid.
 */
let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await createRootAdmin(t);
});
afterAll(() => t.close());

const adminDeal = (id: number) => adminDealOf(t, admin, id);
const act = (id: number, action: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/deals/${id}/${action}`,
    headers: { ...bearer(admin), 'idempotency-key': `${action}-${id}` },
  });

describe('the admin’s whole-deal refund amount', () => {
  it('is the total paid on a deal never charged back', async () => {
    const brand = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token, { amount: '100' });
    await payDeal(t.app, t.ctx, brand.token, id);
    expect(wholeDealRefundCents(await adminDeal(id))).toBe(10_820);
  });

  it('after a chargeback of €40 of a €108.20 payment was lost, is the €68.20 the refund then gives back', async () => {
    const brand = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token, { amount: '100' });
    await payDeal(t.app, t.ctx, brand.token, id);
    await acceptAndConnect(t.app, t.ctx, brand.token, id);
    const c = t.ctx.queries.deals.byId(id)!.context;
    await losePartOfCharge(t, c, 4000);
    expect((await act(id, 'resume')).statusCode).toBe(200);

    const shown = wholeDealRefundCents(await adminDeal(id));
    expect(shown).toBe(6_820);
    expect((await act(id, 'refund')).statusCode).toBe(200);
    await t.ctx.quiesce();
    const refunded = (await t.ctx.store.readStream(`deal-${id}`)).find(
      (e) => e.type === 'DealRefunded',
    );
    expect(refunded?.data).toMatchObject({ amountCents: shown });
  });
});
