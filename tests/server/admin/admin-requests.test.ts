import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import { isSimulated } from '@server/money/gateway/create-gateway';
import type { SimulatedGateway } from '@server/money/gateway/simulated/simulated-gateway';
import {
  claimHeader,
  createPaidRequest,
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
let gateway: SimulatedGateway;
let adminToken = '';
let auditorToken = '';
let creator: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp();
  if (!isSimulated(t.ctx.payments.gateway))
    throw new Error('tests run on the simulated gateway');
  gateway = t.ctx.payments.gateway;
  creator = await registerUser(t.app, { companyName: null });
  const admins = createAdminAccounts({
    run: t.ctx.run,
    unique: t.ctx.unique,
    accounts: t.ctx.queries.accounts,
  });
  for (const [name, role] of [
    ['root', 'admin'],
    ['audit', 'auditor'],
  ] as const) {
    await t.ctx.settle(
      (
        await admins.create(name, 'admin-pass-1', role, {
          actor: { kind: 'system', id: 'test' },
        })
      ).position,
    );
  }
  const login = async (username: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/admin-login',
        payload: { username, password: 'admin-pass-1' },
      })
    ).json().token as string;
  adminToken = await login('root');
  auditorToken = await login('audit');
});
afterAll(() => t.close());

const settle = () => t.ctx.quiesce();
const chargeback = async (chargeId: string) => {
  await gateway.openChargeback(chargeId, 'fraudulent');
  await settle();
};
const adminList = async (token = adminToken) =>
  (
    await t.app.inject({
      url: '/api/admin/payment-requests',
      headers: bearer(token),
    })
  ).json() as Record<string, unknown>[];
const releaseHold = (
  id: number,
  token: string | null = adminToken,
  payload?: object,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/payment-requests/${id}/release-hold`,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
const complete = (id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payment-requests/${id}/complete`,
    headers: bearer(creator.token),
    payload: { note: 'Posted', links: ['https://example.com/post/1'] },
  });
/** The brand approves the completed work through its link. */
const approve = (id: number) => {
  const token = t.ctx.queries.requests.byId(id)!.context.request!.token;
  return t.app.inject({
    method: 'POST',
    url: `/api/payment-requests/approve/${token}`,
    headers: claimHeader(token),
  });
};
const completeAndApprove = async (id: number) => {
  expect((await complete(id)).statusCode).toBe(200);
  return approve(id);
};

