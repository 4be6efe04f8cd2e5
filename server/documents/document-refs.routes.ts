import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { inputRef } from '@machines/errors/input-texts';
import { errorSchema } from '@machines/contract/api';
import {
  invoiceDocumentSchema,
  type InvoiceDocumentDto,
} from '@machines/contract/invoice-api';
import {
  moneyDocumentSchema,
  type MoneyDocumentDto,
} from '@machines/contract/money-api';
import { layoutMoneyDocument } from '@machines/documents/document-layout';
import { layoutInvoice } from '@machines/documents/invoice-layout';
import { userOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { idParam } from '../http/fields';
import type { ZodApp } from '../http/route-deps';
import type { DocumentRouteDeps } from './document-parts';
import { documentPair } from './document-route';
import {
  dealDocumentKinds,
  documentRefOf,
  documentRefsOf,
  requestDocumentKinds,
  type RefTarget,
} from '../shared/document-refs';
import { dealReceipt, requestStatement } from './money-documents';
import { creatorSelfBilledOf } from './request-invoices';

const refParam = z.object({
  ref: z.string().regex(/^[0-9a-f]{32}$/, inputRef('not_document_ref')),
});
const security = [{ bearerAuth: [] }];
const errors = { 401: errorSchema, 404: errorSchema };

const isMoneyDocument = (
  doc: MoneyDocumentDto | InvoiceDocumentDto,
): doc is MoneyDocumentDto =>
  doc.kind === 'receipt' || doc.kind === 'statement';

/** The signed-in party's own document a reference names (its deals as brand, its requests as creator), else 404. */
function resolve(
  { ctx }: DocumentRouteDeps,
  userId: string,
  ref: string,
): RefTarget {
  for (const deal of ctx.queries.deals.listForOwner(userId))
    for (const kind of dealDocumentKinds) {
      const target = { kind, subject: 'deal', id: deal.id } as const;
      if (documentRefOf(ctx.keyedHash, target) === ref) return target;
    }
  for (const request of ctx.queries.requests.listForCreator(userId))
    for (const kind of requestDocumentKinds) {
      const target = {
        kind,
        subject: 'payment_request',
        id: request.id,
      } as const;
      if (documentRefOf(ctx.keyedHash, target) === ref) return target;
    }
  throw new DomainError('document_not_found');
}

/** The document a reference names, loaded and refused exactly as by its id route. */
async function load(
  deps: DocumentRouteDeps,
  request: FastifyRequest,
): Promise<MoneyDocumentDto | InvoiceDocumentDto> {
  const { userId } = userOf(request);
  const target = resolve(
    deps,
    userId,
    (request.params as z.infer<typeof refParam>).ref,
  );
  if (target.subject === 'payment_request') {
    const record = deps.ctx.queries.requests.byId(target.id)!;
    return target.kind === 'statement'
      ? requestStatement(record)
      : creatorSelfBilledOf(deps.ctx.invoices, record);
  }
  const record = deps.dealViews.ownerRecord(target.id, userId);
  if (target.kind === 'receipt')
    return dealReceipt(record, deps.dealViews.brandNameOf(userId));
  const { find, missing } = dealInvoices(deps.ctx.invoices)[target.kind];
  const paidAt = record.context.paidAt;
  const doc = paidAt ? await find(target.id, paidAt) : null;
  if (!doc) throw new DomainError(missing);
  return doc;
}

/** A deal's invoices by reference kind: where each is found, and the refusal while it is not issued. */
const dealInvoices = (invoices: DocumentRouteDeps['ctx']['invoices']) =>
  ({
    invoice: { find: invoices.findForDeal, missing: 'deal_invoice_not_yet' },
    'credit-note': {
      find: invoices.findCreditForDeal,
      missing: 'deal_credit_note_not_yet',
    },
    'self-billed-invoice': {
      find: invoices.findSelfBilledForDeal,
      missing: 'deal_self_billed_invoice_not_yet',
    },
  }) as const;

/**
 * Documents by unguessable reference (`/api/documents/:ref`, JSON and `/pdf`) for the party they
 * belong to: another account, a stranger or a made-up reference gets 404. The references of a
 * deal's and a request's documents are listed for their owner and creator; every page and mail
 * links a party's document by them. The id API routes stay for API clients, as they check the
 * reader already; no web page takes an id for a document.
 */
export function documentRefRoutes(app: ZodApp, deps: DocumentRouteDeps): void {
  const { ctx, guards, dealViews } = deps;
  documentPair<MoneyDocumentDto | InvoiceDocumentDto>(
    app,
    '/api/documents/:ref',
    {
      guard: { preHandler: guards.requireUser },
      schema: { tags: ['documents'], security, params: refParam },
      description:
        'A receipt, statement, fee invoice, credit note or self-billed invoice by its reference, for its party only.',
      answer: z.union([moneyDocumentSchema, invoiceDocumentSchema]),
      load: (request) => load(deps, request),
      layout: (doc, lang) =>
        isMoneyDocument(doc)
          ? layoutMoneyDocument(doc, lang)
          : layoutInvoice(doc, lang),
    },
  );
  app.get(
    '/api/deals/:id/documents',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['deals'],
        security,
        params: idParam,
        description:
          "The references of a deal's documents, for its brand (whether each exists yet is the document's answer).",
        response: { 200: z.record(z.string(), z.string()), ...errors },
      },
    },
    async (request) => {
      const record = dealViews.ownerRecord(
        request.params.id,
        userOf(request).userId,
      );
      return documentRefsOf(ctx.keyedHash, 'deal', record.id);
    },
  );
  app.get(
    '/api/payment-requests/:id/documents',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['payment-requests'],
        security,
        params: idParam,
        description:
          "The references of a request's statement and self-billed invoice, for its creator.",
        response: { 200: z.record(z.string(), z.string()), ...errors },
      },
    },
    async (request) => {
      const record = ctx.queries.requests.byId(request.params.id);
      if (!record || record.creatorId !== userOf(request).userId)
        throw new DomainError('payment_request_not_found');
      return documentRefsOf(ctx.keyedHash, 'payment_request', record.id);
    },
  );
}
