import { englishText } from '@tests/support/event-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import {
  acceptAndConnect,
  claimHeader,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

let t: TestApp;
let adminToken = '';
let auditorToken = '';
let brand: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
  const admins = createAdminAccounts({
    run: t.ctx.run,
    unique: t.ctx.unique,
    accounts: t.ctx.queries.accounts,
  });
  expect(await admins.bootstrap('root', 'root-pass-1')).toBe(true);
  expect(await admins.bootstrap('root', 'root-pass-1')).toBe(false);
  const { position } = await admins.create('audit', 'audit-pass-1', 'auditor', {
    actor: { kind: 'system', id: 'test' },
  });
  await t.ctx.settle(await t.ctx.store.headPosition());
  await t.ctx.settle(position);
  adminToken = (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { username: 'root', password: 'root-pass-1' },
    })
  ).json().token;
  auditorToken = (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { username: 'audit', password: 'audit-pass-1' },
    })
  ).json().token;
});
afterAll(() => t.close());

describe('admin', () => {
  it('given deals, when listing as admin, then each carries the owner and the chip counts add up', async () => {
    const unpaid = await createDeal(t.app, brand.token);
    const paid = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, paid.id);
    const list = (
      await t.app.inject({
        url: '/api/admin/deals',
        headers: bearer(adminToken),
      })
    ).json();
    expect(list.find((d: { id: number }) => d.id === unpaid.id).user).toEqual({
      companyName: 'Acme BV',
      username: brand.username,
      email: brand.email,
    });
    const counts = (
      await t.app.inject({
        url: '/api/admin/deals/counts',
        headers: bearer(auditorToken),
      })
    ).json();
    expect(counts).toMatchObject({
      all: 2,
      pending_payment: 1,
      in_progress: 1,
      awaiting_approval: 0,
      disputed: 0,
      completed: 0,
    });
    const inProgress = (
      await t.app.inject({
        url: '/api/admin/deals?filter=in_progress',
        headers: bearer(adminToken),
      })
    ).json();
    expect(inProgress.map((d: { id: number }) => d.id)).toEqual([paid.id]);
  });

  it('given a delivered deal, when the admin holds, resumes and releases, then it completes and the history shows every state', async () => {
    const deal = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, deal.id);
    const link = await acceptAndConnect(t.app, t.ctx, brand.token, deal.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/deals/deliver/${link}`,
      headers: claimHeader(link),
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/dispute`,
      headers: bearer(brand.token),
      payload: { reason: 'Late' },
    });
    const hold = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${deal.id}/hold`,
      headers: bearer(adminToken),
    });
    expect(hold.json().deal.onHold).toBe(true);
    const auditorAct = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${deal.id}/resume`,
      headers: bearer(auditorToken),
    });
    expect(auditorAct.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/deals/${deal.id}/resume`,
          headers: bearer(adminToken),
        })
      ).json().deal.onHold,
    ).toBe(false);
    const release = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${deal.id}/release`,
      headers: bearer(adminToken),
    });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json().deal.status).toBe('completed');
    const events = (
      await t.app.inject({
        url: `/api/admin/deals/${deal.id}/events`,
        headers: bearer(auditorToken),
      })
    ).json();
    expect(events[0]).toMatchObject({
      type: 'DealCreated',
      status: 'pending_payment',
      actor: { kind: 'brand', name: brand.username },
    });
    // The admin's intent, then the payment provider's answer recorded by the payments reactor.
    expect(events.at(-2)).toMatchObject({
      type: 'FundsReleaseRequested',
      status: 'dispute',
      actor: { kind: 'admin' },
    });
    expect(events.at(-1)).toMatchObject({
      type: 'FundsReleased',
      status: 'completed',
      actor: { kind: 'system', name: 'payment provider' },
    });
    const timeline = (
      await t.app.inject({
        url: `/api/admin/disputes/${deal.id}/timeline`,
        headers: bearer(auditorToken),
      })
    ).json();
    expect(timeline.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining([
        'DisputeOpened',
        'DealPutOnHold',
        'DealReleasedFromHold',
        'FundsReleased',
      ]),
    );
    expect(
      englishText(
        timeline.find((e: { type: string }) => e.type === 'DisputeOpened')
          .summary,
      ),
    ).toContain('“Late”');
  });

  it('given a paid deal, when the admin refunds, then cancelled; refunding a completed deal is 409; unknown deal is 404', async () => {
    const deal = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, deal.id);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${deal.id}/refund`,
      headers: bearer(adminToken),
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().deal.status).toBe('cancelled');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${deal.id}/hold`,
      headers: bearer(adminToken),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('cancelled');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/deals/999999/hold',
          headers: bearer(adminToken),
        })
      ).statusCode,
    ).toBe(404);
  });
});
