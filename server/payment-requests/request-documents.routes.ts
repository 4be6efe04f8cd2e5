import { errorSchema } from '@machines/contract/api';
import {
  invoiceDocumentSchema,
  type InvoiceDocumentDto,
} from '@machines/contract/invoice-api';
import { billingDetailsAnswerSchema } from '@machines/documents/billing-details';
import { layoutInvoice } from '@machines/documents/invoice-layout';
import { userOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import {
  billingDetailsBody,
  checkedBillingDetails,
} from '../documents/billing-details.routes';
import { documentPair, documentRoute } from '../documents/document-route';
import { requestReceipt } from '../documents/money-documents';
import { creatorSelfBilledOf } from '../documents/request-invoices';
import { idParam, tokenParam } from '../http/fields';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { PaymentRequestRecord } from '../../projections/payment-requests.queries';
import type { RequestParts, RequestRouteDeps } from './request-parts';
import { heldRecord, type HeldRecord } from './held-request';

const tags = ['payment requests'];
const errors = {
  400: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

/** The three invoices of a request: where each is found and what is refused while it is not there. */
const invoiceKinds = (ctx: RequestParts) =>
  [
    {
      path: 'invoice',
      what: "The platform's fee invoice",
      find: (r: PaymentRequestRecord, paidAt: string) =>
        ctx.invoices.findForRequest(r.id, paidAt),
      missing: 'payment_request_invoice_not_yet',
    },
    {
      path: 'credit-note',
      what: "The platform's fee credit note",
      find: (r: PaymentRequestRecord, paidAt: string) =>
        ctx.invoices.findCreditForRequest(r.id, paidAt),
      missing: 'payment_request_credit_note_not_yet',
    },
    {
      path: 'self-billed-invoice',
      what: "The creator's self-billed invoice",
      find: (r: PaymentRequestRecord, paidAt: string) =>
        ctx.invoices.findSelfBilledForRequest(r.id, paidAt, r.creatorId),
      missing: 'payment_request_self_billed_invoice_not_yet',
    },
  ] as const;

/**
 * The paying brand's billing details for this request (it needs no account): read and replaced
 * whole through the link, by whoever holds it. The fee invoice waits for them; saving issues it.
 */
function billingRoutes(app: ZodApp, ctx: RequestParts, held: HeldRecord): void {
  const path = '/api/payment-requests/link/:token/billing-details';
  const schema = { tags, params: tokenParam };
  app.get(
    path,
    {
      schema: {
        ...schema,
        description:
          "The billing details this request's invoices are made out to (null until given).",
        response: { 200: billingDetailsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const record = await held(request.params.token, request);
      return { billingDetails: await ctx.billing.readForRequest(record.id) };
    },
  );
  app.put(
    path,
    {
      schema: {
        ...schema,
        description:
          "Replaces the paying brand's billing details for this request (BillingDetailsChanged); a VAT id must be in its EU country's format (`vat_id_invalid`). A fee invoice waiting for them is issued next.",
        body: billingDetailsBody,
        response: { 200: billingDetailsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const record = await held(request.params.token, request);
      const details = checkedBillingDetails(request.body);
      const actor = {
        kind: 'creator-link',
        id: `payment-request-${record.id}`,
      } as const;
      const { position } = await ctx.billing.save(
        { requestId: record.id },
        details,
        commandContext(request, actor),
      );
      if (position > 0) await ctx.settle(position);
      return { billingDetails: details };
    },
  );
}

/**
 * A payment request's papers besides the receipt (docs/api.md): the billing details its payer
 * gives through the link, and the fee invoice, credit note and self-billed invoice (JSON and PDF)
 * for that payer (the link's holder); the creator reads the self-billed invoice of its own request.
 * 409 `payment_request_*_not_yet` while a document is not issued.
 */
export function requestDocumentRoutes(
  app: ZodApp,
  { ctx, guards }: RequestRouteDeps,
): void {
  const held = heldRecord(ctx);
  billingRoutes(app, ctx, held);
  documentRoute(app, '/api/payment-requests/link/:token/receipt', {
    tags: ['payment-requests'],
    reader: 'link',
    params: tokenParam,
    description:
      "The brand's receipt of a paid request, through its link (no payment id, reference or method); once accepted, only from the browser holding the link (403 `request_claimed_elsewhere`).",
    load: async ({ token }, request) =>
      requestReceipt(await held(token, request)),
  });
  for (const kind of invoiceKinds(ctx)) {
    const documentOf = async (record: PaymentRequestRecord) => {
      const { paidAt } = record.context;
      const doc = paidAt ? await kind.find(record, paidAt) : null;
      if (!doc) throw new DomainError(kind.missing);
      return doc;
    };
    documentPair<InvoiceDocumentDto>(
      app,
      `/api/payment-requests/link/:token/${kind.path}`,
      {
        guard: {},
        schema: { tags, params: tokenParam },
        description: `${kind.what} of a paid request, for its brand through the link.`,
        answer: invoiceDocumentSchema,
        load: async (request) =>
          documentOf(
            await held((request.params as { token: string }).token, request),
          ),
        layout: layoutInvoice,
      },
    );
  }
  const selfBilled = invoiceKinds(ctx)[2];
  documentPair<InvoiceDocumentDto>(
    app,
    '/api/payment-requests/:id/self-billed-invoice',
    {
      guard: { preHandler: guards.requireUser },
      schema: { tags, security: [{ bearerAuth: [] }], params: idParam },
      description: `${selfBilled.what} of a paid-out request, for its creator.`,
      answer: invoiceDocumentSchema,
      load: async (request) => {
        const record = ctx.queries.requests.byId(
          (request.params as { id: number }).id,
        );
        if (!record || record.creatorId !== userOf(request).userId)
          throw new DomainError('payment_request_not_found');
        return creatorSelfBilledOf(ctx.invoices, record);
      },
      layout: layoutInvoice,
    },
  );
}
