import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorSchema } from '@machines/contract/api';
import { DomainError } from '../commands/domain-error';
import { createActorNames } from '../deals/actor-names';
import { idParam } from '../http/fields';
import { requestLanguage, type Language } from '../i18n/request-language';
import type { ZodApp } from '../http/route-deps';
import type { AdminRouteDeps } from './admin-parts';
import type { DisputeHistoryEntry, HistoryEntry } from './deal-history';
import { requestHistory } from './request-history';
import {
  disputeDetail,
  disputeDetailSchema,
  disputeExportSchema,
  disputeKinds,
  disputeOutcomes,
  disputeSummary,
  disputeSummarySchema,
  exportedDisputes,
  requestDisputeSummary,
  subjectId,
  toCsv,
  type DisputeDetail,
  type DisputeKind,
  type DisputeSummary,
} from './disputes';

/** A deal's history with its actors named in a language. */
type DealHistoryOf = (
  id: number,
  language: Language,
) => Promise<HistoryEntry[]>;

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
};

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
  /** Only deals' disputes or only payment requests' (both when absent). */
  kind: z
    .enum(disputeKinds, {
      error: `kind must be one of ${disputeKinds.join(', ')}`,
    })
    .optional(),
  outcome: z
    .enum(disputeOutcomes, {
      error: `outcome must be one of ${disputeOutcomes.join(', ')}`,
    })
    .optional(),
  /** Disputes opened at or after `from` and before `to`. */
  from: instant('from'),
  to: instant('to'),
});
const format = z
  .enum(['json', 'csv'], { error: 'format must be json or csv' })
  .default('json');

type Reader = {
  [K in DisputeKind]: {
    list: (from?: string, to?: string) => (DisputeSummary | null)[];
    summary: (id: number) => DisputeSummary | null;
    history: (id: number, language: Language) => Promise<DisputeHistoryEntry[]>;
    never: 'never_in_dispute' | 'request_never_in_dispute';
  };
};

/** Each kind's disputes from its read model and its history: one reader per kind, the rest is shared. */
function readers(
  { ctx, dealViews }: AdminRouteDeps,
  dealHistory: DealHistoryOf,
): Reader {
  const dealSummary = (
    r: NonNullable<ReturnType<typeof ctx.queries.deals.byId>>,
  ) => disputeSummary(r, dealViews.brandNameOf(r.ownerId));
  const request = (id: number) => ctx.queries.requests.byId(id);
  return {
    deal: {
      list: (from, to) =>
        ctx.queries.deals.everDisputed(from, to).map(dealSummary),
      summary: (id) => {
        const record = ctx.queries.deals.byId(id);
        return record && dealSummary(record);
      },
      history: dealHistory,
      never: 'never_in_dispute',
    },
    payment_request: {
      list: (from, to) =>
        ctx.queries.requests.everDisputed(from, to).map(requestDisputeSummary),
      summary: (id) => {
        const record = request(id);
        return record && requestDisputeSummary(record);
      },
      // Read after its summary: a request in the read model has its stream.
      history: async (id, language) =>
        requestHistory(
          await ctx.store.readStream(`payment-request-${id}`),
          createActorNames(ctx.queries.accounts, language),
        ),
      never: 'request_never_in_dispute',
    },
  };
}

