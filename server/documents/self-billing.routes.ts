import { errorSchema } from '@machines/contract/api';
import { selfBillingAnswerSchema } from '@machines/documents/self-billing';
import { userOf } from '../auth/authenticate';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { DocumentRouteDeps } from './document-parts';
import {
  checkedTerms,
  selfBillingBody,
  userCreator,
} from './self-billing-book';

const tags = ['profile'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 409: errorSchema };

/**
 * The signed-in creator's self-billing agreement (for the deals it accepted while signed in):
 * read, given (name, address, a VAT id in its country's format or the small-business scheme) and
 * withdrawn for later payouts, only by the account itself.
 */
export function selfBillingRoutes(
  app: ZodApp,
  { ctx, guards }: DocumentRouteDeps,
): void {
  const path = '/api/user/self-billing';
  const schema = { tags, security };
  app.get(
    path,
    {
      preHandler: guards.requireUser,
      schema: {
        ...schema,
        description: "The account's self-billing agreement (null without one).",
        response: { 200: selfBillingAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      selfBilling: await ctx.selfBilling.read(
        userCreator(userOf(request).userId),
      ),
    }),
  );

  app.put(
    path,
    {
      preHandler: guards.requireUser,
      schema: {
        ...schema,
        description:
          'Agrees to self-billing for later payouts (SelfBillingAgreed); 400 `vat_id_invalid`, `vat_id_required`, `billing_address_missing`.',
        body: selfBillingBody,
        response: { 200: selfBillingAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const { agreement, position } = await ctx.selfBilling.agree(
        userCreator(userId),
        checkedTerms(request.body),
        commandContext(request, { kind: 'creator', id: userId }),
      );
      if (position > 0) await ctx.settle(position);
      return { selfBilling: agreement };
    },
  );

  app.delete(
    path,
    {
      preHandler: guards.requireUser,
      schema: {
        ...schema,
        description:
          'Withdraws the agreement for later payouts (SelfBillingRevoked); 409 `self_billing_not_agreed` without one.',
        response: { 200: selfBillingAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const { position } = await ctx.selfBilling.revoke(
        userCreator(userId),
        commandContext(request, { kind: 'creator', id: userId }),
      );
      await ctx.settle(position);
      return { selfBilling: null };
    },
  );
}
