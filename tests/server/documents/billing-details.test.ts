import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/** A brand's billing details: its own only, checked VAT id, recorded with the brand as actor. */
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
  other = await registerUser(t.app, { companyName: 'Other BV' });
});
afterAll(() => t.close());

const url = '/api/user/billing-details';
const dutch = {
  company: 'Acme BV',
  addressLines: ['Damrak 1'],
  postcode: '1012 LG',
  city: 'Amsterdam',
  country: 'NL',
  vatId: 'nl 1234.56789.b01',
};
const put = (
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { ...bearer(token), ...headers },
    payload: body,
  });

describe('billing details', () => {
  it('needs a signed-in account', async () => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url, payload: dutch })).statusCode,
    ).toBe(401);
  });

  it('are null until given, then the brand reads its own (VAT id normalised); another user does not see them', async () => {
    expect(
      (await t.app.inject({ url, headers: bearer(brand.token) })).json(),
    ).toEqual({
      billingDetails: null,
    });
    const saved = await put(brand.token, dutch);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = { ...dutch, vatId: 'NL123456789B01' };
    expect(saved.json()).toEqual({ billingDetails: expected });
    expect(
      (await t.app.inject({ url, headers: bearer(brand.token) })).json(),
    ).toEqual({
      billingDetails: expected,
    });
    expect(
      (await t.app.inject({ url, headers: bearer(other.token) })).json(),
    ).toEqual({
      billingDetails: null,
    });

    const events = await t.ctx.store.readStream(`billing-${brand.userId}`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'BillingDetailsChanged',
      data: {
        userId: brand.userId,
        company: 'Acme BV',
        vatId: 'NL123456789B01',
      },
      metadata: { actor: { kind: 'brand', id: brand.userId } },
    });
    // Saving the same again records nothing.
    expect((await put(brand.token, dutch)).statusCode).toBe(200);
    expect(
      await t.ctx.store.readStream(`billing-${brand.userId}`),
    ).toHaveLength(1);
  });

  it('a VAT id not in the country’s format is a 400 with its code, in English and Dutch', async () => {
    const wrong = { ...dutch, country: 'BE', vatId: 'BE123' };
    const en = await put(other.token, wrong);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ code: 'vat_id_invalid' });
    expect(en.json().message).toMatch(/VAT id/);
    const nl = await put(other.token, wrong, { 'accept-language': 'nl' });
    expect(nl.statusCode).toBe(400);
    expect(nl.json().message).toMatch(/btw-nummer/);
    // A Dutch number given for a Belgian company is refused too.
    expect(
      (await put(other.token, { ...dutch, country: 'BE' })).json(),
    ).toMatchObject({
      code: 'vat_id_invalid',
    });
    const belgian = await put(other.token, {
      ...dutch,
      company: 'Gent Media BV',
      city: 'Gent',
      postcode: '9000',
      country: 'BE',
      vatId: 'BE0123456789',
    });
    expect(belgian.statusCode, belgian.body).toBe(200);
  });

  it('refuses an empty company or address with their codes; no VAT id is fine', async () => {
    const noCompany = await put(other.token, { ...dutch, company: ' ' });
    expect(noCompany.statusCode).toBe(400);
    const noStreet = await put(other.token, { ...dutch, addressLines: [' '] });
    expect(noStreet.json()).toMatchObject({ code: 'billing_address_missing' });
    const person = await put(other.token, { ...dutch, vatId: null });
    expect(person.statusCode, person.body).toBe(200);
    expect(person.json().billingDetails.vatId).toBeNull();
  });

  it('names the field and its limit in English and Dutch when a list or a text is too long', async () => {
    const lines = await put(
      other.token,
      { ...dutch, addressLines: ['a', 'b', 'c'] },
      { 'accept-language': 'nl' },
    );
    expect(lines.statusCode).toBe(400);
    expect(lines.json()).toMatchObject({
      code: 'invalid_input',
      params: { input: 'too_many', field: 'addressLines', max: 2 },
      message: 'Hooguit 2 adresregels.',
    });
    const vat = await put(other.token, { ...dutch, vatId: 'N'.repeat(31) });
    expect(vat.json()).toMatchObject({
      params: {
        input: 'too_long',
        field: 'vatId',
        max: 30,
        detail: 'VAT id must be at most 30 characters',
      },
    });
  });
});
