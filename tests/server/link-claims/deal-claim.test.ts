import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import { claimHash } from '@server/auth/link-claim';
import { acceptLink, anyEmailCode, payDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import { testPayoutIdentity } from '@tests/support/payout-identity';

/** A forwarded or leaked link cannot take the payout; the brand can replace the link before acceptance. */
let t: TestApp;
let auditor = '';
beforeAll(async () => {
  t = await createTestApp();
  const admins = createAdminAccounts({
    run: t.ctx.run,
    unique: t.ctx.unique,
    accounts: t.ctx.queries.accounts,
  });
  const { position } = await admins.create(
    'claims',
    'admin-pass-1',
    'auditor',
    {
      actor: { kind: 'system', id: 'test' },
    },
  );
  await t.ctx.settle(position);
  auditor = (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { username: 'claims', password: 'admin-pass-1' },
    })
  ).json().token;
});
afterAll(() => t.close());

async function paidDealWithLink() {
  const brand = await registerUser(t.app);
  const { id } = await createDeal(t.app, brand.token);
  await payDeal(t.app, t.ctx, brand.token, id);
  const link = (
    await t.app.inject({
      method: 'POST',
      url: `/api/deals/${id}/generate-token`,
      headers: bearer(brand.token),
    })
  ).json().token as string;
  return { brand, id, link };
}
const post = (
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers,
    ...(url.includes('start-onboarding')
      ? { payload: { identity: testPayoutIdentity } }
      : {}),
    ...(payload ? { payload } : {}),
  });
const accept = (link: string, headers: Record<string, string> = {}) =>
  acceptLink(t.app, t.ctx, { kind: 'deal', token: link }, { headers });

describe('claiming a deal link', () => {
  it('given an accepted link, when someone else (no or a wrong claim secret) starts onboarding or delivers, then 403 with a clear message; the accepting browser can', async () => {
    const { id, link } = await paidDealWithLink();
    const accepted = await accept(link);
    const secret = accepted.json().claimSecret as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored, and the link view shows neither.
    const event = (await t.ctx.store.readStream(`deal-${id}`)).find(
      (e) => e.type === 'CreatorAccepted',
    )!;
    // The acceptance also seals the contract the creator read (its SHA-256), never the secret.
    expect(event.data).toEqual({
      claimSecretHash: claimHash(secret),
      contractHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(
      JSON.stringify(await t.ctx.store.readStream(`deal-${id}`)),
    ).not.toContain(secret);
    expect(
      (await t.app.inject({ url: `/api/deals/token/${link}` })).body,
    ).not.toContain(claimHash(secret));

    // A second accept (the forwarded link) is refused and gets no secret.
    const again = await post(`/api/deals/accept/${link}`, {}, anyEmailCode);
    expect(again.statusCode).toBe(409);
    expect(again.json().claimSecret).toBeUndefined();

    for (const headers of [
      {},
      { 'x-claim-secret': 'not-the-secret' },
      { 'x-claim-secret': '' },
    ] as Record<string, string>[]) {
      const onboarding = await post(
        `/api/deals/start-onboarding/${link}`,
        headers,
      );
      expect(onboarding.statusCode).toBe(403);
      expect(onboarding.json().message).toContain(
        'continues on another device',
      );
      expect(
        (await post(`/api/deals/deliver/${link}`, headers)).statusCode,
      ).toBe(403);
    }
    expect(
      t.ctx.queries.deals.byId(id)!.context.onboardingAccountId,
    ).toBeNull();

    const mine = await post(`/api/deals/start-onboarding/${link}`, {
      'x-claim-secret': secret,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().url).toContain('/sim/onboarding/');
  });

  it('given a signed-in creator accepts, then that account may act without the secret, others may not; admins see who claimed', async () => {
    const { id, link } = await paidDealWithLink();
    const creator = await registerUser(t.app);
    const other = await registerUser(t.app);
    const accepted = await accept(link, bearer(creator.token));
    expect(accepted.json().claimSecret).toEqual(expect.any(String));
    expect(
      (await post(`/api/deals/start-onboarding/${link}`, bearer(other.token)))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(`/api/deals/start-onboarding/${link}`, bearer(creator.token)))
        .statusCode,
    ).toBe(200);

    const history = (
      await t.app.inject({
        url: `/api/admin/deals/${id}/events`,
        headers: bearer(auditor),
      })
    ).json() as {
      type: string;
      actor: { kind: string; id: string };
    }[];
    const entries = Array.isArray(history)
      ? history
      : (history as unknown as { events: typeof history }).events;
    const acceptedEntry = entries.find((e) => e.type === 'CreatorAccepted')!;
    // Admin views name actors and never show raw account ids.
    expect(acceptedEntry.actor).toMatchObject({
      kind: 'creator',
      name: creator.username,
    });
    const timeline = (
      await t.app.inject({
        url: `/api/admin/disputes/${id}/timeline`,
        headers: bearer(auditor),
      })
    ).body;
    // The timeline's summary is a text code with params, rendered by the admin app in its language.
    expect(timeline).toContain(
      `"summary":{"code":"CreatorAccepted.account","params":{"name":"${creator.username}"}}`,
    );
    expect(timeline).not.toContain(creator.userId);
  });

  it('given a link not yet accepted, when the brand rotates it, then the old link is 404 and the new one works; after acceptance rotation is 409', async () => {
    const { brand, id, link } = await paidDealWithLink();
    const otherBrand = await registerUser(t.app);
    expect(
      (await post(`/api/deals/${id}/rotate-token`, bearer(otherBrand.token)))
        .statusCode,
    ).toBe(404);
    const rotated = await post(
      `/api/deals/${id}/rotate-token`,
      bearer(brand.token),
    );
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().token as string;
    expect(fresh).not.toBe(link);
    expect(rotated.json().shareableUrl).toBe(`http://app.test/accept/${fresh}`);
    expect(
      (await t.app.inject({ url: `/api/deals/token/${link}` })).statusCode,
    ).toBe(404);
    expect(
      (await post(`/api/deals/accept/${link}`, {}, anyEmailCode)).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/deals/token/${fresh}` })).statusCode,
    ).toBe(200);
    expect((await accept(fresh)).statusCode).toBe(200);
    const late = await post(
      `/api/deals/${id}/rotate-token`,
      bearer(brand.token),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('already accepted');
  });
});
