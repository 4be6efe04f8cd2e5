import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminDealSchema,
  errorSchema,
  type AdminDealDto,
} from '@machines/contract/api';
import type { DealRecord } from '../../projections/deals.queries';
import { adminOf } from '../auth/authenticate';
import type { CommandContext } from '../commands/command-bus';
import type { EffectOutcome } from '../money/effect-outcomes';
import { idParam } from '../http/fields';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { AdminRouteDeps } from './admin-parts';

/** OpenAPI tags, security and error answers every admin route shares. */
export const adminTags = ['admin'];
export const adminSecurity = [{ bearerAuth: [] }];
export const adminErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

/** The answer of an admin money action: the deal as the admin sees it once the action settled. */
const actionAnswer = z.object({
  success: z.boolean(),
  pending: z.boolean().optional(),
  deal: adminDealSchema,
});

export interface AdminDealAction {
  path: string;
  /** The path's parameters (the deal's id; a milestone action adds its number). */
  params?: z.ZodObject<{ id: z.ZodType<number> }>;
  body?: z.ZodType;
  description?: string;
  /**
   * Records the command; `outcome`, when the command is a money intent, settles once the payments
   * reactor answered ('pending' while the gateway is still working on it).
   */
  run: (
    id: number,
    cc: CommandContext,
    key: string,
    request: FastifyRequest,
  ) => Promise<{ position: number; outcome?: Promise<EffectOutcome> }>;
  /** Whether the settled deal counts as success (a split whose part the gateway refused does not). */
  succeeded?: (deal: AdminDealDto) => boolean;
  /** A retry under the same key replays "under way" (the action records no intent of its own to answer). */
  keepUnderWayAnswer?: boolean;
}

/**
 * One admin action on one deal (release, hold, resume, refund, split, split retry): admins only
 * (the role is checked before the body, so an auditor gets 403 whatever it sends), under the
 * `Idempotency-Key`; it records the command, waits for the payments reactor's answer (202 while it
 * is under way) and answers the deal.
 */
export function adminDealAction(
  app: ZodApp,
  deps: AdminRouteDeps,
  deal: (id: number) => DealRecord,
  action: AdminDealAction,
): void {
  const { ctx, guards, dealViews, idempotency } = deps;
  app.post(
    action.path,
    {
      preValidation: guards.requireAdminActor,
      preHandler: idempotency.preHandler,
      config: { keepUnderWayAnswer: action.keepUnderWayAnswer === true },
      schema: {
        tags: adminTags,
        security: adminSecurity,
        params: action.params ?? idParam,
        ...(action.body ? { body: action.body } : {}),
        ...(action.description ? { description: action.description } : {}),
        response: {
          200: actionAnswer,
          202: actionAnswer,
          ...adminErrors,
          502: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const id = (request.params as { id: number }).id;
      deal(id);
      const cc = commandContext(request, {
        kind: 'admin',
        id: adminOf(request).adminId,
      });
      const { outcome } = await action.run(
        id,
        cc,
        idempotency.intentKey(request),
        request,
      );
      const pending = (await outcome) === 'pending';
      await ctx.settle(await ctx.store.headPosition());
      const dto = dealViews.forAdmin(deal(id));
      const success = action.succeeded ? action.succeeded(dto) : true;
      return reply
        .status(pending ? 202 : 200)
        .send({ success, pending, deal: dto });
    },
  );
}
