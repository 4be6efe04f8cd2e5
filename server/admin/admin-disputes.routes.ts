import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorSchema } from '@machines/contract/api';
import { DomainError } from '../commands/domain-error';
import { idParam } from '../http/fields';
import { requestLanguage } from '../i18n/request-language';
import type { ZodApp } from '../http/route-deps';
import type { AdminRouteDeps } from './admin-parts';
import type { HistoryEntry } from './deal-history';
import {
  disputeDetail,
  disputeDetailSchema,
  disputeExportSchema,
  disputeOutcomes,
  disputeSummary,
  disputeSummarySchema,
  toCsv,
  type DisputeDetail,
} from './disputes';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

const instant = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => !Number.isNaN(Date.parse(v)),
      `${label} must be a date (YYYY-MM-DD) or an ISO instant`,
    )
    .transform((v) => new Date(Date.parse(v)).toISOString())
    .optional();
const filters = z.object({
  outcome: z
    .enum(disputeOutcomes, { error: `outcome must be one of ${disputeOutcomes.join(', ')}` })
    .optional(),
  /** Disputes opened at or after `from` and before `to`. */
  from: instant('from'),
  to: instant('to'),
});
const format = z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json');

/** The dispute list, one dispute's page, and an export answer, read from the read models and the history. */
function disputeReads(
  { ctx, dealViews }: AdminRouteDeps,
  history: (id: number) => Promise<HistoryEntry[]>,
) {
  const list = (q: z.infer<typeof filters>) => {
    if (q.from && q.to && q.from >= q.to) throw new DomainError('date_range');
    return ctx.queries.deals
      .everDisputed(q.from, q.to)
      .map((r) => disputeSummary(r, dealViews.brandNameOf(r.ownerId)))
      .filter(
        (d): d is NonNullable<typeof d> => d !== null && (!q.outcome || d.outcome === q.outcome),
      );
  };
  const detail = async (id: number): Promise<DisputeDetail> => {
    const record = ctx.queries.deals.byId(id);
    const summary = record && disputeSummary(record, dealViews.brandNameOf(record.ownerId));
    if (!summary) throw new DomainError('never_in_dispute');
    return disputeDetail(summary, await history(id));
  };
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    as: 'json' | 'csv',
    disputes: DisputeDetail[],
  ) => {
    reply.header('content-disposition', `attachment; filename="${name}.${as}"`);
    if (as === 'csv')
      return reply.type('text/csv; charset=utf-8').send(toCsv(disputes, requestLanguage(request)));
    return reply
      .type('application/json; charset=utf-8')
      .send(
        JSON.stringify(
          disputeExportSchema.parse({ exportedAt: ctx.clock.now().toISOString(), disputes }),
          null,
          2,
        ),
      );
  };
  return { list, detail, send };
}

/** Every deal that was ever in dispute, its dispute page, and exports (JSON or CSV) for auditors. */
export function adminDisputeRoutes(
  app: ZodApp,
  deps: AdminRouteDeps,
  history: (id: number) => Promise<HistoryEntry[]>,
): void {
  const read = { preValidation: deps.guards.requireAdminReader };
  const { list, detail, send } = disputeReads(deps, history);

  app.get(
    '/api/admin/disputes',
    {
      ...read,
      schema: {
        tags,
        security,
        querystring: filters,
        description:
          'Every deal that was ever in dispute, newest dispute first, with its outcome; filter by outcome and by when the dispute was opened.',
        response: { 200: z.array(disputeSummarySchema), ...errors },
      },
    },
    async (request) => list(request.query),
  );

  app.get(
    '/api/admin/disputes/export',
    {
      ...read,
      schema: {
        tags,
        security,
        querystring: filters.extend({ format }),
        description:
          'Downloads every dispute matching the filters (e.g. a date range) as JSON or CSV (one row per timeline entry, ISO instants, euros with cents).',
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const { format: as, ...q } = request.query;
      const disputes = await Promise.all(list(q).map((d) => detail(d.dealId)));
      const range = [q.from?.slice(0, 10), q.to?.slice(0, 10)].filter(Boolean).join('_to_');
      return send(request, reply, `disputes${range ? `-${range}` : ''}`, as, disputes);
    },
  );

  app.get(
    '/api/admin/disputes/:id',
    {
      ...read,
      schema: {
        tags,
        security,
        params: idParam,
        description:
          'A dispute page: reason, evidence and notes, holds, admin decisions, automatic resolution and money movements with provider references (redacted by the admin rule).',
        response: { 200: disputeDetailSchema, ...errors },
      },
    },
    async (request) => detail(request.params.id),
  );

  app.get(
    '/api/admin/disputes/:id/export',
    {
      ...read,
      schema: {
        tags,
        security,
        params: idParam,
        querystring: z.object({ format }),
        description: 'Downloads one dispute as JSON or CSV.',
        response: { ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, `dispute-${request.params.id}`, request.query.format, [
        await detail(request.params.id),
      ]),
  );
}
