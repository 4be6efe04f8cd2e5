import { z } from 'zod';
import { errorSchema } from '../../machines/contract/api';
import { reconciliationReportSchema } from '../../machines/contract/money-api';
import { DomainError } from '../commands/domain-error';
import type { RouteDeps, ZodApp } from '../http/route-deps';
import { defaultSince, parseSince, reconcile } from '../reconciliation/reconcile';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** The admins' money screens: reconciliation with the gateway (readers: admins and auditors). */
export function adminMoneyRoutes(app: ZodApp, { ctx, guards }: RouteDeps): void {
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
      const since = request.query.since === undefined ? defaultSince(now) : parseSince(request.query.since);
      if (!since) throw new DomainError('validation_failed', 'since must be a date (YYYY-MM-DD) or an ISO instant');
      if (since >= now) throw new DomainError('validation_failed', 'since must be in the past');
      return reconcile({ store: ctx.store, gateway: ctx.payments.gateway }, { since, now });
    },
  );
}
