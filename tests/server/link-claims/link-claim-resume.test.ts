import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptLink,
  anyEmailCode,
  newRequestLink,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  createRootAdmin,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import { testPayoutIdentity } from '@tests/support/payout-identity';

/**
 * A link's claim moves to another device only with a code mailed to the link's address
 * (docs/adr/0020-link-claims-move-by-email-code.md): confirmed at acceptance, hashed, expiring,
 * limited in tries and in sends, every step an event with its actor.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
const claimOf = (secret: string) => ({ 'x-claim-secret': secret });

/**
 * The code in the mail to `to` not read before (the test-mode mail sender writes .eml files; mails
 * written at one test-clock instant have no order among themselves). Read once, it is remembered.
 */
const codes = new Map<string, string>();
function lastCode(to: string): string {
  const mail = t.ctx.notifications.mail
    .list()
    .find((m) => m.to === to && !codes.has(m.name));
  if (mail) {
    const text = t.ctx.notifications.mail.read(mail.name)!.text;
    codes.set(mail.name, /\b(\d{6})\b/.exec(text)?.[1] ?? '');
    codes.set(to, codes.get(mail.name)!);
  }
  const code = codes.get(to);
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** A paid deal and its link, not accepted yet. */
async function paidLink() {
  const brand = await registerUser(t.app);
  const { id } = await createDeal(t.app, brand.token);
  await payDeal(t.app, t.ctx, brand.token, id);
  const link = (
    await post(`/api/deals/${id}/generate-token`, bearer(brand.token))
  ).json().token as string;
  return { brand, id, link };
}

/** A deal accepted with the address `email` confirmed at acceptance (`sam-<id>@…` by default). */
async function acceptedDeal(email?: (id: number) => string) {
  const { brand, id, link } = await paidLink();
  const address = email?.(id) ?? `sam-${id}@creator.example`;
  const accepted = await acceptLink(
    t.app,
    t.ctx,
    { kind: 'deal', token: link },
    { email: address },
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  lastCode(address); // The acceptance's code is read: later codes are new ones.
  return {
    brand,
    id,
    link,
    email: address,
    secret: accepted.json().claimSecret as string,
  };
}

describe('continue on this device', () => {
  it('given a creator who confirmed an address at acceptance, when another browser asks for a code and gives it, then the claim moves there and the first browser is told it lost it', async () => {
    const { id, link, secret, email } = await acceptedDeal();
    // Once accepted, only the browser that accepted may name an address.
    const stranger = await post(
      `/api/deals/link/${link}/email/code`,
      {},
      { email: 'x@y.example' },
    );
    expect(stranger.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          url: `/api/deals/link/${link}/claim`,
          headers: claimOf(secret),
        })
      ).json(),
    ).toEqual({
      holder: 'you',
      email: expect.stringMatching(/^s•+@creator\.example$/),
      emailConfirmed: true,
    });

    // A new browser with only the link: not the claimer, cannot act, but can ask for a code.
    expect((await post(`/api/deals/start-onboarding/${link}`)).statusCode).toBe(
      403,
    );
    const asked = await post(`/api/deals/link/${link}/resume/code`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().sentTo).not.toContain(`sam-${id}`);
    const wrong = await post(
      `/api/deals/link/${link}/resume`,
      {},
      { code: '000000' === lastCode(email) ? '111111' : '000000' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'link_code_wrong',
      params: { remaining: 4 },
    });
    const moved = await post(
      `/api/deals/link/${link}/resume`,
      {},
      { code: lastCode(email) },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const newSecret = moved.json().claimSecret as string;
    expect(newSecret).not.toBe(secret);

    // The new browser acts; the old one is refused with a message in its language, and its claim view says so.
    expect(
      (
        await post(`/api/deals/start-onboarding/${link}`, claimOf(newSecret), {
          identity: testPayoutIdentity,
        })
      ).statusCode,
    ).toBe(200);
    const old = await post(`/api/deals/deliver/${link}`, {
      ...claimOf(secret),
      'accept-language': 'nl',
    });
    expect(old.statusCode).toBe(403);
    expect(old.json().code).toBe('deal_claimed_elsewhere');
    expect(old.json().message).toContain('ander apparaat');
    expect(
      (
        await t.app.inject({
          url: `/api/deals/link/${link}/claim`,
          headers: claimOf(secret),
        })
      ).json().holder,
    ).toBe('elsewhere');

    // Every step is in the history, by the link's actor; the code itself is nowhere.
    const history = await t.ctx.store.readStream(`link-claim-deal-${id}`);
    expect(history.map((e) => e.type)).toEqual([
      'LinkEmailCodeSent',
      'LinkEmailConfirmed',
      'LinkClaimed',
      'LinkEmailCodeSent',
      'LinkEmailCodeRejected',
      'LinkClaimMoved',
    ]);
    for (const e of history)
      expect((e.metadata as { actor: unknown }).actor).toEqual({
        kind: 'creator-link',
        id: `deal-${id}`,
      });
    expect(JSON.stringify(history)).not.toContain(`"${lastCode(email)}"`);
    expect(JSON.stringify(history)).not.toContain(newSecret);
  });

  it('an acceptance needs the right code, within 15 minutes and 5 tries; a wrong one accepts nothing', async () => {
    const { id, link } = await paidLink();
    const email = `kim-${id}@creator.example`;
    const accept = (code: string) =>
      post(`/api/deals/accept/${link}`, {}, { emailCode: code });
    // No code asked yet: nothing to confirm.
    expect((await accept('123456')).json().code).toBe('link_code_invalid');
    await post(`/api/deals/link/${link}/email/code`, {}, { email });
    const right = lastCode(email);
    const wrong = right === '123456' ? '654321' : '123456';
    const first = await accept(wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      code: 'link_code_wrong',
      params: { remaining: 4 },
    });
    for (let i = 2; i <= 5; i++)
      expect((await accept(wrong)).json().code).toBe(
        i < 5 ? 'link_code_wrong' : 'link_code_invalid',
      );
    // The fifth wrong try voided the code: the right one no longer works.
    expect((await accept(right)).json().code).toBe('link_code_invalid');
    expect(
      t.ctx.queries.deals.byId(id)!.context.influencerAcceptedAt,
    ).toBeNull();

    await post(`/api/deals/link/${link}/email/code`, {}, { email });
    t.clock.advance(16 * 60_000);
    expect((await accept(lastCode(email))).json().code).toBe(
      'link_code_expired',
    );
    await post(`/api/deals/link/${link}/email/code`, {}, { email });
    const accepted = await accept(lastCode(email));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const claim = await t.app.inject({
      url: `/api/deals/link/${link}/claim`,
      headers: claimOf(accepted.json().claimSecret as string),
    });
    expect(claim.json()).toMatchObject({ holder: 'you', emailConfirmed: true });
    // The code is spent: the forwarded link cannot accept again with it.
    expect((await accept(lastCode(email))).statusCode).toBe(409);
  });

  it('before acceptance the claim view tells nobody an address; sending codes is limited per link', async () => {
    const { id, link } = await paidLink();
    // Nobody holds the link yet: there is nothing to continue with.
    const other = (await paidLink()).link;
    expect(
      (await post(`/api/deals/link/${other}/resume/code`)).json().code,
    ).toBe('link_not_claimed');
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (
          await post(
            `/api/deals/link/${link}/email/code`,
            {},
            { email: `lim-${id}@c.example` },
          )
        ).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const claim = await t.app.inject({ url: `/api/deals/link/${link}/claim` });
    expect(claim.json()).toEqual({
      holder: 'open',
      email: null,
      emailConfirmed: false,
    });
  });
});

