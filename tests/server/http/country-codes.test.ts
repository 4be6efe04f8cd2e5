import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * A country is an ISO 3166-1 alpha-2 code wherever one is given: registration, onboarding, the
 * profile, billing details and self-billing terms. Two letters that name no country are refused
 * with `country_unknown`, in English and Dutch; a country code in lower case is taken upper case.
 */
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app, { country: 'nl' });
});
afterAll(() => t.close());

const billing = {
  company: 'Acme BV',
  addressLines: ['Damrak 1'],
  postcode: '1012 LG',
  city: 'Amsterdam',
  country: 'NL',
  vatId: null,
};
const send = (
  method: 'POST' | 'PUT',
  url: string,
  payload: Record<string, unknown>,
  language = 'en',
) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(brand.token), 'accept-language': language },
    payload,
  });

const unknownCountry = (language: 'en' | 'nl') => ({
  code: 'invalid_input',
  params: { input: 'country_unknown' },
  message:
    language === 'en'
      ? 'Country must be a country code from ISO 3166, such as NL or BE'
      : 'Het land moet een landcode uit ISO 3166 zijn, zoals NL of BE.',
});

describe('country codes', () => {
  it('given two letters that name no country, then registration and the profile answer 400 country_unknown in English and Dutch', async () => {
    for (const language of ['en', 'nl'] as const) {
      const register = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'accept-language': language },
        payload: {
          username: `country_${language}`,
          email: `country_${language}@example.com`,
          password: 'secret123',
          country: 'XY',
        },
      });
      expect(register.statusCode).toBe(400);
      expect(register.json()).toMatchObject(unknownCountry(language));
      const profile = await send(
        'PUT',
        '/api/profile',
        { username: brand.username, email: brand.email, country: 'zz' },
        language,
      );
      expect(profile.statusCode).toBe(400);
      expect(profile.json()).toMatchObject(unknownCountry(language));
    }
  });

  it('given a country ISO 3166 knows, in any case, then the profile keeps its code; no country is fine', async () => {
    const me = await t.app.inject({
      url: '/api/profile',
      headers: bearer(brand.token),
    });
    expect(me.json()).toMatchObject({ country: 'NL' });
    for (const [given, kept] of [
      ['pe', 'PE'],
      ['AQ', 'AQ'],
      ['', null],
    ] as const) {
      const answer = await send('PUT', '/api/profile', {
        username: brand.username,
        email: brand.email,
        country: given,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ country: kept });
    }
  });

  it('given billing details or self-billing terms with an unknown country, then 400 country_unknown; a known one is saved', async () => {
    const wrong = await send(
      'PUT',
      '/api/user/billing-details',
      { ...billing, country: 'QQ' },
      'nl',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject(unknownCountry('nl'));
    const malformed = await send('PUT', '/api/user/billing-details', {
      ...billing,
      country: 'NLD',
    });
    expect(malformed.json()).toMatchObject({
      params: { input: 'country_code' },
    });
    const swiss = await send('PUT', '/api/user/billing-details', {
      ...billing,
      city: 'Zürich',
      postcode: '8001',
      country: 'CH',
    });
    expect(swiss.statusCode, swiss.body).toBe(200);
    const terms = { ...billing, vatScheme: 'small_business', country: 'XY' };
    const selfBilling = await send('PUT', '/api/user/self-billing', terms);
    expect(selfBilling.statusCode).toBe(400);
    expect(selfBilling.json()).toMatchObject(unknownCountry('en'));
  });
});
