import { z } from 'zod';
import { dealSchema, errorSchema } from '@machines/contract/api';
import { userOf } from '../auth/authenticate';
import { dealGuard } from '../auth/ownership';
import { milestoneParam } from '../http/fields';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { DealRouteDeps } from './deal-parts';
import { changeRequestBody, disputeBody } from './deal.schemas';
import { changeNoteFrom } from './revision-input';

/**
 * The brand's answers to one milestone of a deal with a plan (docs/api.md "Milestones"): approve
 * (the transfer of that milestone's amount), request changes, open a dispute. The same commands as
 * the deal's own routes with the milestone named; another brand's deal is 404, a milestone the deal
 * lacks 404 `milestone_not_found`, a step the milestone cannot take 409 `milestone_not_in_state`.
 */

const errors = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
const tags = ['deals', 'milestones'];
const security = [{ bearerAuth: [] }];
const answer = z.object({
  success: z.boolean(),
  pending: z.boolean().optional(),
  deal: dealSchema,
});

const brand = (request: Parameters<typeof userOf>[0]) => {
  const { userId } = userOf(request);
  return { userId, cc: commandContext(request, { kind: 'brand', id: userId }) };
};

const path = (action: string) =>
  `/api/deals/:id/milestones/:milestone/${action}`;

export function milestoneRoutes(app: ZodApp, deps: DealRouteDeps): void {
  milestoneReleaseRoute(app, deps);
  milestoneReviewRoutes(app, deps);
}

/** Approve a milestone: the transfer of its amount, under the Idempotency-Key. */
function milestoneReleaseRoute(app: ZodApp, deps: DealRouteDeps): void {
  const { ctx, dealViews, guards, idempotency } = deps;

  app.post(
    path('release'),
    {
      preHandler: [guards.requireUser, idempotency.preHandler],
      schema: {
        tags,
        security,
        params: milestoneParam,
        summary:
          'Approve a milestone: asks for the transfer of its amount to the creator (its fee share is kept); 202 while the payment provider has not answered',
        response: { 200: answer, 202: answer, ...errors, 502: errorSchema },
      },
    },
    async (request, reply) => {
      const { userId, cc } = brand(request);
      const { id, milestone } = request.params;
      const key = idempotency.intentKey(request);
      const target = { kind: 'deal', id } as const;
      const command = {
        type: 'ReleaseFunds',
        trigger: 'brand',
        key,
        milestone,
      } as const;
      const result = await ctx.payments.outcomes.recordOnce(target, key, () =>
        ctx.run.deal(id, command, cc, dealGuard.owner(userId)),
      );
      const outcome = await ctx.payments.outcomes.transfer(
        target,
        key,
        result.position,
      );
      await ctx.settle(await ctx.store.headPosition());
      const pending = outcome === 'pending';
      return reply
        .status(pending ? 202 : 200)
        .send({ success: true, pending, deal: dealViews.forOwner(id, userId) });
    },
  );
}

/** The brand's other answers to a delivered milestone: a change request, a dispute. */
function milestoneReviewRoutes(app: ZodApp, deps: DealRouteDeps): void {
  const { ctx, dealViews, guards } = deps;
  const base = { preHandler: guards.requireUser };
  app.post(
    path('request-changes'),
    {
      ...base,
      schema: {
        tags,
        security,
        params: milestoneParam,
        body: changeRequestBody,
        summary:
          'Ask for changes to a delivered milestone (a note of 1–2,000 characters), using one of its included revision rounds; its review stops until the redelivery',
        response: { 200: answer, ...errors },
      },
    },
    async (request) => {
      const { userId, cc } = brand(request);
      const { id, milestone } = request.params;
      const command = {
        type: 'RequestChanges',
        note: changeNoteFrom(request.body),
        milestone,
      } as const;
      const result = await ctx.run.deal(
        id,
        command,
        cc,
        dealGuard.owner(userId),
      );
      await ctx.settle(result.position);
      return { success: true, deal: dealViews.forOwner(id, userId) };
    },
  );

  app.post(
    path('dispute'),
    {
      ...base,
      schema: {
        tags,
        security,
        params: milestoneParam,
        body: disputeBody,
        summary:
          'Dispute a delivered milestone: its money is held 72 h, then released unless an admin acts; the brand can still approve',
        response: { 200: answer, ...errors },
      },
    },
    async (request) => {
      const { userId, cc } = brand(request);
      const { id, milestone } = request.params;
      const command = {
        type: 'OpenDispute',
        ...request.body,
        disputePeriodHours: ctx.config.disputePeriodHours,
        milestone,
      } as const;
      const result = await ctx.run.deal(
        id,
        command,
        cc,
        dealGuard.owner(userId),
      );
      await ctx.settle(result.position);
      return { success: true, deal: dealViews.forOwner(id, userId) };
    },
  );
}
