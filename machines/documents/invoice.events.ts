import { z } from 'zod';
import { defineEvent } from '../events/define';

const countryCode = z.string().regex(/^[A-Z]{2}$/);

/** Who an invoice is from or to, as printed on it. */
const partySchema = z.object({
  name: z.string().min(1).max(200),
  address: z.string().min(1).max(400),
  country: countryCode,
  vatId: z.string().max(20).nullable(),
});

/**
 * A fee invoice, credit note or self-billed creator invoice, complete as issued: it is never
 * changed afterwards (a credit note corrects it). Appended to its series' stream for the year at
 * the revision read, so its number is the next one in that series, with no gap and no duplicate:
 * the platform's series (`invoices-2026`, `2026-000123`) or, for a self-billed invoice, the
 * creator's own (`self-billed-deal-12-2026`, `SB-2026-000001`).
 */
export const InvoiceIssued = defineEvent({
  type: 'InvoiceIssued',
  version: 1,
  category: 'document',
  description:
    "The platform issued an invoice for its fee (or a credit note returning part of it) to a deal's or payment request's brand, or a self-billed invoice in a creator's name for a payout; the number is the series' next in the calendar year.",
  schema: z.object({
    /** What it is for, once: `fee:deal-12`, `credit:deal-12`, `self:deal-12`, `fee:payment-request-7`. */
    key: z.string().min(1).max(80),
    kind: z.enum(['invoice', 'credit_note', 'self_billed']),
    /** `SB-` marks a number in a creator's own series (self-billed). */
    number: z.string().regex(/^(SB-)?\d{4}-\d{6}$/),
    /** The invoice a credit note corrects. */
    corrects: z.string().nullable(),
    subject: z.object({
      kind: z.enum(['deal', 'payment_request']),
      id: z.number().int().positive(),
    }),
    /** The deal's brand account; null for a payment request, whose brand pays through its link. */
    brandUserId: z.string().min(1).nullable(),
    issuedAt: z.string(),
    /** When the service was supplied: the payment (invoice) or the refund (credit note). */
    suppliedAt: z.string(),
    description: z.string().max(300),
    /** The platform (with its KvK number and IBAN), or the creator of a self-billed invoice. */
    seller: partySchema.extend({
      kvk: z.string().optional(),
      iban: z.string().optional(),
    }),
    buyer: partySchema,
    treatment: z.enum([
      'domestic',
      'reverse_charge',
      'outside_eu',
      'small_business',
    ]),
    grossCents: z.number().int().nonnegative(),
    netCents: z.number().int().nonnegative(),
    vatCents: z.number().int().nonnegative(),
    vatRateBps: z.number().int().nonnegative(),
  }),
  fields: {
    key: 'none',
    number: 'none',
    corrects: 'none',
    brandUserId: 'none',
    issuedAt: 'none',
    suppliedAt: 'none',
    description: 'fiscal',
    // The platform's own details, or a self-billing creator's: kept with the invoice.
    'seller.name': 'fiscal',
    'seller.address': 'fiscal',
    'seller.country': 'fiscal',
    'seller.vatId': 'fiscal',
    'seller.kvk': 'none',
    'seller.iban': 'none',
    'buyer.name': 'fiscal',
    'buyer.address': 'fiscal',
    'buyer.country': 'fiscal',
    'buyer.vatId': 'fiscal',
  },
  example: {
    key: 'fee:deal-12',
    kind: 'invoice',
    number: '2026-000123',
    corrects: null,
    subject: { kind: 'deal', id: 12 },
    brandUserId: 'u_7f3a',
    issuedAt: '2026-03-02T09:00:05.000Z',
    suppliedAt: '2026-03-02T09:00:00.000Z',
    description: 'Escrow service fee, deal #12 (Spring launch reel)',
    seller: {
      name: 'Escrow Deals B.V.',
      address: 'Keizersgracht 1, 1015 AA Amsterdam',
      country: 'NL',
      vatId: 'NL123456789B01',
      kvk: '12345678',
      iban: 'NL91ABNA0417164300',
    },
    buyer: {
      name: 'Acme BV',
      address: 'Damrak 1, Amsterdam',
      country: 'NL',
      vatId: null,
    },
    treatment: 'domestic',
    grossCents: 2050,
    netCents: 1694,
    vatCents: 356,
    vatRateBps: 2100,
  },
});

