import { z } from 'zod';
import { splitPreviewSchema, type AdminDealDto } from '@machines/contract/api';
import { previewSplit } from '@machines/deal/deal-split';
import type { DealRecord } from '../../projections/deals.queries';
import { dealGuard } from '../auth/ownership';
import { dealAggregate } from '../commands/aggregate';
import { dealNotFound } from '../commands/run-command';
import { idParam } from '../http/fields';
import type { ZodApp } from '../http/route-deps';
import type { AdminRouteDeps } from './admin-parts';
import {
  adminDealAction,
  adminErrors,
  adminSecurity,
  adminTags,
} from './admin-deal-action';

/** What a split would move now, with the split's own refusals. */
function splitPreviewRoute(app: ZodApp, { ctx, guards }: AdminRouteDeps): void {
  app.get(
    '/api/admin/deals/:id/split-preview',
    {
      preValidation: guards.requireAdminActor,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        params: idParam,
        querystring: z.object({
          creatorCents: z.coerce.number({
            error: 'creatorCents must be a number of cents',
          }),
        }),
        description:
          "What a split giving the creator `creatorCents` would move now: the creator's part, the fee kept (in proportion, rounded half up), the brand's refund and what the escrow holds; the same refusals as the split itself.",
        response: { 200: splitPreviewSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { snapshot, revision } = await ctx.bus.load(
        dealAggregate,
        dealAggregate.streamId(request.params.id),
      );
      if (revision < 0 || snapshot.context.deletedAt !== null)
        throw dealNotFound();
      return previewSplit(snapshot, request.query.creatorCents);
    },
  );
}

/**
 * Resolving a deal with a split (in dispute or on hold): the preview of the parts, the split itself
 * (one intent, a transfer to the creator and a refund to the brand, each under its own key), and
 * the retry of a part the gateway refused, under that part's original key. Admins only: auditors
 * are refused before the body is read.
 */
export function adminSplitRoutes(
  app: ZodApp,
  deps: AdminRouteDeps,
  deal: (id: number) => DealRecord,
): void {
  const { ctx } = deps;

  splitPreviewRoute(app, deps);

  const outcomes = () => ctx.payments.outcomes;
  // A split whose part the gateway refused is no success: the deal's `split` says which and why.
  const succeeded = (dto: AdminDealDto) =>
    dto.split?.transfer !== 'failed' && dto.split?.refund !== 'failed';
  /** Records the command and lets the payments handler carry out (or retry) the split's parts. */
  const split = async (id: number, run: Promise<{ position: number }>) => {
    const { position } = await run;
    return {
      position,
      outcome: outcomes().split({ kind: 'deal', id }, position),
    };
  };
  adminDealAction(app, deps, deal, {
    path: '/api/admin/deals/:id/split',
    body: z.object({
      creatorCents: z.number({
        error: 'creatorCents must be a number of cents',
      }),
    }),
    description:
      "Resolves a deal in dispute or on hold with a split: the creator receives `creatorCents`, the brand the rest of the charge less the fee kept in proportion (DealSplitRequested). `success` is false when the gateway refused a part (see the deal's `split`; retry with .../split/retry).",
    run: (id, cc, key, request) => {
      const { creatorCents } = request.body as { creatorCents: number };
      const command = { type: 'ResolveWithSplit', creatorCents, key } as const;
      return split(
        id,
        outcomes().recordOnce({ kind: 'deal', id }, key, () =>
          ctx.run.deal(id, command, cc, dealGuard.admin),
        ),
      );
    },
    succeeded,
  });
  adminDealAction(app, deps, deal, {
    path: '/api/admin/deals/:id/split/retry',
    description:
      'Asks again for the part(s) of a split the gateway refused, under their original keys (DealSplitRetried), so no money moves twice; 409 split_nothing_to_retry when no part failed.',
    run: (id, cc) =>
      split(id, ctx.run.deal(id, { type: 'RetrySplit' }, cc, dealGuard.admin)),
    succeeded,
    keepUnderWayAnswer: true,
  });
}
