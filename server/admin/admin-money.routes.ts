import { z } from 'zod';
import { errorSchema } from '@machines/contract/api';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { centsToDecimal } from '@machines/money';
import {
  moneyOverviewSchema,
  reconciliationReportSchema,
} from '@machines/contract/money-api';
import type { MoneyOverview } from '../../projections/money.queries';
import { DomainError } from '../commands/domain-error';
import type { ZodApp } from '../http/route-deps';
import type { AdminRouteDeps } from './admin-parts';
import {
  defaultSince,
  parseSince,
  reconcile,
} from '../money/reconciliation/reconcile';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

const DAYS = 90;

/** The overview's days as CSV (RFC 4180: CRLF, quoted where needed; cells that could start a formula are guarded). */
function overviewCsv(o: MoneyOverview): string {
  const rows = o.days.map((d) => ({
    day: d.day,
    charged_eur: centsToDecimal(d.chargedCents),
    released_eur: centsToDecimal(d.releasedCents),
    refunded_eur: centsToDecimal(d.refundedCents),
    fees_eur: centsToDecimal(d.feesCents),
  }));
  return stringify(rows, {
    header: true,
    columns: ['day', 'charged_eur', 'released_eur', 'refunded_eur', 'fees_eur'],
    record_delimiter: 'windows',
    bom: true,
    escape_formulas: true,
  });
}

const sendCsv = (reply: FastifyReply, overview: MoneyOverview) =>
  reply
    .header(
      'content-disposition',
      `attachment; filename="money-${overview.at.slice(0, 10)}.csv"`,
    )
    .type('text/csv; charset=utf-8')
    .send(overviewCsv(overview));

/** The admins' money screens: reconciliation with the gateway and the money overview (readers: admins and auditors). */
export function adminMoneyRoutes(
  app: ZodApp,
  { ctx, guards }: AdminRouteDeps,
): void {
  const read = { preValidation: guards.requireAdminReader };

  app.get(
    '/api/admin/reconciliation',
    {
      ...read,
      schema: {
        tags,
        security,
        description:
          "Compares every money movement the ledger recorded since `since` (default 30 days ago) with the gateway's own records: in the ledger but not at the gateway, at the gateway but not in the ledger, amounts that differ, and intents without an outcome for over 15 minutes.",
        querystring: z.object({ since: z.string().max(40).optional() }),
        response: { 200: reconciliationReportSchema, ...errors },
      },
    },
    async (request) => {
      const now = ctx.clock.now();
      const since =
        request.query.since === undefined
          ? defaultSince(now)
          : parseSince(request.query.since);
      if (!since) throw new DomainError('since_invalid');
      if (since >= now) throw new DomainError('since_not_past');
      return reconcile(
        { store: ctx.store, gateway: ctx.payments.gateway },
        { since, now },
      );
    },
  );

  app.get(
    '/api/admin/money/overview',
    {
      ...read,
      schema: {
        tags,
        security,
        description:
          'Money held in escrow now, due for automatic release within 24 hours and 7 days, and per UTC day of the last 90 days what was charged, released to creators, refunded and kept as fee.',
        response: { 200: moneyOverviewSchema, ...errors },
      },
    },
    async () => ctx.queries.money.overview(ctx.clock.now(), DAYS),
  );

  app.get(
    '/api/admin/money/overview/export',
    {
      ...read,
      schema: {
        tags,
        security,
        description:
          'The last 90 days of the money overview as CSV (euros with cents).',
        response: { ...errors },
      },
    },
    async (_request, reply) =>
      sendCsv(reply, ctx.queries.money.overview(ctx.clock.now(), DAYS)),
  );
}