describe('admin payment requests', () => {
  it('given a paid request with a chargeback, then admins see it on hold with its creator, and the creator cannot complete', async () => {
    const { id } = await createPaidRequest(t.app, t.ctx, creator.token);
    await chargeback(t.ctx.queries.requests.byId(id)!.context.chargeId!);

    const item = (await adminList(auditorToken)).find((r) => r.id === id);
    expect(item).toMatchObject({
      status: 'paid',
      machineState: 'paid',
      amount: '400.00',
      totalAmountCents: 42_000,
      onHold: true,
      payoutPending: false,
      creator: {
        id: creator.userId,
        username: creator.username,
        email: creator.email,
        payoutsEnabled: false,
      },
      hold: {
        disputeId: expect.stringMatching(/^dp_/),
        reason: 'Chargeback: fraudulent',
      },
      chargebacks: [{ amountCents: 42_000, reason: 'fraudulent' }],
      duplicateRefunds: [],
      // An open chargeback lets nothing else out of the escrow until its outcome.
      adminCan: ['releaseHold'],
    });
    const mine = (
      await t.app.inject({
        url: '/api/payment-requests',
        headers: bearer(creator.token),
      })
    )
      .json()
      .find((r: { id: number }) => r.id === id);
    expect(mine).toMatchObject({
      status: 'paid',
      onHold: true,
      payoutPending: false,
    });
    expect(mine.state.can).not.toContain('complete');
    const refused = await complete(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('an admin must act');
  });

  it('given a held request, when an admin releases the hold, then the creator completes it, the brand approves and the payout waits for the payout account', async () => {
    const { id } = await createPaidRequest(t.app, t.ctx, creator.token);
    await chargeback(t.ctx.queries.requests.byId(id)!.context.chargeId!);
    // The card issuer decided for the platform; the hold stays until an admin releases it.
    await gateway.closeChargeback(gateway.ledger.disputes.at(-1)!.id, 'won');
    await settle();
    expect(t.ctx.queries.requests.byId(id)!.context.hold).not.toBeNull();

    expect((await releaseHold(id, auditorToken)).statusCode).toBe(403);
    expect((await releaseHold(id, null)).statusCode).toBe(401);
    expect((await releaseHold(id, creator.token)).statusCode).toBe(401);
    expect((await releaseHold(999_999)).statusCode).toBe(404);

    const released = await releaseHold(id, adminToken, {
      note: 'Chargeback won',
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().request).toMatchObject({
      id,
      onHold: false,
      hold: null,
      // Won: the money is back in escrow, so an admin may pay it out or give it back.
      adminCan: ['release', 'refund'],
      chargebacks: [{ reason: 'fraudulent', status: 'won' }],
    });
    const again = await releaseHold(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('illegal_transition');

    const done = await completeAndApprove(id);
    // No payout account yet: 202, waiting for the creator's bank account; payout_pending, shown
    // with the spec's status `completed`.
    expect(done.statusCode, done.body).toBe(202);
    expect(done.json()).toMatchObject({
      pending: true,
      waitingFor: 'bank_account',
    });
    expect(done.json().request).toMatchObject({
      status: 'completed',
      payoutPending: true,
      payoutWaitingFor: 'bank_account',
      machine: { value: 'payout_pending' },
      state: { step: 7, can: [] },
    });
    expect((await adminList()).find((r) => r.id === id)).toMatchObject({
      status: 'completed',
      machineState: 'payout_pending',
      payoutPending: true,
      payoutDeferredAt: expect.any(String),
    });
  });

  it("given a disputed request whose creator has no payout account, when an admin releases it, then no payout starts: 202 waiting for the creator's bank account", async () => {
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    expect((await complete(id)).statusCode).toBe(200);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/payment-requests/dispute/${token}`,
      headers: claimHeader(token),
      payload: { reason: 'Late' },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const item = (await adminList()).find((r) => r.id === id);
    expect(item).toMatchObject({
      creator: { payoutsEnabled: false },
      adminCan: expect.arrayContaining(['release']),
    });

    const released = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payment-requests/${id}/release`,
      headers: bearer(adminToken),
    });
    expect(released.statusCode, released.body).toBe(202);
    // Said as the brand's approval says it: the payout waits for the creator's payout account.
    expect(released.json()).toMatchObject({
      pending: true,
      waitingFor: 'bank_account',
      request: { payoutPending: true, payoutWaitingFor: 'bank_account' },
    });
    const types = (await t.ctx.store.readStream(`payment-request-${id}`)).map(
      (e) => e.type,
    );
    expect(types).toContain('PaymentRequestPayoutDeferred');
    expect(types).not.toContain('PaymentRequestPayoutRequested');
    // Released already: a second release would be refused, so it is not offered; the payout
    // follows by itself once the creator's payout account is ready.
    expect(released.json().request.adminCan).not.toContain('release');
    expect(
      (await adminList(auditorToken)).find((r) => r.id === id)?.adminCan,
    ).toEqual([]);
  });

  it('given a request that is not on hold, when an admin releases the hold, then 409', async () => {
    const { id } = await createPaidRequest(t.app, t.ctx, creator.token);
    const res = await releaseHold(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('paid');
  });

  it('given a deferred payout, when a chargeback arrives, then the request is held in payout_pending until released', async () => {
    const { id } = await createPaidRequest(t.app, t.ctx, creator.token);
    expect((await completeAndApprove(id)).json().request.payoutPending).toBe(
      true,
    );
    await chargeback(t.ctx.queries.requests.byId(id)!.context.chargeId!);
    expect((await adminList()).find((r) => r.id === id)).toMatchObject({
      status: 'completed',
      payoutPending: true,
      onHold: true,
      adminCan: ['releaseHold'],
    });
    expect((await releaseHold(id)).json().request).toMatchObject({
      payoutPending: true,
      onHold: false,
    });
  });

  it('given second payments of a request and a deal, then admins see the duplicate refunds and the deal chargeback', async () => {
    const { id } = await createPaidRequest(t.app, t.ctx, creator.token);
    const paid = gateway.ledger.sessions.get(
      t.ctx.queries.requests.byId(id)!.context.checkoutSessionId!,
    )!;
    await gateway.payCheckout(
      gateway.ledger.openSession({
        ...paid.input,
        idempotencyKey: 'stale-request-tab',
      }).id,
      'card',
    );
    await settle();
    expect((await adminList()).find((r) => r.id === id)).toMatchObject({
      duplicateRefunds: [{ amountCents: 42_000, refundId: expect.any(String) }],
    });

    const deal = await createDeal(t.app, creator.token);
    await payDeal(t.app, t.ctx, creator.token, deal.id);
    const dealSession = gateway.ledger.sessions.get(
      t.ctx.queries.deals.byId(deal.id)!.context.checkoutSessionId!,
    )!;
    await gateway.payCheckout(
      gateway.ledger.openSession({
        ...dealSession.input,
        idempotencyKey: 'stale-deal-tab',
      }).id,
      'card',
    );
    await settle();
    await chargeback(dealSession.chargeId!);
    const answer = (
      await t.app.inject({
        url: `/api/admin/deals/${deal.id}`,
        headers: bearer(auditorToken),
      })
    ).json();
    expect(answer.duplicateRefunds).toMatchObject([{ amountCents: 27_050 }]);
    expect(answer.chargebacks).toMatchObject([{ reason: 'fraudulent' }]);
    const listed = (
      await t.app.inject({
        url: '/api/admin/deals',
        headers: bearer(adminToken),
      })
    )
      .json()
      .find((d: { id: number }) => d.id === deal.id);
    expect(listed.duplicateRefunds).toHaveLength(1);
  });
});
