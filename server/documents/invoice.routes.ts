import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  invoiceDocumentSchema,
  type InvoiceDocumentDto,
} from '@machines/contract/invoice-api';
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
    schema: {
      tags: spec.tags,
      security: [{ bearerAuth: [] }],
      params: idParam,
    },
    description: spec.description,
    answer: invoiceDocumentSchema,
    load: (request) =>
      spec.load((request.params as z.infer<typeof idParam>).id, request),
    layout: layoutInvoice,
  });
}

/**
 * The platform's fee invoice of a deal, its credit note and the creator's self-billed invoice: for
 * the deal's brand (another account or a stranger gets 404) and for admins and auditors. 409
 * `deal_invoice_not_yet` before the deal is paid and while the invoice waits for the brand's
 * billing details; 409 `deal_credit_note_not_yet` while no fee money went back; 409
 * `deal_self_billed_invoice_not_yet` while nothing was paid out under a self-billing agreement.
 * The creator reads its self-billed invoice through the deal's link (deal-self-billing.routes.ts).
 * Admins read a payment request's the same way (its parties: request-documents.routes.ts).
 */
export function invoiceRoutes(
  app: ZodApp,
  { ctx, guards, dealViews }: DocumentRouteDeps,
): void {
  const kinds = [
    {
      path: 'invoice',
      admin: 'invoices',
      what: "The platform's fee invoice",
      find: ctx.invoices.findForDeal,
      findRequest: ctx.invoices.findForRequest,
      missing: 'deal_invoice_not_yet',
    },
    {
      path: 'credit-note',
      admin: 'credit-notes',
      what: "The platform's fee credit note",
      find: ctx.invoices.findCreditForDeal,
      findRequest: ctx.invoices.findCreditForRequest,
      missing: 'deal_credit_note_not_yet',
    },
    {
      path: 'self-billed-invoice',
      admin: 'self-billed-invoices',
      what: "The creator's self-billed invoice",
      find: ctx.invoices.findSelfBilledForDeal,
      findRequest: (id: number, paidAt: string, creatorId: string) =>
        ctx.invoices.findSelfBilledForRequest(id, paidAt, creatorId),
      missing: 'deal_self_billed_invoice_not_yet',
    },
  ] as const;
  for (const kind of kinds) {
    const documentOf = async (id: number, paidAt: string | null) => {
      const doc = paidAt ? await kind.find(id, paidAt) : null;
      if (!doc) throw new DomainError(kind.missing);
      return doc;
    };
    invoiceRoute(app, `/api/deals/:id/${kind.path}`, {
      tags: ['deals'],
      guard: { preHandler: guards.requireUser },
      description: `${kind.what} to the brand of a paid deal.`,
      load: (id, request) => {
        const record = dealViews.ownerRecord(id, userOf(request).userId);
        return documentOf(id, record.context.paidAt);
      },
    });
    invoiceRoute(app, `/api/admin/${kind.admin}/deal/:id`, {
      tags: ['admin'],
      guard: { preValidation: guards.requireAdminReader },
      description: `${kind.what} of a deal, for admins and auditors.`,
      load: (id) => {
        const record = ctx.queries.deals.byId(id);
        if (!record) throw new DomainError('deal_not_found');
        return documentOf(id, record.context.paidAt);
      },
    });
    invoiceRoute(app, `/api/admin/${kind.admin}/payment-request/:id`, {
      tags: ['admin'],
      guard: { preValidation: guards.requireAdminReader },
      description: `${kind.what} of a payment request, for admins and auditors.`,
      load: async (id) => {
        const record = ctx.queries.requests.byId(id);
        if (!record) throw new DomainError('payment_request_not_found');
        const { paidAt } = record.context;
        const doc = paidAt
          ? await kind.findRequest(id, paidAt, record.creatorId)
          : null;
        if (!doc) throw new DomainError(kind.missing);
        return doc;
      },
    });
  }
}
