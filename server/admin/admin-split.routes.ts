import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminDealSchema, errorSchema, splitPreviewSchema } from '@machines/contract/api';
import { previewSplit } from '@machines/deal/deal.commands';
import type { DealRecord } from '../../projections/deals.queries';
import { adminOf } from '../auth/authenticate';
import { dealGuard } from '../auth/ownership';
import { dealAggregate } from '../commands/aggregate';
import { dealNotFound, type DealResult } from '../commands/run-command';
import { idParam } from '../http/fields';
import { commandContext, type RouteDeps, type ZodApp } from '../http/route-deps';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
const answer = z.object({
  success: z.boolean(),
  pending: z.boolean().optional(),
  deal: adminDealSchema,
});

/** What a split would move now, with the split's own refusals. */
function splitPreviewRoute(app: ZodApp, { ctx, guards }: RouteDeps): void {
  app.get(
    '/api/admin/deals/:id/split-preview',
    {
      preValidation: guards.requireAdminActor,
      schema: {
        tags,
        security,
        params: idParam,
        querystring: z.object({
          creatorCents: z.coerce.number({ error: 'creatorCents must be a number of cents' }),
        }),
        description:
          "What a split giving the creator `creatorCents` would move now: the creator's part, the fee kept (in proportion, rounded half up), the brand's refund and what the escrow holds; the same refusals as the split itself.",
        response: { 200: splitPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const { snapshot, revision } = await ctx.bus.load(
        dealAggregate,
        dealAggregate.streamId(request.params.id),
      );
      if (revision < 0 || snapshot.context.deletedAt !== null) throw dealNotFound();
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
  deps: RouteDeps,
  deal: (id: number) => DealRecord,
): void {
  const { ctx, guards, dealViews } = deps;

  splitPreviewRoute(app, deps);

  /** Records the intent, waits for the payments reactor (202 while a part is under way) and answers the deal. */
  const splitAction = (
    path: string,
    body: z.ZodType | undefined,
    description: string,
    run: (id: number, request: FastifyRequest, key: string) => Promise<DealResult>,
  ) =>
    app.post(
      path,
      {
        preValidation: guards.requireAdminActor,
        preHandler: deps.idempotency.preHandler,
        schema: {
          tags,
          security,
          params: idParam,
          ...(body ? { body } : {}),
          description,
          response: { 200: answer, 202: answer, ...errors },
        },
      },
      async (request, reply) => {
        const id = request.params.id;
        deal(id);
        const result = await run(id, request, deps.idempotency.intentKey(request));
        const pending = (await ctx.payments.outcomes.split(id, result.position)) === 'pending';
        await ctx.settle(await ctx.store.headPosition());
        const dto = dealViews.forAdmin(deal(id));
        const failed = dto.split?.transfer === 'failed' || dto.split?.refund === 'failed';
        return reply.status(pending ? 202 : 200).send({ success: !failed, pending, deal: dto });
      },
    );

  const cc = (request: FastifyRequest) =>
    commandContext(request, { kind: 'admin', id: adminOf(request).adminId });
  splitAction(
    '/api/admin/deals/:id/split',
    z.object({ creatorCents: z.number({ error: 'creatorCents must be a number of cents' }) }),
    "Resolves a deal in dispute or on hold with a split: the creator receives `creatorCents`, the brand the rest of the charge less the fee kept in proportion (DealSplitRequested). `success` is false when the gateway refused a part (see the deal's `split`; retry with .../split/retry).",
    (id, request, key) =>
      ctx.run.deal(
        id,
        {
          type: 'ResolveWithSplit',
          creatorCents: (request.body as { creatorCents: number }).creatorCents,
          key,
        },
        cc(request),
        dealGuard.admin,
      ),
  );
  splitAction(
    '/api/admin/deals/:id/split/retry',
    undefined,
    'Asks again for the part(s) of a split the gateway refused, under their original keys (DealSplitRetried), so no money moves twice; 409 split_nothing_to_retry when no part failed.',
    (id, request) => ctx.run.deal(id, { type: 'RetrySplit' }, cc(request), dealGuard.admin),
  );
}
