import type { FastifyRequest } from 'fastify';
import { errorSchema } from '@machines/contract/api';
import {
  invoiceDocumentSchema,
  type InvoiceDocumentDto,
} from '@machines/contract/invoice-api';
import { layoutInvoice } from '@machines/documents/invoice-layout';
import { selfBillingAnswerSchema } from '@machines/documents/self-billing';
import { DomainError } from '../commands/domain-error';
import { documentPair } from '../documents/document-route';
import {
  checkedTerms,
  creatorOfDeal,
  selfBillingBody,
} from '../documents/self-billing-book';
import { tokenParam } from '../http/fields';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { DealRecord } from '../../projections/deals.queries';
import type { DealRouteDeps } from './deal-parts';

const tags = ['deal link (creator)'];
const errors = {
  400: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

/** The deal behind a link, once its claimer is checked (another browser: 403 `deal_claimed_elsewhere`). */
type ClaimedRecord = (
  token: string,
  request: FastifyRequest,
) => Promise<DealRecord>;

/**
 * The creator's self-billing through the deal's link, only for whoever claimed it: the agreement
 * (read, given with name, address and VAT status at bank setup, withdrawn for later payouts) and
 * the self-billed invoices it produced (JSON and PDF). Recorded with the link as actor.
 */
export function dealSelfBillingRoutes(
  app: ZodApp,
  { ctx }: DealRouteDeps,
  claimed: ClaimedRecord,
): void {
  const path = '/api/deals/link/:token/self-billing';
  const actor = (request: FastifyRequest, dealId: number) =>
    commandContext(request, { kind: 'creator-link', id: `deal-${dealId}` });
  const schema = { tags, params: tokenParam };

  app.get(
    path,
    {
      schema: {
        ...schema,
        description:
          "The creator's self-billing agreement for this deal's payouts (null without one).",
        response: { 200: selfBillingAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const record = await claimed(request.params.token, request);
      return {
        selfBilling: await ctx.selfBilling.read(creatorOfDeal(record.context)),
      };
    },
  );

  app.put(
    path,
    {
      schema: {
        ...schema,
        description:
          'Agrees to self-billing for later payouts (recorded as SelfBillingAgreed): name, address and a VAT id in its country’s format, or the small-business scheme.',
        body: selfBillingBody,
        response: { 200: selfBillingAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const record = await claimed(request.params.token, request);
      const { agreement, position } = await ctx.selfBilling.agree(
        creatorOfDeal(record.context),
        checkedTerms(request.body),
        actor(request, record.id),
      );
      if (position > 0) await ctx.settle(position);
      return { selfBilling: agreement };
    },
  );

  app.delete(
    path,
    {
      schema: {
        ...schema,
        description:
          'Withdraws the self-billing agreement for later payouts (SelfBillingRevoked); invoices already issued stay. 409 `self_billing_not_agreed` without one.',
        response: { 200: selfBillingAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const record = await claimed(request.params.token, request);
      const { position } = await ctx.selfBilling.revoke(
        creatorOfDeal(record.context),
        actor(request, record.id),
      );
      await ctx.settle(position);
      return { selfBilling: null };
    },
  );

  selfBilledInvoiceRoute(app, ctx, claimed);
}

/** The creator's self-billed invoice of the deal (JSON and PDF), only for whoever claimed it. */
function selfBilledInvoiceRoute(
  app: ZodApp,
  ctx: DealRouteDeps['ctx'],
  claimed: ClaimedRecord,
) {
  documentPair<InvoiceDocumentDto>(
    app,
    '/api/deals/link/:token/self-billed-invoice',
    {
      guard: {},
      schema: { tags, params: tokenParam },
      description:
        "The self-billed invoice of the deal's payout, in the creator's name: only whoever claimed the deal. 409 `deal_self_billed_invoice_not_yet` while there is none.",
      answer: invoiceDocumentSchema,
      load: async (request) => {
        const { token } = request.params as { token: string };
        const record = await claimed(token, request);
        const { paidAt } = record.context;
        const doc = paidAt
          ? await ctx.invoices.findSelfBilledForDeal(record.id, paidAt)
          : null;
        if (!doc) throw new DomainError('deal_self_billed_invoice_not_yet');
        return doc;
      },
      layout: layoutInvoice,
    },
  );
}
