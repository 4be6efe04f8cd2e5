import { z } from 'zod';
import { userOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { idParam } from '../http/fields';
import type { ZodApp } from '../http/route-deps';
import { billingDetailsRoutes } from './billing-details.routes';
import { invoiceRoutes } from './invoice.routes';
import { contractRoutes } from './contract.routes';
import { yearFigureRoutes } from './year-figures.routes';
import { documentRefRoutes } from './document-refs.routes';
import { selfBillingRoutes } from './self-billing.routes';
import type { DocumentRouteDeps } from './document-parts';
import { documentRoute } from './document-route';
import {
  dealReceipt,
  dealStatement,
  requestReceipt,
  requestStatement,
} from './money-documents';

/** A payment request that exists and has its terms, else 404. */
function requestRecord(ctx: DocumentRouteDeps['ctx'], id: number) {
  const record = ctx.queries.requests.byId(id);
  if (!record?.context.request)
    throw new DomainError('payment_request_not_found');
  return record;
}

/** The parties' own documents: the brand's deal receipt, the creator's request statement (the brand's request receipt is a link route: request-documents.routes.ts). */
function partyDocumentRoutes(
  app: ZodApp,
  { ctx, guards, dealViews }: DocumentRouteDeps,
): void {
  documentRoute(app, '/api/deals/:id/receipt', {
    tags: ['deals'],
    bearer: true,
    reader: 'party',
    preHandler: guards.requireUser,
    params: idParam,
    description: "The brand's receipt of a paid deal.",
    load: ({ id }, req) => {
      const { userId } = userOf(req);
      return dealReceipt(
        dealViews.ownerRecord(id, userId),
        dealViews.brandNameOf(userId),
      );
    },
  });

  documentRoute(app, '/api/payment-requests/:id/statement', {
    tags: ['payment-requests'],
    bearer: true,
    reader: 'party',
    preHandler: guards.requireUser,
    params: idParam,
    description: "The creator's statement of a paid-out request.",
    load: ({ id }, req) => {
      const record = requestRecord(ctx, id);
      if (record.creatorId !== userOf(req).userId)
        throw new DomainError('payment_request_not_found');
      return requestStatement(record);
    },
  });
}

const adminParams = z.object({
  subject: z.enum(['deal', 'payment_request'], {
    error: 'subject must be deal or payment_request',
  }),
  id: idParam.shape.id,
  kind: z.enum(['receipt', 'statement'], {
    error: 'kind must be receipt or statement',
  }),
});

/** Any of the four documents, for admins and auditors. */
function adminDocumentRoutes(
  app: ZodApp,
  { ctx, guards, dealViews }: DocumentRouteDeps,
): void {
  documentRoute(app, '/api/admin/documents/:subject/:id/:kind', {
    tags: ['admin'],
    bearer: true,
    reader: 'admin',
    preValidation: guards.requireAdminReader,
    params: adminParams,
    description: 'Any receipt or statement, for admins and auditors.',
    load: ({ subject, id, kind }) => {
      if (subject === 'payment_request')
        return kind === 'receipt'
          ? requestReceipt(requestRecord(ctx, id))
          : requestStatement(requestRecord(ctx, id));
      const record = ctx.queries.deals.byId(id);
      if (!record) throw new DomainError('deal_not_found');
      const brand = dealViews.brandNameOf(record.ownerId);
      return kind === 'receipt'
        ? dealReceipt(record, brand)
        : dealStatement(record, brand);
    },
  });
}

/**
 * Receipts and statements for the parties: the brand's receipt of a deal (its owner) and of a
 * request (its link), the creator's statement of a request (its creator). The creator's statement
 * of a deal is a link route (deal-link.routes.ts: only whoever claimed the deal); admins and
 * auditors read all four. Each also as a PDF (`…/pdf`). 409 until there is something to show
 * (unpaid, nothing paid out).
 */
export function documentRoutes(app: ZodApp, deps: DocumentRouteDeps): void {
  partyDocumentRoutes(app, deps);
  adminDocumentRoutes(app, deps);
  billingDetailsRoutes(app, deps);
  invoiceRoutes(app, deps);
  contractRoutes(app, deps);
  yearFigureRoutes(app, deps);
  documentRefRoutes(app, deps);
  selfBillingRoutes(app, deps);
}
