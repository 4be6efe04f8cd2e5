import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canSplit } from '@/features/admin/model/admin-split';
import { deliverPaidDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  adminDealOf,
  createTestApp,
  paymentPageTool,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/*
 * "Resolve with split" shows on the admin's deal panel only when the server would take a split: a
 * deal on hold under a chargeback that is still open is not (every amount is refused with
 * chargeback_open until the card issuer decides); once the chargeback is won, it is.
 */
let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await createRootAdmin(t);
});
afterAll(() => t.close());

const adminDeal = (id: number) => adminDealOf(t, admin, id);
const preview = (id: number) =>
  t.app.inject({
    url: `/api/admin/deals/${id}/split-preview?creatorCents=5000`,
    headers: bearer(admin),
  });

describe('Resolve with split on a delivered deal held by a chargeback', () => {
  it('is not offered while the chargeback is open, and is once it was won', async () => {
    const brand = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token, { amount: '100' });
    await deliverPaidDeal(t.app, t.ctx, brand.token, id);
    const sessionId = t.ctx.queries.deals.byId(id)!.context.checkoutSessionId!;
    await paymentPageTool(t, sessionId, 'chargeback');

    expect((await preview(id)).json()).toMatchObject({
      code: 'chargeback_open',
    });
    expect(canSplit(await adminDeal(id))).toBe(false);

    await paymentPageTool(t, sessionId, 'won');
    expect((await preview(id)).statusCode).toBe(200);
    expect(canSplit(await adminDeal(id))).toBe(true);
  });
});