/**
 * A brand's billing details for its invoices (full replacement): an account's (`userId`, for its
 * deals) or the payer of one payment request (`requestId`, given through the request's link).
 */
export const BillingDetailsChanged = defineEvent({
  type: 'BillingDetailsChanged',
  version: 1,
  category: 'document',
  description:
    "A brand set the billing details its fee invoices are made out to (an account's, or a payment request payer's); invoices waiting for them are issued next.",
  schema: z.object({
    userId: z.string().min(1).optional(),
    requestId: z.number().int().positive().optional(),
    company: z.string().min(1).max(200),
    addressLines: z.array(z.string().max(120)).min(1).max(2),
    postcode: z.string().max(20),
    city: z.string().min(1).max(100),
    country: countryCode,
    /** Normalised (upper case, no spaces or dots), in the country's format; null without one. */
    vatId: z.string().max(20).nullable(),
  }),
  fields: {
    userId: 'none',
    company: 'fiscal',
    'addressLines[]': 'fiscal',
    postcode: 'fiscal',
    city: 'fiscal',
    country: 'fiscal',
    vatId: 'fiscal',
  },
  example: {
    userId: 'u_7f3a',
    company: 'Acme BV',
    addressLines: ['Damrak 1'],
    postcode: '1012 LG',
    city: 'Amsterdam',
    country: 'NL',
    vatId: 'NL123456789B01',
  },
});

const creatorKey = z.string().regex(/^(deal|user)-[A-Za-z0-9_-]{1,60}$/);

/**
 * A creator agreed to self-billing for later payouts, with the name, address and VAT status its
 * invoices are issued with (full replacement of an earlier agreement).
 */
export const SelfBillingAgreed = defineEvent({
  type: 'SelfBillingAgreed',
  version: 1,
  category: 'document',
  description:
    "A creator agreed that the platform issues the brand's invoice for each later payout in the creator's name (self-billing), with the creator's name, address and VAT status.",
  schema: z.object({
    /** Whose payouts: a deal's creator (`deal-12`, the deal's bank account) or an account (`user-u_91c2`). */
    creator: creatorKey,
    company: z.string().min(1).max(200),
    addressLines: z.array(z.string().max(120)).min(1).max(2),
    postcode: z.string().max(20),
    city: z.string().min(1).max(100),
    country: countryCode,
    vatScheme: z.enum(['vat', 'small_business']),
    /** Normalised, in the country's format; null under the small-business scheme. */
    vatId: z.string().max(20).nullable(),
  }),
  fields: {
    creator: 'none',
    company: 'fiscal',
    'addressLines[]': 'fiscal',
    postcode: 'fiscal',
    city: 'fiscal',
    country: 'fiscal',
    vatId: 'fiscal',
  },
  example: {
    creator: 'deal-12',
    company: 'Sam Creates',
    addressLines: ['Oudegracht 10'],
    postcode: '3511 AP',
    city: 'Utrecht',
    country: 'NL',
    vatScheme: 'small_business',
    vatId: null,
  },
});

/** A creator withdrew the agreement: later payouts come with a statement only. */
export const SelfBillingRevoked = defineEvent({
  type: 'SelfBillingRevoked',
  version: 1,
  category: 'document',
  description:
    'A creator withdrew the self-billing agreement: later payouts get a statement only; invoices already issued stay.',
  schema: z.object({ creator: creatorKey }),
  fields: { creator: 'none' },
  example: { creator: 'deal-12' },
});

export const documentEventDefinitions = [
  InvoiceIssued,
  BillingDetailsChanged,
  SelfBillingAgreed,
  SelfBillingRevoked,
] as const;
