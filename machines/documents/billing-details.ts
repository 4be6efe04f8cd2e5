import { z } from 'zod';
import { inputRef } from '../errors/input-texts';

/**
 * A brand's billing details, the buyer on its fee invoices: the HTTP contract (server and web) and
 * the one check of a VAT id against the country, so the profile form and the server refuse alike.
 */
export const billingDetailsSchema = z.object({
  company: z.string().trim().min(1, inputRef('required', 'company')).max(200),
  /** Street and number, and optionally a second line. */
  addressLines: z.array(z.string().trim().max(120)).min(1).max(2),
  postcode: z.string().trim().max(20),
  city: z.string().trim().min(1, inputRef('required', 'city')).max(100),
  country: z.string().regex(/^[A-Z]{2}$/, inputRef('country_code')),
  /** Null (or empty) for a buyer without a VAT id (a private person, a business that gives none). */
  vatId: z.string().trim().max(30).nullable(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

export const billingDetailsAnswerSchema = z.object({
  billingDetails: billingDetailsSchema.nullable(),
});
export type BillingDetailsAnswer = z.infer<typeof billingDetailsAnswerSchema>;

// The checks (checkBillingDetails, addressOf) live in billing-check.ts, a module without zod, so the
// link page, which runs them in the browser, does not load the schema library.
