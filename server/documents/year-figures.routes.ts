import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorSchema } from '@machines/contract/api';
import {
  layoutYearOverview,
  yearOverviewSchema,
} from '@machines/documents/year-figures';
import { userOf } from '../auth/authenticate';
import type { ZodApp } from '../http/route-deps';
import type { DocumentRouteDeps } from './document-parts';
import { documentPair } from './document-route';
import {
  creatorYearCsv,
  creatorYearOverview,
  operatorYearCsv,
  operatorYearRows,
  type YearFigureDeps,
} from './year-figures';

const yearParam = z.object({
  year: z.coerce
    .number({ error: 'year must be a calendar year' })
    .int('year must be a calendar year')
    .min(2000, 'year must be a calendar year')
    .max(2999, 'year must be a calendar year'),
});
const csvErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
};

const sendCsv = (reply: FastifyReply, fileName: string, csv: string) =>
  reply
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .type('text/csv; charset=utf-8')
    .send(csv);

/**
 * Year figures: the signed-in creator's overview of a calendar year (JSON for the page, `/pdf`,
 * `/csv`), and the operator's report of payouts per creator and quarter as CSV (admins and
 * auditors, who may download it; a user token is refused like on every admin route).
 */
export function yearFigureRoutes(
  app: ZodApp,
  { ctx, guards, dealViews }: DocumentRouteDeps,
): void {
  const deps: YearFigureDeps = { ...ctx, brandNameOf: dealViews.brandNameOf };
  const overview = (userId: string, year: number) =>
    creatorYearOverview(deps, userId, year, ctx.clock.now().toISOString());
  documentPair(app, '/api/user/year-overview/:year', {
    guard: { preHandler: guards.requireUser },
    schema: {
      tags: ['profile'],
      security: [{ bearerAuth: [] }],
      params: yearParam,
    },
    description:
      "The signed-in creator's year overview: every payout, split and refund of the calendar year (Amsterdam time), fees and totals.",
    answer: yearOverviewSchema,
    load: (request) =>
      overview(
        userOf(request).userId,
        (request.params as z.infer<typeof yearParam>).year,
      ),
    layout: layoutYearOverview,
  });
  app.get(
    '/api/user/year-overview/:year/csv',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['profile'],
        security: [{ bearerAuth: [] }],
        params: yearParam,
        description:
          'The year overview as CSV: one row per payout, split part and refund.',
        response: csvErrors,
      },
    },
    async (request, reply) => {
      const doc = await overview(userOf(request).userId, request.params.year);
      return sendCsv(
        reply,
        `year-overview-${doc.year}.csv`,
        creatorYearCsv(doc),
      );
    },
  );
  app.get(
    '/api/admin/reports/payouts/:year',
    {
      preValidation: guards.requireAdminReader,
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        params: yearParam,
        description:
          "Payouts per creator and quarter of a calendar year as CSV, with the identity the creator's bank setup recorded (admins and auditors).",
        response: csvErrors,
      },
    },
    async (request, reply) => {
      const rows = await operatorYearRows(deps, request.params.year);
      return sendCsv(
        reply,
        `payouts-${request.params.year}.csv`,
        operatorYearCsv(rows),
      );
    },
  );
}
