import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { USER_AUDIENCE } from '../auth/tokens';
import { dealSchema, errorSchema } from '../../machines/contract/api';
import { tokenParam } from '../http/fields';
import { assertClaimer } from './deal-commands';
import { commandContext, type RouteDeps, type ZodApp } from '../http/route-deps';

const tags = ['deal link (creator)'];
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
/** Where the accept page sends the claim secret it got once (docs/api.md). */
export const CLAIM_SECRET_HEADER = 'x-claim-secret';

/**
 * The creator's routes: no login, the 128-bit token in the path is the credential. Answers are the
 * link view of the deal (no brand email, no owner or payment ids).
 */
export function dealLinkRoutes(app: ZodApp, { ctx, deals, dealViews }: RouteDeps): void {
  const creator = (request: Parameters<typeof commandContext>[0], dealId: number) => commandContext(request, { kind: 'creator-link', id: `deal-${dealId}` });

  /** A signed-in creator on the link page (optional: the link alone is enough to accept). */
  const signedInUser = (request: FastifyRequest): string | null => {
    const match = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? '').trim());
    if (!match) return null;
    try {
      const principal = ctx.tokens.verify(match[1]!, USER_AUDIENCE);
      if (principal.kind !== 'user') return null;
      const user = ctx.queries.accounts.userById(principal.userId);
      return user && (user.sessionVersion ?? 0) === principal.sessionVersion ? principal.userId : null;
    } catch {
      return null;
    }
  };
  /** Onboarding and delivery: only whoever claimed the deal: a forwarded or leaked link cannot take the payout. */
  const claimOf = (request: FastifyRequest) => {
    const header = request.headers[CLAIM_SECRET_HEADER];
    const secret = typeof header === 'string' && header.length <= 200 ? header : null;
    return { secret, userId: signedInUser(request) };
  };

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
