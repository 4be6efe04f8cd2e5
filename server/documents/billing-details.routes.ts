import { errorSchema } from '@machines/contract/api';
import {
  billingDetailsAnswerSchema,
  billingDetailsSchema,
} from '@machines/documents/billing-details';
import { checkBillingDetails } from '@machines/documents/billing-check';
import { userOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { DocumentRouteDeps } from './document-parts';

const tags = ['profile'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 409: errorSchema };

/**
 * The signed-in brand's billing details (the buyer on its fee invoices): read and replaced whole,
 * only by the account itself. A VAT id must be in its EU country's format (`vat_id_invalid`).
 * Saving them issues the fee invoices that waited for them.
 */
export function billingDetailsRoutes(app: ZodApp, { ctx, guards }: DocumentRouteDeps): void {
  app.get(
    '/api/user/billing-details',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        security,
        description: 'The billing details fee invoices are made out to (null until given).',
        response: { 200: billingDetailsAnswerSchema, ...errors },
      },
    },
    async (request) => ({ billingDetails: await ctx.billing.read(userOf(request).userId) }),
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
        body: billingDetailsSchema,
        response: { 200: billingDetailsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const checked = checkBillingDetails(request.body);
      if (!checked.ok)
        throw new DomainError(
          checked.problem === 'vat_id_invalid' ? 'vat_id_invalid' : 'billing_address_missing',
          { country: request.body.country },
        );
      const { position } = await ctx.billing.save(
        userId,
        checked.details,
        commandContext(request, { kind: 'brand', id: userId }),
      );
      if (position > 0) await ctx.settle(position);
      return { billingDetails: checked.details };
    },
  );
}
