import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import { deliverPaidDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/** The brand's dispute reason (and description) is stored and shown. */
let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  const admins = createAdminAccounts({
    run: t.ctx.run,
    unique: t.ctx.unique,
    accounts: t.ctx.queries.accounts,
  });
  const { position } = await admins.create(
    'disputes',
    'admin-pass-1',
    'auditor',
    {
      actor: { kind: 'system', id: 'test' },
    },
  );
  await t.ctx.settle(position);
  admin = (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { username: 'disputes', password: 'admin-pass-1' },
    })
  ).json().token;
});
afterAll(() => t.close());

describe('dispute reason', () => {
  it('given a delivered deal, when the brand disputes with a reason and description, then both are on DisputeOpened, the deal and the timelines', async () => {
    const brand = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token);
    await deliverPaidDeal(t.app, t.ctx, brand.token, id);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${id}/dispute`,
      headers: bearer(brand.token),
      payload: {
        reason: 'The reel shows the wrong product',
        description: 'We asked for the spring line',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().deal.dispute).toMatchObject({
      reason: 'The reel shows the wrong product',
      description: 'We asked for the spring line',
      status: 'open',
    });

    const opened = (await t.ctx.store.readStream(`deal-${id}`)).find(
      (e) => e.type === 'DisputeOpened',
    )!;
    expect(opened.data).toMatchObject({
      reason: 'The reel shows the wrong product',
      description: 'We asked for the spring line',
    });

    const timeline = (
      await t.app.inject({
        url: `/api/admin/disputes/${id}/timeline`,
        headers: bearer(admin),
      })
    ).body;
    expect(timeline).toContain('The reel shows the wrong product');
    expect(timeline).toContain('We asked for the spring line');
    const history = (
      await t.app.inject({
        url: `/api/admin/deals/${id}/events`,
        headers: bearer(admin),
      })
    ).body;
    expect(history).toContain('We asked for the spring line');
  });
});
