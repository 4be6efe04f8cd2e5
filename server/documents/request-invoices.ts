import type { PaymentRequestContext } from '@machines/payment-request/payment-request.context';
import { splitFee, vatTreatmentFor } from '@machines/documents/vat';
import { paymentRequestAggregate } from '../commands/aggregate';
import { DomainError } from '../commands/domain-error';
import type { CommandBus } from '../commands/command-bus';
import type { AppConfig } from '../config';
import type { BillingBook } from './billing-book';
import {
  issueCredit,
  type InvoiceBook,
  type IssuedInvoice,
} from './invoice-book';
import {
  creatorSeries,
  partyOf,
  selfBilledAmounts,
} from './self-billed-invoices';
import { userCreator, type SelfBillingBook } from './self-billing-book';

/** The keys a request's fee invoice, credit note and self-billed invoice are issued under, once. */
const keys = (id: number) => ({
  fee: `fee:payment-request-${id}`,
  credit: `credit:payment-request-${id}`,
  self: `self:payment-request-${id}`,
});

/** The fee a request returned to its brand: all of it with a refund, the part not kept with a split. */
function feeReturned(
  c: PaymentRequestContext,
): { cents: number; at: string } | null {
  const fee = c.request?.feeCents ?? 0;
  if (c.split?.refund === 'succeeded')
    return { cents: fee - c.split.feeKeptCents, at: c.split.requestedAt };
  if (c.refundId && c.refundedAt) return { cents: fee, at: c.refundedAt };
  return null;
}

/** What a request paid out to its creator, and when: the amount with a payout, a split's share. */
function requestPayout(
  c: PaymentRequestContext,
): { cents: number; at: string } | null {
  if (c.split) {
    if (c.split.transfer !== 'succeeded' || c.split.creatorCents <= 0)
      return null;
    return { cents: c.split.creatorCents, at: c.split.requestedAt };
  }
  if (!c.transferId || !c.completedAt || !c.request) return null;
  return { cents: c.request.amountCents, at: c.completedAt };
}

export interface RequestInvoiceDeps {
  book: InvoiceBook;
  bus: CommandBus;
  billing: BillingBook;
  selfBilling: SelfBillingBook;
  invoices: AppConfig['invoices'];
}

/**
 * A payment request's papers, as a deal's (fee-invoices.ts): the platform's fee invoice to the
 * brand once paid, made out to the billing details the payer gave through the request's link (it
 * waits, recording nothing, until they are given), the credit note once fee money went back, and
 * the creator's self-billed invoice for the payout when the creator's account had agreed to it.
 * All in the same series as deals' invoices (the creator's in its account series).
 */
/** A paid request's fee invoice to the brand that paid it, VAT as the buyer's country and VAT id say. */
function feeInvoiceOf(
  id: number,
  c: PaymentRequestContext,
  buyer: NonNullable<
    Awaited<ReturnType<RequestInvoiceDeps['billing']['readForRequest']>>
  >,
  { seller, vatRateBps }: RequestInvoiceDeps['invoices'],
) {
  const r = c.request!;
  const treatment = vatTreatmentFor(seller.country, buyer);
  const split = splitFee(r.feeCents, treatment, vatRateBps);
  return {
    key: keys(id).fee,
    kind: 'invoice' as const,
    corrects: null,
    subject: { kind: 'payment_request' as const, id },
    brandUserId: null,
    suppliedAt: c.paidAt!,
    description:
      `Escrow service fee, payment request #${id} (${r.title})`.slice(0, 300),
    seller,
    buyer: partyOf(buyer),
    treatment,
    grossCents: r.feeCents,
    netCents: split.netCents,
    vatCents: split.vatCents,
    vatRateBps: split.rateBps,
  };
}

export function createRequestInvoices(deps: RequestInvoiceDeps) {
  const { book } = deps;
  const title = (c: PaymentRequestContext) => ` (${c.request!.title})`;

  async function feeInvoice(id: number, c: PaymentRequestContext) {
    if (!c.paidAt || !c.request) return null;
    const buyer = await deps.billing.readForRequest(id);
    return buyer ? book.issue(feeInvoiceOf(id, c, buyer, deps.invoices)) : null;
  }

  async function selfBilledInvoice(id: number, c: PaymentRequestContext) {
    const payout = requestPayout(c);
    if (!payout || !c.request) return null;
    const creator = userCreator(c.request.creatorId);
    const agreement = await deps.selfBilling.readAt(creator, payout.at);
    const buyer = agreement ? await deps.billing.readForRequest(id) : null;
    if (!agreement || !buyer) return null;
    return book.issue(
      {
        key: keys(id).self,
        kind: 'self_billed',
        corrects: null,
        subject: { kind: 'payment_request', id },
        brandUserId: null,
        suppliedAt: payout.at,
        description: `Creator's work, payment request #${id}${title(c)}`.slice(
          0,
          300,
        ),
        seller: partyOf(agreement),
        buyer: partyOf(buyer),
        ...selfBilledAmounts(payout.cents, agreement, buyer),
      },
      creatorSeries(creator),
    );
  }

  /** Issues whatever the request's papers are due and not yet issued; the fee invoice or null. */
  async function issueForRequest(id: number): Promise<IssuedInvoice | null> {
    const stream = paymentRequestAggregate.streamId(id);
    const c = (await deps.bus.load(paymentRequestAggregate, stream)).snapshot
      .context;
    const invoice = await feeInvoice(id, c);
    if (invoice)
      await issueCredit(book, invoice, feeReturned(c), {
        key: keys(id).credit,
        description: `Escrow service fee returned, payment request #${id}`,
      });
    await selfBilledInvoice(id, c);
    return invoice;
  }

  const yearOf = (paidAt: string) => book.yearOf(new Date(paidAt));
  return {
    issueForRequest,
    /** The request's fee invoice if issued (never before its payment). */
    findForRequest: (id: number, paidAt: string) =>
      book.find(keys(id).fee, yearOf(paidAt)),
    /** The request's credit note if issued. */
    findCreditForRequest: (id: number, paidAt: string) =>
      book.find(keys(id).credit, yearOf(paidAt)),
    /** The self-billed invoice of the request's payout if issued, in its creator's series. */
    findSelfBilledForRequest: (id: number, paidAt: string, creatorId: string) =>
      book.find(
        keys(id).self,
        yearOf(paidAt),
        creatorSeries(userCreator(creatorId)),
      ),
  };
}

type RequestInvoices = ReturnType<typeof createRequestInvoices>;

/**
 * The self-billed invoice of a request's payout as its creator reads it (by the request's id or by
 * reference); 409 `payment_request_self_billed_invoice_not_yet` while none was issued.
 */
export async function creatorSelfBilledOf(
  invoices: Pick<RequestInvoices, 'findSelfBilledForRequest'>,
  record: { id: number; creatorId: string; context: { paidAt: string | null } },
) {
  const { paidAt } = record.context;
  const doc = paidAt
    ? await invoices.findSelfBilledForRequest(
        record.id,
        paidAt,
        record.creatorId,
      )
    : null;
  if (!doc)
    throw new DomainError('payment_request_self_billed_invoice_not_yet');
  return doc;
}
