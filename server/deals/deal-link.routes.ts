import { moneyDocumentSchema } from '@machines/contract/money-api';
import { dealStatement } from '../documents/money-documents';
import { z } from 'zod';
import { dealSchema, errorSchema } from '@machines/contract/api';
import { tokenParam } from '../http/fields';
import { assertClaimer } from './deal-commands';
import { createLinkClaims } from './link-claim';
import { commandContext, type RouteDeps, type ZodApp } from '../http/route-deps';

const tags = ['deal link (creator)'];
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * The creator's routes: no login, the 128-bit token in the path is the credential. Answers are the
 * link view of the deal (no brand email, no owner or payment ids).
 */
export function dealLinkRoutes(app: ZodApp, { ctx, deals, dealViews }: RouteDeps): void {
  const creator = (request: Parameters<typeof commandContext>[0], dealId: number) => commandContext(request, { kind: 'creator-link', id: `deal-${dealId}` });

  const { signedInUser, claimOf } = createLinkClaims(ctx);

  app.get(
    '/api/deals/token/:token',
    {
      schema: { tags, params: tokenParam, response: { 200: dealSchema, ...errors } },
    },
    async (request) => {
      const record = dealViews.linkRecord(request.params.token);
      const c = record.context;
      // Back from bank onboarding: ask the gateway once whether payouts now work.
      if (record.state === 'pending_delivery.accepted' && c.onboardingAccountId && !c.stripeAccountId) {
        try {
          const result = await ctx.payments.escrow.syncDealBankAccount(record.id, creator(request, record.id));
          if (result) await ctx.settle(result.position);
        } catch (error) {
          request.log.warn({ err: error }, 'bank account status check failed');
        }
      }
      return dealViews.forLink(request.params.token);
    },
  );

  app.post(
    '/api/deals/accept/:token',
    {
      schema: {
        tags,
        params: tokenParam,
        response: { 200: z.object({ success: z.boolean(), deal: dealSchema, claimSecret: z.string().optional() }), ...errors },
      },
    },
    async (request) => {
      const record = dealViews.linkRecord(request.params.token);
      const userId = signedInUser(request);
      const actor = userId ? commandContext(request, { kind: 'creator', id: userId }) : creator(request, record.id);
      const { position, claimSecret } = await deals.accept(record.id, request.params.token, actor, userId);
      await ctx.settle(position);
      // The secret is answered once, to the browser that accepted; the page keeps it (docs/api.md).
      return { success: true, deal: dealViews.forLink(request.params.token), ...(claimSecret ? { claimSecret } : {}) };
    },
  );

  app.get(
    '/api/deals/link/:token/statement',
    {
      schema: {
        tags,
        params: tokenParam,
        description: "The creator's statement of the deal's payout: only whoever claimed the deal (claim secret or signed-in account).",
        response: { 200: moneyDocumentSchema, ...errors },
      },
    },
    async (request) => {
      const record = dealViews.linkRecord(request.params.token);
      assertClaimer(record.context, claimOf(request));
      return dealStatement(record, dealViews.brandNameOf(record.ownerId));
    },
  );

  app.post(
    '/api/deals/start-onboarding/:token',
    {
      schema: { tags, params: tokenParam, response: { 200: z.object({ url: z.string() }), ...errors, 502: errorSchema } },
    },
    async (request) => {
      const record = dealViews.linkRecord(request.params.token);
      assertClaimer(record.context, claimOf(request));
      const { url, position } = await ctx.payments.escrow.startDealOnboarding(record.id, request.params.token, creator(request, record.id));
      await ctx.settle(position);
      return { url };
    },
  );

  app.post(
    '/api/deals/deliver/:token',
    {
      schema: { tags, params: tokenParam, response: { 200: z.object({ success: z.boolean(), deal: dealSchema }), ...errors } },
    },
    async (request) => {
      const record = dealViews.linkRecord(request.params.token);
      assertClaimer(record.context, claimOf(request));
      const result = await deals.deliver(record.id, request.params.token, creator(request, record.id));
      await ctx.settle(result.position);
      return { success: true, deal: dealViews.forLink(request.params.token) };
    },
  );
}
