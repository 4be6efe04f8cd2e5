import { errorSchema } from '@machines/contract/api';
import {
  billingDetailsAnswerSchema,
  billingDetailsSchema,
  type BillingDetails,
} from '@machines/documents/billing-details';
import { checkBillingDetails } from '@machines/documents/billing-check';
import { userOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { isoCountryCode } from '../http/fields';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { DocumentRouteDeps } from './document-parts';

const tags = ['profile'];

/** Billing details as a request gives them: the contract's, with a country ISO 3166 knows. */
export const billingDetailsBody = billingDetailsSchema.extend({
  country: isoCountryCode,
});

/** Billing details as given, checked: a VAT id in its EU country's format, an address (else 400). */
export function checkedBillingDetails(body: BillingDetails): BillingDetails {
  const checked = checkBillingDetails(body);
  if (checked.ok) return checked.details;
  throw new DomainError(
    checked.problem === 'vat_id_invalid'
      ? 'vat_id_invalid'
      : 'billing_address_missing',
    { country: body.country },
  );
}
const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 409: errorSchema };

/**
 * The signed-in brand's billing details (the buyer on its fee invoices): read and replaced whole,
 * only by the account itself. A VAT id must be in its EU country's format (`vat_id_invalid`).
 * Saving them issues the fee invoices that waited for them.
 */
export function billingDetailsRoutes(
  app: ZodApp,
  { ctx, guards }: DocumentRouteDeps,
): void {
  app.get(
    '/api/user/billing-details',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        security,
        description:
          'The billing details fee invoices are made out to (null until given).',
        response: { 200: billingDetailsAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      billingDetails: await ctx.billing.read(userOf(request).userId),
    }),
  );

  app.put(
    '/api/user/billing-details',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        security,
        description:
          'Replaces the billing details (recorded as BillingDetailsChanged); invoices waiting for them are issued next.',
        body: billingDetailsBody,
        response: { 200: billingDetailsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const details = checkedBillingDetails(request.body);
      const { position } = await ctx.billing.save(
        { userId },
        details,
        commandContext(request, { kind: 'brand', id: userId }),
      );
      if (position > 0) await ctx.settle(position);
      return { billingDetails: details };
    },
  );
}
