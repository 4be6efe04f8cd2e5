import { expect } from 'vitest';
import { bearer, registerUser, type TestApp } from '@tests/support/test-app';

/** An address line, postcode and city for billing details in tests. */
export const billingAddress = {
  addressLines: ['Damrak 1'],
  postcode: '1012 LG',
  city: 'Amsterdam',
};

/** A new brand account, with these billing details saved (company, country, VAT id) or none. */
export async function brandWith(
  t: TestApp,
  details: Record<string, unknown> | null,
) {
  const brand = await registerUser(t.app);
  if (details) {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/billing-details',
      headers: bearer(brand.token),
      payload: { ...billingAddress, ...details },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return brand;
}
