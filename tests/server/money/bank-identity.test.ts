import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import { testPayoutIdentity } from '@tests/support/payout-identity';

/** Bank setup asks for the identity the platform reports payouts with: it does not start without one. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const start = (token: string, payload: object, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/create-onboarding-link',
    headers: { ...bearer(token), 'accept-language': lang },
    payload,
  });

describe('the identity at bank setup', () => {
  it('given no identity on record, when bank setup starts without one, then 400 payout_identity_required in English and Dutch; with one it starts, and a later visit needs none', async () => {
    const creator = await registerUser(t.app);
    const en = await start(creator.token, {});
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ code: 'payout_identity_required' });
    expect(en.json().message).toContain(
      'legal name, address, date of birth and tax id',
    );
    const nl = await start(creator.token, {}, 'nl');
    expect(nl.json().message).toContain(
      'officiële naam, adres, geboortedatum en fiscaal nummer',
    );
    expect(
      t.ctx.queries.accounts.userById(creator.userId)!.payoutAccountId,
    ).toBeNull();

    const incomplete = await start(creator.token, {
      identity: { ...testPayoutIdentity, taxId: '' },
    });
    expect(incomplete.json()).toMatchObject({
      code: 'payout_identity_incomplete',
    });
    const started = await start(creator.token, {
      identity: testPayoutIdentity,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await start(creator.token, {})).statusCode).toBe(200);
  });
});
