import { z } from 'zod';
import { errorSchema } from '@machines/contract/api';
import { moneyDocumentSchema } from '@machines/contract/money-api';
import { userOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { idParam, tokenParam } from '../http/fields';
import type { RouteDeps, ZodApp } from '../http/route-deps';
import { dealReceipt, dealStatement, requestReceipt, requestStatement } from './money-documents';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
const response = { 200: moneyDocumentSchema, ...errors };
const security = [{ bearerAuth: [] }];

/** A payment request that exists and has its terms, else 404. */
function requestRecord(ctx: RouteDeps['ctx'], id: number) {
  const record = ctx.queries.requests.byId(id);
  if (!record?.context.request) throw new DomainError('payment_request_not_found');
  return record;
}

/** The parties' own documents: the brand's deal receipt, the creator's request statement, the brand's request receipt (link). */
function partyDocumentRoutes(app: ZodApp, { ctx, guards, dealViews }: RouteDeps): void {
  app.get(
    '/api/deals/:id/receipt',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['deals'],
        security,
        params: idParam,
        description: "The brand's receipt of a paid deal.",
        response,
      },
    },
    async (req) => {
      const { userId } = userOf(req);
      return dealReceipt(
        dealViews.ownerRecord(req.params.id, userId),
        dealViews.brandNameOf(userId),
      );
    },
  );

  app.get(
    '/api/payment-requests/:id/statement',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['payment-requests'],
        security,
        params: idParam,
        description: "The creator's statement of a paid-out request.",
        response,
      },
    },
    async (req) => {
      const record = requestRecord(ctx, req.params.id);
      if (record.creatorId !== userOf(req).userId)
        throw new DomainError('payment_request_not_found');
      return requestStatement(record);
    },
  );

  app.get(
    '/api/payment-requests/link/:token/receipt',
    {
      schema: {
        tags: ['payment-requests'],
        params: tokenParam,
        description: "The brand's receipt of a paid request, through its link.",
        response,
      },
    },
    async (req) => {
      const record = ctx.queries.requests.byToken(req.params.token);
      if (!record || record.context.request?.token !== req.params.token)
        throw new DomainError('payment_request_not_found');
      return requestReceipt(record);
    },
  );
}

/** Any of the four documents, for admins and auditors. */
function adminDocumentRoutes(app: ZodApp, { ctx, guards, dealViews }: RouteDeps): void {
  app.get(
    '/api/admin/documents/:subject/:id/:kind',
    {
      preValidation: guards.requireAdminReader,
      schema: {
        tags: ['admin'],
        security,
        params: z.object({
          subject: z.enum(['deal', 'payment_request'], {
            error: 'subject must be deal or payment_request',
          }),
          id: idParam.shape.id,
          kind: z.enum(['receipt', 'statement'], { error: 'kind must be receipt or statement' }),
        }),
        description: 'Any receipt or statement, for admins and auditors.',
        response,
      },
    },
    async (req) => {
      const { subject, id, kind } = req.params;
      if (subject === 'payment_request')
        return kind === 'receipt'
          ? requestReceipt(requestRecord(ctx, id))
          : requestStatement(requestRecord(ctx, id));
      const record = ctx.queries.deals.byId(id);
      if (!record) throw new DomainError('deal_not_found');
      const brand = dealViews.brandNameOf(record.ownerId);
      return kind === 'receipt' ? dealReceipt(record, brand) : dealStatement(record, brand);
    },
  );
}

/**
 * Receipts and statements for the parties: the brand's receipt of a deal (its owner) and of a
 * request (its link), the creator's statement of a request (its creator). The creator's statement
 * of a deal is a link route (deal-link.routes.ts: only whoever claimed the deal); admins and
 * auditors read all four. 409 until there is something to show (unpaid, nothing paid out).
 */
export function documentRoutes(app: ZodApp, deps: RouteDeps): void {
  partyDocumentRoutes(app, deps);
  adminDocumentRoutes(app, deps);
}
