import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payDeal } from '@tests/support/flow-helpers';
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

const post = (url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });
const claimOf = (secret: string) => ({ 'x-claim-secret': secret });

/**
 * The code in the mail to `to` not read before (the test-mode mail sender writes .eml files; mails
 * written at one test-clock instant have no order among themselves). Read once, it is remembered.
 */
const codes = new Map<string, string>();
function lastCode(to: string): string {
  const mail = t.ctx.notifications.mail.list().find((m) => m.to === to && !codes.has(m.name));
  if (mail) {
    const text = t.ctx.notifications.mail.read(mail.name)!.text;
    codes.set(mail.name, /\b(\d{6})\b/.exec(text)?.[1] ?? '');
    codes.set(to, codes.get(mail.name)!);
  }
  const code = codes.get(to);
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

async function acceptedDeal() {
  const brand = await registerUser(t.app);
  const { id } = await createDeal(t.app, brand.token);
  await payDeal(t.app, t.ctx, brand.token, id);
  const link = (await post(`/api/deals/${id}/generate-token`, bearer(brand.token))).json()
    .token as string;
  const accepted = await post(`/api/deals/accept/${link}`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { brand, id, link, secret: accepted.json().claimSecret as string };
}

async function confirmEmail(link: string, secret: string, email: string) {
  const sent = await post(`/api/deals/link/${link}/email/code`, claimOf(secret), { email });
  expect(sent.statusCode, sent.body).toBe(200);
  const confirmed = await post(`/api/deals/link/${link}/email/confirm`, claimOf(secret), {
    code: lastCode(email),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

describe('continue on this device', () => {
  it('given a creator who confirmed an address, when another browser asks for a code and gives it, then the claim moves there and the first browser is told it lost it', async () => {
    const { id, link, secret } = await acceptedDeal();
    const email = `sam-${id}@creator.example`;
    // Only the browser that accepted may name the address.
    const stranger = await post(`/api/deals/link/${link}/email/code`, {}, { email: 'x@y.example' });
    expect(stranger.statusCode).toBe(403);
    await confirmEmail(link, secret, email);
    expect(
      (
        await t.app.inject({ url: `/api/deals/link/${link}/claim`, headers: claimOf(secret) })
      ).json(),
    ).toEqual({
      holder: 'you',
      email: expect.stringMatching(/^s•+@creator\.example$/),
      emailConfirmed: true,
    });

    // A new browser with only the link: not the claimer, cannot act, but can ask for a code.
    expect((await post(`/api/deals/start-onboarding/${link}`)).statusCode).toBe(403);
    const asked = await post(`/api/deals/link/${link}/resume/code`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().sentTo).not.toContain(`sam-${id}`);
    const wrong = await post(
      `/api/deals/link/${link}/resume`,
      {},
      { code: '000000' === lastCode(email) ? '111111' : '000000' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'link_code_wrong', params: { remaining: 4 } });
    const moved = await post(`/api/deals/link/${link}/resume`, {}, { code: lastCode(email) });
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
        await t.app.inject({ url: `/api/deals/link/${link}/claim`, headers: claimOf(secret) })
      ).json().holder,
    ).toBe('elsewhere');

    // Every step is in the history, by the link's actor; the code itself is nowhere.
    const history = await t.ctx.store.readStream(`link-claim-deal-${id}`);
    expect(history.map((e) => e.type)).toEqual([
      'LinkClaimed',
      'LinkEmailCodeSent',
      'LinkEmailConfirmed',
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

  it('a code works for 15 minutes and 5 tries; a link without a confirmed address cannot move', async () => {
    const { id, link, secret } = await acceptedDeal();
    const none = await post(`/api/deals/link/${link}/resume/code`);
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('link_email_unknown');

    const email = `kim-${id}@creator.example`;
    await post(`/api/deals/link/${link}/email/code`, claimOf(secret), { email });
    const right = lastCode(email);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 1; i <= 5; i++) {
      const answer = await post(`/api/deals/link/${link}/email/confirm`, claimOf(secret), {
        code: wrong,
      });
      expect(answer.json().code).toBe(i < 5 ? 'link_code_wrong' : 'link_code_invalid');
    }
    // The fifth wrong try voided the code: the right one no longer works.
    const late = await post(`/api/deals/link/${link}/email/confirm`, claimOf(secret), {
      code: right,
    });
    expect(late.json().code).toBe('link_code_invalid');

    await post(`/api/deals/link/${link}/email/code`, claimOf(secret), { email });
    t.clock.advance(16 * 60_000);
    const expired = await post(`/api/deals/link/${link}/email/confirm`, claimOf(secret), {
      code: lastCode(email),
    });
    expect(expired.json().code).toBe('link_code_expired');
  });

  it('sending codes is limited per link', async () => {
    const { id, link, secret } = await acceptedDeal();
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (
          await post(`/api/deals/link/${link}/email/code`, claimOf(secret), {
            email: `lim-${id}@c.example`,
          })
        ).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('a brand who paid a payment request without an account', () => {
  it('keeps its request on another device with a code to the address the request was mailed to; a stranger with the link does not hold it', async () => {
    const creator = await registerUser(t.app);
    const brandEmail = `pay-${Date.now()}@brand.example`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payment-requests',
      headers: bearer(creator.token),
      payload: {
        title: 'Reel',
        description: 'One reel',
        amount: 120,
        brandName: 'Brand',
        brandEmail,
        deadline: '2026-03-20',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = created.json().shareableToken as string;
    const accepted = await post(`/api/payment-requests/accept/${token}`);
    const secret = accepted.json().claimSecret as string;
    expect(secret).toBeTruthy();

    const claim = (headers: Record<string, string>) =>
      t.app.inject({ url: `/api/payment-requests/link/${token}/claim`, headers });
    expect((await claim(claimOf(secret))).json()).toMatchObject({ holder: 'you' });
    // A stranger with the link holds nothing, and learns the address only masked.
    expect((await claim({})).json()).toEqual({
      holder: 'elsewhere',
      email: expect.stringMatching(/^p•+@brand\.example$/),
      emailConfirmed: false,
    });

    const asked = await post(`/api/payment-requests/link/${token}/resume/code`);
    expect(asked.statusCode, asked.body).toBe(200);
    const moved = await post(
      `/api/payment-requests/link/${token}/resume`,
      {},
      { code: lastCode(brandEmail) },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await claim(claimOf(moved.json().claimSecret as string))).json().holder).toBe('you');
    expect((await claim(claimOf(secret))).json().holder).toBe('elsewhere');
  });
});

describe('the brand cannot be its own creator', () => {
  it('flags for admins an accept from the brand’s sign-in address and a confirmed address of the brand', async () => {
    const { brand, id, link, secret } = await acceptedDeal();
    // The test app's requests all come from one address: the one the brand registered from.
    const admin = await createRootAdmin(t);
    const view = async () =>
      (await t.app.inject({ url: `/api/admin/deals/${id}`, headers: bearer(admin) })).json();
    expect((await view()).creatorClaim).toMatchObject({
      email: null,
      selfDealing: ['brand_sign_in_address'],
    });
    await confirmEmail(link, secret, brand.email.toUpperCase());
    expect((await view()).creatorClaim).toMatchObject({
      email: brand.email.toUpperCase(),
      selfDealing: ['same_email', 'brand_sign_in_address'],
    });
  });
  it('refuses an accept that carries the brand’s credentials in any form (header, query, expired)', async () => {
    const brand = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, id);
    const link = (await post(`/api/deals/${id}/generate-token`, bearer(brand.token))).json().token;
    const viaQuery = await post(`/api/deals/accept/${link}?access_token=${brand.token}`);
    expect(viaQuery.statusCode).toBe(409);
    expect(viaQuery.json().code).toBe('own_deal_not_acceptable');
    expect((await post(`/api/deals/accept/${link}`, bearer(brand.token))).statusCode).toBe(409);
    t.clock.advance(400 * 24 * 3_600_000);
    expect((await post(`/api/deals/accept/${link}`, bearer(brand.token))).json().code).toBe(
      'own_deal_not_acceptable',
    );
    expect(t.ctx.queries.deals.byId(id)!.context.influencerAcceptedAt).toBeNull();
  });
});
