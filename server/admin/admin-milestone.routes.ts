import { z } from 'zod';
import { splitPreviewSchema } from '@machines/contract/api';
import { previewMilestoneSplit } from '@machines/deal/deal-split';
import type { DealRecord } from '../../projections/deals.queries';
import { dealGuard } from '../auth/ownership';
import { dealAggregate } from '../commands/aggregate';
import { dealNotFound } from '../commands/run-command';
import { milestoneParam } from '../http/fields';
import type { ZodApp } from '../http/route-deps';
import type { AdminRouteDeps } from './admin-parts';
import {
  adminDealAction,
  adminErrors,
  adminSecurity,
  adminTags,
} from './admin-deal-action';

const creatorCentsQuery = z.object({
  creatorCents: z.coerce.number({
    error: 'creatorCents must be a number of cents',
  }),
});

const creatorCentsBody = z.object({
  creatorCents: z.number({ error: 'creatorCents must be a number of cents' }),
});

function milestoneOf(request: { params: unknown }): number {
  return (request.params as { milestone: number }).milestone;
}

function path(action: string): string {
  return `/api/admin/deals/:id/milestones/:milestone/${action}`;
}

/** What a split of one milestone would move now, with the split's own refusals. */
function milestoneSplitPreviewRoute(
  app: ZodApp,
  { ctx, guards }: AdminRouteDeps,
): void {
  app.get(
    '/api/admin/deals/:id/milestones/:milestone/split-preview',
    {
      preValidation: guards.requireAdminActor,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        params: milestoneParam,
        querystring: creatorCentsQuery,
        description:
          "What a split of one milestone giving the creator `creatorCents` would move now: the creator's part, the fee kept (in proportion of the milestone's fee share), the brand's refund and the milestone's amount and fee share; the same refusals as the split itself.",
        response: { 200: splitPreviewSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { id, milestone } = request.params;
      const { snapshot, revision } = await ctx.bus.load(
        dealAggregate,
        dealAggregate.streamId(id),
      );
      if (revision < 0 || snapshot.context.deletedAt !== null)
        throw dealNotFound();
      const now = ctx.clock.now().toISOString();
      return previewMilestoneSplit(
        snapshot,
        milestone,
        request.query.creatorCents,
        now,
      );
    },
  );
}

/**
 * An admin's money actions on one milestone of a deal with a plan: release its amount, refund its
 * amount and fee share to the brand, or split it (in its dispute, or while the deal is held). Hold
 * and resume, and release or refund of everything not yet released, are the deal's own actions.
 */
export function adminMilestoneRoutes(
  app: ZodApp,
  deps: AdminRouteDeps,
  deal: (id: number) => DealRecord,
): void {
  const { ctx } = deps;
  milestoneSplitPreviewRoute(app, deps);
  const outcomes = () => ctx.payments.outcomes;

  adminDealAction(app, deps, deal, {
    path: path('release'),
    params: milestoneParam,
    description:
      "Releases one milestone's amount to the creator (its fee share is kept).",
    run: async (id, cc, key, request) => {
      const milestone = milestoneOf(request);
      const command = {
        type: 'ReleaseFunds',
        trigger: 'admin',
        key,
        milestone,
      } as const;
      const r = await outcomes().recordOnce({ kind: 'deal', id }, key, () =>
        ctx.run.deal(id, command, cc, dealGuard.admin),
      );
      return {
        position: r.position,
        outcome: outcomes().transfer({ kind: 'deal', id }, key, r.position),
      };
    },
  });
  adminDealAction(app, deps, deal, {
    path: path('refund'),
    params: milestoneParam,
    description:
      'Refunds one milestone to the brand: its amount and its fee share.',
    run: async (id, cc, key, request) => {
      const command = {
        type: 'RequestRefund',
        key,
        milestone: milestoneOf(request),
      } as const;
      const r = await outcomes().recordOnce({ kind: 'deal', id }, key, () =>
        ctx.run.deal(id, command, cc, dealGuard.admin),
      );
      return {
        position: r.position,
        outcome: outcomes().refund({ kind: 'deal', id }, key, r.position),
      };
    },
  });
  milestoneSplitRoute(app, deps, deal);
}

/** An admin's split of one milestone (in its dispute, or while the deal is held). */
function milestoneSplitRoute(
  app: ZodApp,
  deps: AdminRouteDeps,
  deal: (id: number) => DealRecord,
): void {
  const { ctx } = deps;
  adminDealAction(app, deps, deal, {
    path: path('split'),
    params: milestoneParam,
    body: creatorCentsBody,
    description:
      "Resolves one milestone (in its dispute, or while the deal is held) with a split: the creator receives `creatorCents`, the brand the rest of the milestone's amount and fee share less the fee kept in proportion.",
    run: async (id, cc, key, request) => {
      const { creatorCents } = request.body as { creatorCents: number };
      const command = {
        type: 'ResolveWithSplit',
        creatorCents,
        key,
        milestone: milestoneOf(request),
      } as const;
      const { position } = await ctx.payments.outcomes.recordOnce(
        { kind: 'deal', id },
        key,
        () => ctx.run.deal(id, command, cc, dealGuard.admin),
      );
      return {
        position,
        outcome: ctx.payments.outcomes.split({ kind: 'deal', id }, position),
      };
    },
    succeeded: (dto) =>
      dto.split?.transfer !== 'failed' && dto.split?.refund !== 'failed',
  });
}
