import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptLink, claimHeader, payDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/** Bank setup asks for the creator's identity (the yearly payout report): checked, recorded in its event. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const identity = {
  legalName: 'Sanne de Vries',
  address: 'Damrak 1, 1012 LG Amsterdam, NL',
  birthDate: '1996-04-12',
  taxId: '123456782',
};

const startUser = (token: string, body: unknown, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/create-onboarding-link',
    headers: { ...bearer(token), 'accept-language': lang },
    payload: body as object,
  });

describe('the identity at bank setup', () => {
  it('a payment-request creator: recorded in PayoutAccountLinked, corrected on a later visit', async () => {
    const creator = await registerUser(t.app);
    const first = await startUser(creator.token, { identity });
    expect(first.statusCode, first.body).toBe(200);
    // The same identity again records nothing; a corrected one is recorded for the same account.
    expect((await startUser(creator.token, { identity })).statusCode).toBe(200);
    const moved = {
      ...identity,
      address: 'Coolsingel 40, 3011 AD Rotterdam, NL',
      taxId: 'nl 1234',
    };
    const corrected = await startUser(creator.token, {
      identity: { ...moved, taxId: 'NL-12345' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const events = await t.ctx.store.readStream(`user-${creator.userId}`);
    const linked = events.filter((e) => e.type === 'PayoutAccountLinked');
    expect(
      linked.map((e) => (e.data as { identity?: unknown }).identity),
    ).toEqual([identity, { ...moved, taxId: 'NL-12345' }]);
    expect(
      new Set(linked.map((e) => (e.data as { accountId: string }).accountId))
        .size,
    ).toBe(1);
  });

  it('refuses an incomplete or malformed identity with its code, in English and Dutch', async () => {
    const creator = await registerUser(t.app);
    const cases = [
      [{ ...identity, legalName: ' ' }, 'payout_identity_incomplete'],
      [{ ...identity, birthDate: '1996-02-30' }, 'payout_birth_date_invalid'],
      [{ ...identity, birthDate: '2020-01-01' }, 'payout_birth_date_invalid'],
      [{ ...identity, taxId: '12' }, 'payout_tax_id_invalid'],
    ] as const;
    for (const [given, code] of cases) {
      const en = await startUser(creator.token, { identity: given });
      expect(en.statusCode).toBe(400);
      expect(en.json()).toMatchObject({ code });
      const nl = await startUser(creator.token, { identity: given }, 'nl');
      expect(nl.json()).toMatchObject({ code });
      expect((nl.json() as { message: string }).message).not.toBe(
        (en.json() as { message: string }).message,
      );
    }
    const nl = await startUser(
      creator.token,
      { identity: { ...identity, taxId: '1' } },
      'nl',
    );
    expect((nl.json() as { message: string }).message).toContain(
      'fiscaal nummer',
    );
    const events = await t.ctx.store.readStream(`user-${creator.userId}`);
    expect(events.some((e) => e.type === 'PayoutAccountLinked')).toBe(false);
  });

  it("a deal's creator: recorded in BankOnboardingStarted; a bad one is refused before any account opens", async () => {
    const brand = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, id);
    const gen = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${id}/generate-token`,
      headers: bearer(brand.token),
    });
    const link = (gen.json() as { token: string }).token;
    expect(
      (await acceptLink(t.app, t.ctx, { kind: 'deal', token: link }))
        .statusCode,
    ).toBe(200);
    const start = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/deals/start-onboarding/${link}`,
        headers: claimHeader(link),
        payload: body as object,
      });
    const bad = await start({
      identity: { ...identity, birthDate: '12-04-1996' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'payout_birth_date_invalid' });
    expect(
      t.ctx.queries.deals.byId(id)!.context.onboardingAccountId,
    ).toBeNull();
    const ok = await start({ identity });
    expect(ok.statusCode, ok.body).toBe(200);
    const events = await t.ctx.store.readStream(`deal-${id}`);
    const started = events.filter((e) => e.type === 'BankOnboardingStarted');
    expect(
      started.map((e) => (e.data as { identity?: unknown }).identity),
    ).toEqual([identity]);
    expect(t.ctx.queries.deals.byId(id)!.context.payoutIdentity).toEqual(
      identity,
    );
  });
});