/** The dispute list, one dispute's page, and an export answer, read from the read models and the history. */
function disputeReads(deps: AdminRouteDeps, history: DealHistoryOf) {
  const { ctx } = deps;
  const kinds = readers(deps, history);
  const list = (q: z.infer<typeof filters>): DisputeSummary[] => {
    if (q.from && q.to && q.from >= q.to) throw new DomainError('date_range');
    return disputeKinds
      .filter((kind) => !q.kind || q.kind === kind)
      .flatMap((kind) => kinds[kind].list(q.from, q.to))
      .filter(
        (d): d is DisputeSummary =>
          d !== null && (!q.outcome || d.outcome === q.outcome),
      )
      .sort((a, b) => b.openedAt.localeCompare(a.openedAt));
  };
  const detail = async (
    kind: DisputeKind,
    id: number,
    language: Language,
  ): Promise<DisputeDetail> => {
    const summary = kinds[kind].summary(id);
    if (!summary) throw new DomainError(kinds[kind].never);
    return disputeDetail(
      summary,
      await kinds[kind].history(id, language),
      language,
    );
  };
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    as: 'json' | 'csv',
    details: DisputeDetail[],
  ) => {
    reply.header('content-disposition', `attachment; filename="${name}.${as}"`);
    const lang = requestLanguage(request);
    if (as === 'csv')
      return reply.type('text/csv; charset=utf-8').send(toCsv(details, lang));
    return reply.type('application/json; charset=utf-8').send(
      JSON.stringify(
        disputeExportSchema.parse({
          exportedAt: ctx.clock.now().toISOString(),
          disputes: exportedDisputes(details, lang),
        }),
        null,
        2,
      ),
    );
  };
  return { list, detail, send };
}

/** Every deal and payment request that was ever in dispute, its dispute page, and exports (JSON or CSV) for auditors. */
export function adminDisputeRoutes(
  app: ZodApp,
  deps: AdminRouteDeps,
  history: DealHistoryOf,
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
          'Every deal and payment request that was ever in dispute, newest dispute first, with its kind and outcome; filter by kind, by outcome and by when the dispute was opened.',
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
      const language = requestLanguage(request);
      const disputes = await Promise.all(
        list(q).map((d) => detail(d.kind, subjectId(d), language)),
      );
      const range = [q.from?.slice(0, 10), q.to?.slice(0, 10)]
        .filter(Boolean)
        .join('_to_');
      return send(
        request,
        reply,
        `disputes${range ? `-${range}` : ''}`,
        as,
        disputes,
      );
    },
  );

  const reads = { detail, send };
  disputePageRoutes(app, read, reads, {
    kind: 'deal',
    base: '/api/admin/disputes',
    file: 'dispute',
    page: 'A dispute page: reason, evidence and notes, holds, admin decisions, automatic resolution and money movements with provider references (redacted by the admin rule).',
    download: 'Downloads one dispute as JSON or CSV.',
  });
  disputePageRoutes(app, read, reads, {
    kind: 'payment_request',
    base: '/api/admin/disputes/payment-request',
    file: 'dispute-payment-request',
    page: "A payment request's dispute page, as a deal's: the brand's reason, the conversation with each evidence file's SHA-256, holds, admin decisions, automatic resolution and money movements (redacted by the admin rule).",
    download: "Downloads one payment request's dispute as JSON or CSV.",
  });
}

/** One kind's dispute page (`base/:id`) and its download (`base/:id/export`). */
function disputePageRoutes(
  app: ZodApp,
  read: { preValidation: AdminRouteDeps['guards']['requireAdminReader'] },
  { detail, send }: Pick<ReturnType<typeof disputeReads>, 'detail' | 'send'>,
  route: {
    kind: DisputeKind;
    base: string;
    file: string;
    page: string;
    download: string;
  },
): void {
  app.get(
    `${route.base}/:id`,
    {
      ...read,
      schema: {
        tags,
        security,
        params: idParam,
        description: route.page,
        response: { 200: disputeDetailSchema, ...errors },
      },
    },
    async (request) =>
      detail(route.kind, request.params.id, requestLanguage(request)),
  );

  app.get(
    `${route.base}/:id/export`,
    {
      ...read,
      schema: {
        tags,
        security,
        params: idParam,
        querystring: z.object({ format }),
        description: route.download,
        response: { ...errors },
      },
    },
    async (request, reply) =>
      send(
        request,
        reply,
        `${route.file}-${request.params.id}`,
        request.query.format,
        [await detail(route.kind, request.params.id, requestLanguage(request))],
      ),
  );
}
