import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import { isSimulated } from '@server/money/gateway/create-gateway';
import type { SimulatedGateway } from '@server/money/gateway/simulated/simulated-gateway';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import { acceptLink, claimHeader } from '@tests/support/flow-helpers';
import { testPayoutIdentity } from '@tests/support/payout-identity';

/**
 * The app on the simulated gateway is stopped in the middle of deals and started again on the same
 * DATA_DIR: what the gateway knew (sessions, accounts, transfers, keys) is still there.
 */

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'escrow-sim-restart-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const openApp = () => createTestApp({ DATA_DIR: dataDir });

function simulated(t: TestApp): SimulatedGateway {
  const gateway = t.ctx.payments.gateway;
  if (!isSimulated(gateway))
    throw new Error('tests run on the simulated gateway');
  return gateway;
}

/** Submits a /sim page form as the browser would. */
const submit = (
  app: FastifyInstance,
  url: string,
  form: Record<string, string>,
) =>
  app.inject({
    method: 'POST',
    url: `${new URL(url).pathname}${new URL(url).search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

async function checkout(
  t: TestApp,
  token: string,
  dealId: number,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    headers: bearer(token),
    payload: { dealId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { url: string }).url;
}

async function acceptAndStartOnboarding(
  t: TestApp,
  token: string,
  dealId: number,
): Promise<{ link: string; onboardingUrl: string }> {
  const gen = await t.app.inject({
    method: 'POST',
    url: `/api/deals/${dealId}/generate-token`,
    headers: bearer(token),
  });
  const link = (gen.json() as { token: string }).token;
  const accepted = await acceptLink(t.app, t.ctx, {
    kind: 'deal',
    token: link,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const onboarding = await t.app.inject({
    method: 'POST',
    url: `/api/deals/start-onboarding/${link}`,
    headers: claimHeader(link),
    payload: { identity: testPayoutIdentity },
  });
  expect(onboarding.statusCode, onboarding.body).toBe(200);
  return { link, onboardingUrl: (onboarding.json() as { url: string }).url };
}

const settle = async (t: TestApp) =>
  t.ctx.settle(await t.ctx.store.headPosition());
const dealOf = (t: TestApp, dealId: number) =>
  t.ctx.queries.deals.byId(dealId)!;

describe('simulated gateway across a restart on the same DATA_DIR', () => {
  let brand: Awaited<ReturnType<typeof registerUser>>;
  /** Paid, bank connected, delivered before the restart: released after it. */
  let ready: { id: number; link: string };
  /** Paid, onboarding started but not finished before the restart. */
  let onboarding: { id: number; link: string; url: string };
  /** Checkout opened, not paid before the restart. */
  let unpaid: { id: number; url: string };
  let readyAccountId: string;

  beforeAll(async () => {
    const before = await openApp();
    try {
      brand = await registerUser(before.app);

      const a = await createDeal(before.app, brand.token);
      expect(
        (
          await submit(before.app, await checkout(before, brand.token, a.id), {
            method: 'card',
            outcome: 'pay',
          })
        ).statusCode,
      ).toBe(303);
      const aFlow = await acceptAndStartOnboarding(before, brand.token, a.id);
      expect(
        (await submit(before.app, aFlow.onboardingUrl, { outcome: 'complete' }))
          .statusCode,
      ).toBe(303);
      await settle(before);
      await before.app.inject({ url: `/api/deals/token/${aFlow.link}` });
      expect(
        (
          await before.app.inject({
            method: 'POST',
            url: `/api/deals/deliver/${aFlow.link}`,
            headers: claimHeader(aFlow.link),
          })
        ).statusCode,
      ).toBe(200);
      ready = { id: a.id, link: aFlow.link };
      readyAccountId = dealOf(before, a.id).context.stripeAccountId!;
      expect(readyAccountId).toMatch(/^acct_sim_/);

      const b = await createDeal(before.app, brand.token);
      await submit(before.app, await checkout(before, brand.token, b.id), {
        method: 'card',
        outcome: 'pay',
      });
      const bFlow = await acceptAndStartOnboarding(before, brand.token, b.id);
      onboarding = { id: b.id, link: bFlow.link, url: bFlow.onboardingUrl };

      const c = await createDeal(before.app, brand.token);
      unpaid = { id: c.id, url: await checkout(before, brand.token, c.id) };
      await settle(before);
      expect(simulated(before).ledger.transfers).toHaveLength(0);
    } finally {
      await before.close();
    }
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await openApp();
  });
  afterAll(() => t.close());

  it('keeps the connected account with payouts enabled, and the release makes exactly one transfer', async () => {
    expect(simulated(t).ledger.accounts.get(readyAccountId)).toMatchObject({
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    const release = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${ready.id}/release`,
      headers: bearer(brand.token),
    });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json().deal.status).toBe('completed');

    const { transfers, refunds } = simulated(t).ledger.moneyOfGroup(
      `deal-${ready.id}`,
    );
    expect(transfers).toMatchObject([
      { amountCents: 25_000, destination: readyAccountId, reversed: false },
    ]);
    expect(refunds).toEqual([]);
    expect(dealOf(t, ready.id).context.transferId).toBe(transfers[0]!.id);
  });

  it('finishes an onboarding started before the restart on its /sim page, and that deal can then be delivered and released', async () => {
    const page = await t.app.inject({
      url: `${new URL(onboarding.url).pathname}${new URL(onboarding.url).search}`,
    });
    expect(page.statusCode).toBe(200);
    const done = await submit(t.app, onboarding.url, { outcome: 'complete' });
    expect(done.statusCode).toBe(303);
    // The return URL given before the restart is still known.
    expect(done.headers.location).toContain(onboarding.link);
    await settle(t);
    await t.app.inject({ url: `/api/deals/token/${onboarding.link}` });
    expect(dealOf(t, onboarding.id).context.stripeAccountId).toMatch(
      /^acct_sim_/,
    );

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/deals/deliver/${onboarding.link}`,
          headers: claimHeader(onboarding.link),
        })
      ).statusCode,
    ).toBe(200);
    const release = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${onboarding.id}/release`,
      headers: bearer(brand.token),
    });
    expect(release.statusCode, release.body).toBe(200);
    expect(
      simulated(t).ledger.moneyOfGroup(`deal-${onboarding.id}`).transfers,
    ).toHaveLength(1);
  });

  it('pays a checkout session opened before the restart from its /sim page', async () => {
    expect(
      (
        await t.app.inject({
          url: `${new URL(unpaid.url).pathname}${new URL(unpaid.url).search}`,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await submit(t.app, unpaid.url, { method: 'card', outcome: 'pay' }))
        .statusCode,
    ).toBe(303);
    await settle(t);
    expect(dealOf(t, unpaid.id).status).toBe('pending_delivery');
  });

  it('refunds (admin) a deal whose checkout was opened before the restart: the charge is found', async () => {
    const admins = createAdminAccounts({
      run: t.ctx.run,
      unique: t.ctx.unique,
      accounts: t.ctx.queries.accounts,
    });
    await admins.bootstrap('root', 'root-pass-1');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { username: 'root', password: 'root-pass-1' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${unpaid.id}/refund`,
      headers: bearer(login.json().token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { refunds } = simulated(t).ledger.moneyOfGroup(`deal-${unpaid.id}`);
    expect(refunds).toMatchObject([
      { amountCents: 27_050, chargeId: expect.stringMatching(/^ch_sim_/) },
    ]);
  });
});
