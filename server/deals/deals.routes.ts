import { z } from 'zod';
import {
  dealListItemSchema,
  dealSchema,
  dashboardStatsSchema,
  errorSchema,
} from '@machines/contract/api';
import { userOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { sendEncoded, typedJsonAnswer } from '../http/encoded-answer';
import { idParam } from '../http/fields';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { DealRouteDeps } from './deal-parts';
import {
  changeRequestBody,
  dealListQuery,
  dealTermsBody,
  disputeBody,
} from './deal.schemas';
import { changeNoteFrom } from './revision-input';
import { dealTermsFrom } from './deal-terms';
import { dealGuard } from '../auth/ownership';
import type { DealResult } from '../commands/run-command';
import { newShareToken } from '../shared/share-token';
import { createLinkSubscriptions } from '../notifications/link-subscriptions';
import { milestoneRoutes } from './milestone.routes';

const errors = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
const tags = ['deals'];
const security = [{ bearerAuth: [] }];

/** The signed-in brand and the context its commands carry (actor, correlation id). */
const brand = (request: Parameters<typeof userOf>[0]) => {
  const { userId } = userOf(request);
  return { userId, cc: commandContext(request, { kind: 'brand', id: userId }) };
};

/** Options every brand route shares: signed in, typed answers; money routes take an Idempotency-Key. */
function routeOptions({ guards, idempotency }: DealRouteDeps) {
  return {
    // Deal answers come from typed DTO builders: no zod pass per response (docs/adr/0006).
    base: { preHandler: guards.requireUser, ...typedJsonAnswer },
    // Money routes and the creating POST: the client may retry safely with an Idempotency-Key header.
    money: {
      preHandler: [guards.requireUser, idempotency.preHandler],
      ...typedJsonAnswer,
    },
  };
}

/** The brand's deal routes (docs/product.md §7 "Deals"); money-moving ones go through the Escrow. */
export function dealsRoutes(app: ZodApp, deps: DealRouteDeps): void {
  dealReadRoutes(app, deps);
  dealTermsRoutes(app, deps);
  shareLinkRoutes(app, deps);
  dealPaymentRoutes(app, deps);
  dealReviewRoutes(app, deps);
  changeRequestRoute(app, deps);
  dealCheckoutRoutes(app, deps);
  dashboardRoutes(app, deps);
  milestoneRoutes(app, deps);
}

/** The brand's list and one deal. */
function dealReadRoutes(app: ZodApp, deps: DealRouteDeps): void {
  const { dealViews } = deps;
  const { base } = routeOptions(deps);
  app.get(
    '/api/deals',
    {
      ...base,
      schema: {
        tags,
        security,
        summary:
          "The brand's deals, sorted as docs/product.md §4 (filter: all | active | completed)",
        querystring: dealListQuery,
        response: { 200: z.array(dealListItemSchema), ...errors },
      },
    },
    async (request, reply) => {
      // Encoded once per change (slim items, gzip, ETag): a poll is a map lookup and a write.
      return sendEncoded(
        request,
        reply,
        dealViews.encodedListForOwner(
          userOf(request).userId,
          request.query.filter,
        ),
      );
    },
  );

  app.get(
    '/api/deals/:id',
    {
      ...base,
      schema: {
        tags,
        security,
        params: idParam,
        response: { 200: dealSchema, ...errors },
      },
    },
    async (request) =>
      dealViews.forOwner(request.params.id, userOf(request).userId),
  );
}

/** Create, edit and delete a deal (edits only while unpaid: the statechart decides). */
function dealTermsRoutes(app: ZodApp, deps: DealRouteDeps): void {
  const { ctx, dealViews } = deps;
  const { base, money } = routeOptions(deps);
  app.post(
    '/api/deals',
    {
      ...money,
      schema: {
        tags,
        security,
        body: dealTermsBody,
        response: { 201: dealSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId, cc } = brand(request);
      const terms = dealTermsFrom(request.body, ctx.clock.now());
      const dealId = await ctx.ids.deal();
      const { position } = await ctx.run.deal(
        dealId,
        { type: 'CreateDeal', dealId, ownerId: userId, terms },
        cc,
        { newStream: true },
      );
      await ctx.settle(position);
      return reply.status(201).send(dealViews.forOwner(dealId, userId));
    },
  );

  app.put(
    '/api/deals/:id',
    {
      ...base,
      schema: {
        tags,
        security,
        params: idParam,
        body: dealTermsBody,
        response: { 200: dealSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, cc } = brand(request);
      const command = {
        type: 'UpdateDealTerms',
        terms: dealTermsFrom(request.body, ctx.clock.now()),
      } as const;
      const { position } = await ctx.run.deal(
        request.params.id,
        command,
        cc,
        dealGuard.owner(userId),
      );
      await ctx.settle(position);
      return dealViews.forOwner(request.params.id, userId);
    },
  );
  dealDeleteRoute(app, deps);
}

/** Deleting a deal (only while unpaid: the statechart decides). */
function dealDeleteRoute(app: ZodApp, deps: DealRouteDeps): void {
  const { ctx } = deps;
  const { base } = routeOptions(deps);
  app.delete(
    '/api/deals/:id',
    {
      ...base,
      schema: {
        tags,
        security,
        params: idParam,
        response: {
          200: z.object({ success: z.boolean(), id: z.number() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { userId, cc } = brand(request);
      const { position } = await ctx.run.deal(
        request.params.id,
        { type: 'DeleteDeal' },
        cc,
        dealGuard.owner(userId),
      );
      await ctx.settle(position);
      return { success: true, id: request.params.id };
    },
  );
}

/** The creator link: made once, replaced before anyone accepted it. */
function shareLinkRoutes(app: ZodApp, deps: DealRouteDeps): void {
  const { ctx, dealViews } = deps;
  const { base } = routeOptions(deps);
  /** The deal's link as the brand shares it, and the deal. */
  const answer = ({ snapshot }: DealResult, dealId: number, userId: string) => {
    const token = snapshot.context.shareableToken!;
    return {
      token,
      shareableUrl: `${ctx.config.publicUrl}/accept/${token}`,
      deal: dealViews.forOwner(dealId, userId),
    };
  };
  app.post(
    '/api/deals/:id/generate-token',
    {
      ...base,
      schema: {
        tags,
        security,
        params: idParam,
        response: {
          200: z.object({
            token: z.string(),
            shareableUrl: z.string(),
            deal: dealSchema,
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { userId, cc } = brand(request);
      // A deal keeps the first token it was given.
      const result = await ctx.run.deal(
        request.params.id,
        { type: 'GenerateShareLink', token: newShareToken() },
        cc,
        dealGuard.owner(userId),
      );
      await ctx.settle(result.position);
      return answer(result, request.params.id, userId);
    },
  );

  app.post(
    '/api/deals/:id/rotate-token',
    {
      ...base,
      schema: {
        tags,
        security,
        params: idParam,
        summary:
          'Replace the creator link (only before the creator accepted); the old link stops working',
        response: {
          200: z.object({
            token: z.string(),
            shareableUrl: z.string(),
            deal: dealSchema,
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { userId, cc } = brand(request);
      const result = await ctx.run.deal(
        request.params.id,
        { type: 'RotateShareLink', token: newShareToken() },
        cc,
        dealGuard.owner(userId),
      );
      await ctx.settle(result.position);
      // The old link's push devices stop getting this deal's notices.
      await createLinkSubscriptions(ctx).dropAll(request.params.id, cc);
      return answer(result, request.params.id, userId);
    },
  );
}

/** Whether the payment arrived, and the approval that asks for the transfer to the creator. */
function dealPaymentRoutes(app: ZodApp, deps: DealRouteDeps): void {
  const { dealViews } = deps;
  const { base } = routeOptions(deps);
  app.get(
    '/api/deals/:id/payment-status',
    {
      ...base,
      schema: {
        tags,
        security,
        params: idParam,
        response: {
          200: z.object({
            updated: z.boolean(),
            status: z.string(),
            paidAt: z.string().nullable(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const record = dealViews.ownerRecord(
        request.params.id,
        userOf(request).userId,
      );
      return {
        updated: record.context.paidAt !== null,
        status: record.status,
        paidAt: record.context.paidAt,
      };
    },
  );
  dealReleaseRoute(app, deps);
}

const released = z.object({
  success: z.boolean(),
  pending: z.boolean().optional(),
  deal: dealSchema,
});

/** The brand's approval: asks for the transfer to the creator, once per Idempotency-Key. */
function dealReleaseRoute(app: ZodApp, deps: DealRouteDeps): void {
  const { ctx, dealViews, idempotency } = deps;
  const { money } = routeOptions(deps);
  app.post(
    '/api/deals/:id/release',
    {
      ...money,
      schema: {
        tags,
        security,
        params: idParam,
        summary:
          'Approve: asks for the transfer to the creator; 202 while the payment provider has not answered yet',
        response: { 200: released, 202: released, ...errors, 502: errorSchema },
      },
    },
    async (request, reply) => {
      const { userId, cc } = brand(request);
      const key = idempotency.intentKey(request);
      // A retry of a release already recorded under this key answers that release's outcome.
      const result = await ctx.payments.outcomes.recordOnce(
        { kind: 'deal', id: request.params.id },
        key,
        () =>
          ctx.run.deal(
            request.params.id,
            { type: 'ReleaseFunds', trigger: 'brand', key },
            cc,
            dealGuard.owner(userId),
          ),
      );
      const outcome = await ctx.payments.outcomes.transfer(
        { kind: 'deal', id: request.params.id },
        key,
        result.position,
      );
      await ctx.settle(await ctx.store.headPosition());
      return reply.status(outcome === 'pending' ? 202 : 200).send({
        success: true,
        pending: outcome === 'pending',
        deal: dealViews.forOwner(request.params.id, userId),
      });
    },
  );
}

/** The brand's other answers to a delivery: a dispute, or (test mode) completing by hand. */
function dealReviewRoutes(app: ZodApp, deps: DealRouteDeps): void {
  const { ctx, dealViews } = deps;
  const { base } = routeOptions(deps);
  app.post(
    '/api/deals/:id/dispute',
    {
      ...base,
      schema: {
        tags,
        security,
        params: idParam,
        body: disputeBody,
        response: {
          200: z.object({ success: z.boolean(), deal: dealSchema }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { userId, cc } = brand(request);
      // The brand's own words (reason and optional description) are kept on the event and shown in the timelines.
      const { reason, description } = request.body;
      const command = {
        type: 'OpenDispute',
        reason,
        description,
        disputePeriodHours: ctx.config.disputePeriodHours,
      } as const;
      const result = await ctx.run.deal(
        request.params.id,
        command,
        cc,
        dealGuard.owner(userId),
      );
      await ctx.settle(result.position);
      return {
        success: true,
        deal: dealViews.forOwner(request.params.id, userId),
      };
    },
  );

  app.post(
    '/api/deals/:id/manual-complete',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Test mode only: complete a deal whose payout failed',
        params: idParam,
        response: {
          200: z.object({ success: z.boolean(), deal: dealSchema }),
          ...errors,
          403: errorSchema,
        },
      },
    },
    async (request) => {
      const { userId, cc } = brand(request);
      if (!ctx.payments.gateway.testMode)
        throw new DomainError('manual_completion_test_mode_only');
      const result = await ctx.run.deal(
        request.params.id,
        { type: 'CompleteManually' },
        cc,
        dealGuard.owner(userId),
      );
      await ctx.settle(result.position);
      return {
        success: true,
        deal: dealViews.forOwner(request.params.id, userId),
      };
    },
  );
}

/** The brand's change request on a delivery, using one of the deal's revision rounds. */
function changeRequestRoute(app: ZodApp, deps: DealRouteDeps): void {
  const { ctx, dealViews } = deps;
  const { base } = routeOptions(deps);
  app.post(
    '/api/deals/:id/request-changes',
    {
      ...base,
      schema: {
        tags,
        security,
        params: idParam,
        body: changeRequestBody,
        summary:
          'Ask the creator for changes to the delivery (a note of 1–2,000 characters), using one of the included revision rounds; the review period stops until the redelivery',
        response: {
          200: z.object({ success: z.boolean(), deal: dealSchema }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { userId, cc } = brand(request);
      const command = {
        type: 'RequestChanges',
        note: changeNoteFrom(request.body),
      } as const;
      const result = await ctx.run.deal(
        request.params.id,
        command,
        cc,
        dealGuard.owner(userId),
      );
      await ctx.settle(result.position);
      return {
        success: true,
        deal: dealViews.forOwner(request.params.id, userId),
      };
    },
  );
}

/** The checkout session the brand pays the deal's total through. */
function dealCheckoutRoutes(app: ZodApp, deps: DealRouteDeps): void {
  const { ctx } = deps;
  const { money } = routeOptions(deps);
  app.post(
    '/api/create-checkout-session',
    {
      ...money,
      schema: {
        tags,
        security,
        body: z.object({
          dealId: z.coerce
            .number({ error: 'dealId is required' })
            .int('Invalid id')
            .positive('Invalid id')
            .max(Number.MAX_SAFE_INTEGER, 'Invalid id'),
        }),
        response: {
          200: z.object({ url: z.string() }),
          ...errors,
          502: errorSchema,
        },
      },
    },
    async (request) => {
      const { userId, cc } = brand(request);
      const { url, position } = await ctx.payments.escrow.startDealCheckout(
        request.body.dealId,
        userId,
        cc,
      );
      await ctx.settle(position);
      return { url };
    },
  );
}

/** The brand's dashboard figures. */
function dashboardRoutes(app: ZodApp, deps: DealRouteDeps): void {
  const { ctx, dealViews } = deps;
  const { base } = routeOptions(deps);
  app.get(
    '/api/dashboard/stats',
    {
      ...base,
      schema: {
        tags,
        security,
        response: { 200: dashboardStatsSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const counts = ctx.queries.deals.countsFor(userId);
      const n = (s: string) => counts[s] ?? 0;
      return {
        recentDeals: dealViews.recentForOwner(userId, 10),
        totalDeals: Object.values(counts).reduce((a, b) => a + b, 0),
        activeDeals:
          n('pending_payment') + n('pending_delivery') + n('changes_requested'),
        completedDeals:
          n('completed') + n('approved_after_dispute') + n('split_resolved'),
      };
    },
  );
}