describe('a brand who paid a payment request without an account', () => {
  it('confirms an address in accepting and keeps its request on another device with a code to it; a stranger with the link does not hold it', async () => {
    const creator = await registerUser(t.app);
    const brandEmail = `pay-${Date.now()}@brand.example`;
    const token = await newRequestLink(t.app, creator.token, brandEmail);
    // Without the code mailed to the address, nothing is accepted.
    const bare = await post(`/api/payment-requests/accept/${token}`);
    expect(bare.statusCode).toBe(400);
    const accepted = await acceptLink(
      t.app,
      t.ctx,
      { kind: 'payment-request', token },
      { email: brandEmail },
    );
    const secret = accepted.json().claimSecret as string;
    expect(secret).toBeTruthy();
    lastCode(brandEmail); // The acceptance's code is read: later codes are new ones.

    const claim = (headers: Record<string, string>) =>
      t.app.inject({
        url: `/api/payment-requests/link/${token}/claim`,
        headers,
      });
    expect((await claim(claimOf(secret))).json()).toMatchObject({
      holder: 'you',
    });
    // A stranger with the link holds nothing, and learns the address only masked.
    expect((await claim({})).json()).toEqual({
      holder: 'elsewhere',
      email: expect.stringMatching(/^p•+@brand\.example$/),
      emailConfirmed: true,
    });

    const asked = await post(`/api/payment-requests/link/${token}/resume/code`);
    expect(asked.statusCode, asked.body).toBe(200);
    const moved = await post(
      `/api/payment-requests/link/${token}/resume`,
      {},
      { code: lastCode(brandEmail) },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(
      (await claim(claimOf(moved.json().claimSecret as string))).json().holder,
    ).toBe('you');
    expect((await claim(claimOf(secret))).json().holder).toBe('elsewhere');
  });
});

describe('the creator cannot be the brand of their own payment request', () => {
  it('refuses an accept that carries the creator’s credentials (header or query), in the reader’s language, and leaves the link to the brand', async () => {
    const creator = await registerUser(t.app);
    const token = await newRequestLink(
      t.app,
      creator.token,
      `own-${Date.now()}@brand.example`,
    );
    const own = await acceptLink(
      t.app,
      t.ctx,
      { kind: 'payment-request', token },
      {
        email: creator.email,
        headers: { ...bearer(creator.token), 'accept-language': 'nl' },
      },
    );
    expect(own.statusCode, own.body).toBe(409);
    expect(own.json()).toMatchObject({
      code: 'own_request_not_acceptable',
      message:
        'Je hebt dit betaalverzoek zelf gemaakt: alleen het merk naar wie je het stuurt kan het accepteren.',
    });
    const viaQuery = await post(
      `/api/payment-requests/accept/${token}?access_token=${creator.token}`,
      {},
      anyEmailCode,
    );
    expect(viaQuery.statusCode).toBe(409);
    expect(viaQuery.json().code).toBe('own_request_not_acceptable');
    // Nothing was accepted: the brand still accepts it with its own address.
    expect(t.ctx.queries.requests.byToken(token)!.status).toBe('pending');
    const brand = await acceptLink(t.app, t.ctx, {
      kind: 'payment-request',
      token,
    });
    expect(brand.statusCode, brand.body).toBe(200);
  });
});

describe('the brand cannot be its own creator', () => {
  it('flags for admins an accept from the brand’s sign-in address and a confirmed address of the brand', async () => {
    const { id } = await acceptedDeal();
    // The test app's requests all come from one address: the one the brand registered from.
    const admin = await createRootAdmin(t);
    const view = async (dealId: number) =>
      (
        await t.app.inject({
          url: `/api/admin/deals/${dealId}`,
          headers: bearer(admin),
        })
      ).json();
    expect((await view(id)).creatorClaim).toMatchObject({
      email: `sam-${id}@creator.example`,
      selfDealing: ['brand_sign_in_address'],
    });
    const { brand, id: own, link } = await paidLink();
    const address = brand.email.toUpperCase();
    const accepted = await acceptLink(
      t.app,
      t.ctx,
      { kind: 'deal', token: link },
      { email: address },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await view(own)).creatorClaim).toMatchObject({
      email: address,
      selfDealing: ['same_email', 'brand_sign_in_address'],
    });
  });
  it('refuses an accept that carries the brand’s credentials in any form (header, query, expired)', async () => {
    const brand = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, id);
    const link = (
      await post(`/api/deals/${id}/generate-token`, bearer(brand.token))
    ).json().token;
    const viaQuery = await post(
      `/api/deals/accept/${link}?access_token=${brand.token}`,
      {},
      anyEmailCode,
    );
    expect(viaQuery.statusCode).toBe(409);
    expect(viaQuery.json().code).toBe('own_deal_not_acceptable');
    const own = () =>
      post(`/api/deals/accept/${link}`, bearer(brand.token), anyEmailCode);
    expect((await own()).statusCode).toBe(409);
    t.clock.advance(400 * 24 * 3_600_000);
    expect((await own()).json().code).toBe('own_deal_not_acceptable');
    expect(
      t.ctx.queries.deals.byId(id)!.context.influencerAcceptedAt,
    ).toBeNull();
  });
});
