import type { FastifyInstance } from 'fastify';
import { bearer } from '@tests/support/test-app';

/** Saves a user's billing details (an Amsterdam address, no VAT id) under `company`; the response. */
export const saveBillingDetails = (
  app: FastifyInstance,
  token: string,
  company: string,
) =>
  app.inject({
    method: 'PUT',
    url: '/api/user/billing-details',
    headers: bearer(token),
    payload: {
      company,
      addressLines: ['Damrak 1'],
      postcode: '1012 LG',
      city: 'Amsterdam',
      country: 'NL',
      vatId: null,
    },
  });

/** A creator's self-billing terms under the small-business scheme (no VAT id), as "Sam Creates". */
export const smallBusinessSelfBilling = {
  company: 'Sam Creates',
  addressLines: ['Oudegracht 10'],
  postcode: '3511 AP',
  city: 'Utrecht',
  country: 'NL',
  vatScheme: 'small_business',
  vatId: null,
};
