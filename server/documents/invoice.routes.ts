import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { invoiceDocumentSchema, type InvoiceDocumentDto } from '@machines/contract/invoice-api';
import { layoutInvoice } from '@machines/documents/invoice-layout';
import { userOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { idParam } from '../http/fields';
import type { ZodApp } from '../http/route-deps';
import type { DocumentRouteDeps } from './document-parts';
import { documentPair, type DocumentPair } from './document-route';

interface InvoiceRouteSpec {
  tags: string[];
  description: string;
  guard: DocumentPair<InvoiceDocumentDto>['guard'];
  load: (id: number, request: FastifyRequest) => Promise<InvoiceDocumentDto>;
}

/** An invoice at `path` (JSON) and `path/pdf`, one guard and loader for both. */
function invoiceRoute(app: ZodApp, path: string, spec: InvoiceRouteSpec): void {
  documentPair<InvoiceDocumentDto>(app, path, {
    guard: spec.guard,
    schema: { tags: spec.tags, security: [{ bearerAuth: [] }], params: idParam },
    description: spec.description,
    answer: invoiceDocumentSchema,
    load: (request) => spec.load((request.params as z.infer<typeof idParam>).id, request),
    layout: layoutInvoice,
  });
}

/**
 * The platform's fee invoice of a deal: for the deal's brand (another account or a stranger gets
 * 404) and for admins and auditors. 409 `deal_invoice_not_yet` before the deal is paid and while
 * the invoice waits for the brand's billing details.
 */
export function invoiceRoutes(app: ZodApp, { ctx, guards, dealViews }: DocumentRouteDeps): void {
  const invoiceOf = async (id: number, paidAt: string | null) => {
    const invoice = paidAt ? await ctx.invoices.findForDeal(id, paidAt) : null;
    if (!invoice) throw new DomainError('deal_invoice_not_yet');
    return invoice;
  };
  invoiceRoute(app, '/api/deals/:id/invoice', {
    tags: ['deals'],
    guard: { preHandler: guards.requireUser },
    description: "The platform's fee invoice to the brand of a paid deal.",
    load: (id, request) => {
      const record = dealViews.ownerRecord(id, userOf(request).userId);
      return invoiceOf(id, record.context.paidAt);
    },
  });
  invoiceRoute(app, '/api/admin/invoices/deal/:id', {
    tags: ['admin'],
    guard: { preValidation: guards.requireAdminReader },
    description: "A deal's fee invoice, for admins and auditors.",
    load: (id) => {
      const record = ctx.queries.deals.byId(id);
      if (!record) throw new DomainError('deal_not_found');
      return invoiceOf(id, record.context.paidAt);
    },
  });
}
