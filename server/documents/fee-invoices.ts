import type { DealContext } from '@machines/deal/deal.context';
import { splitFee, vatTreatmentFor } from '@machines/documents/vat';
import type { DealQueries } from '../../projections/deals.queries';
import { dealAggregate } from '../commands/aggregate';
import type { CommandBus } from '../commands/command-bus';
import type { AppConfig } from '../config';
import type { EventStore } from '../event-store/event-store';
import type { Reactor } from '../reactors/reactor';
import type { Clock } from '../shared/clock';
import type { BillingBook } from './billing-book';
import {
  createInvoiceBook,
  issueCredit,
  type IssuedInvoice,
} from './invoice-book';
import type { SelfBillingBook } from './self-billing-book';
import { createRequestInvoices } from './request-invoices';
import { createSelfBilledInvoices, partyOf } from './self-billed-invoices';

export interface FeeInvoiceDeps {
  store: EventStore;
  bus: CommandBus;
  clock: Clock;
  billing: BillingBook;
  /** Creators' self-billing agreements: a payout under one comes with a self-billed invoice. */
  selfBilling: SelfBillingBook;
  invoices: AppConfig['invoices'];
  deals: Pick<DealQueries, 'listForOwner'>;
}

/** The key a deal's fee invoice is issued under, once. */
export const dealInvoiceKey = (dealId: number) => `fee:deal-${dealId}`;
/** The key of the credit note returning (part of) that fee, once. */
const dealCreditKey = (dealId: number) => `credit:deal-${dealId}`;

/**
 * The fee money a deal returned to its brand, and when: all of it with a refund, the part not kept
 * with a split once its refund succeeded; null while none was returned.
 */
function feeReturned(c: DealContext): { cents: number; at: string } | null {
  const fee = c.amounts?.feeCents ?? 0;
  if (c.split?.refund === 'succeeded')
    return { cents: fee - c.split.feeKeptCents, at: c.split.requestedAt };
  if (c.refundId && c.cancelledAt) return { cents: fee, at: c.cancelledAt };
  return null;
}

/**
 * The platform's fee invoices to brands: one per paid deal, numbered by the invoice book, made out
 * to the brand's billing details. Without them the invoice waits (nothing is recorded) and is
 * issued when the details are saved. The VAT split follows ADR 0025 (machines/documents/vat.ts).
 * The creators' self-billed invoices go through the same book and reactor, each in its creator's
 * own series (self-billed-invoices.ts, ADR 0027).
 */
export function createFeeInvoices(deps: FeeInvoiceDeps) {
  const book = createInvoiceBook({ store: deps.store, clock: deps.clock });
  const selfBilled = createSelfBilledInvoices({ ...deps, book });
  const requests = createRequestInvoices({ ...deps, book });
  const { seller, vatRateBps } = deps.invoices;

  /**
   * Issues the deal's invoice if it is paid and its brand gave billing details (else null), the
   * credit note once fee money went back, and the creator's self-billed invoice once paid out
   * under an agreement.
   */
  async function issueForDeal(dealId: number): Promise<IssuedInvoice | null> {
    const c = (
      await deps.bus.load(dealAggregate, dealAggregate.streamId(dealId))
    ).snapshot.context;
    const invoice = await invoiceFor(dealId, c);
    if (invoice)
      await issueCredit(book, invoice, feeReturned(c), {
        key: dealCreditKey(dealId),
        description: `Escrow service fee returned, deal #${dealId}`,
      });
    await selfBilled.issueForDeal(dealId, c);
    return invoice;
  }

  async function invoiceFor(
    dealId: number,
    c: DealContext,
  ): Promise<IssuedInvoice | null> {
    if (!c.paidAt || !c.amounts || !c.ownerId) return null;
    const buyer = await deps.billing.read(c.ownerId);
    if (!buyer) return null;
    const treatment = vatTreatmentFor(seller.country, buyer);
    const split = splitFee(c.amounts.feeCents, treatment, vatRateBps);
    const title = c.terms?.title ? ` (${c.terms.title})` : '';
    return book.issue({
      key: dealInvoiceKey(dealId),
      kind: 'invoice',
      corrects: null,
      subject: { kind: 'deal', id: dealId },
      brandUserId: c.ownerId,
      suppliedAt: c.paidAt,
      description: `Escrow service fee, deal #${dealId}${title}`.slice(0, 300),
      seller,
      buyer: partyOf(buyer),
      treatment,
      grossCents: c.amounts.feeCents,
      netCents: split.netCents,
      vatCents: split.vatCents,
      vatRateBps: split.rateBps,
    });
  }

  /** The invoices that waited for a brand's billing details: every paid deal of its own. */
  async function issueWaitingFor(userId: string): Promise<void> {
    for (const deal of deps.deals.listForOwner(userId)) {
      if (deal.context.paidAt) await issueForDeal(deal.id);
    }
  }

  /** The deal's invoice if issued (it is never issued before the deal's payment). */
  const findForDeal = (dealId: number, paidAt: string) =>
    book.find(dealInvoiceKey(dealId), book.yearOf(new Date(paidAt)));
  /** The deal's credit note if one was issued. */
  const findCreditForDeal = (dealId: number, paidAt: string) =>
    book.find(dealCreditKey(dealId), book.yearOf(new Date(paidAt)));

  return {
    issueForDeal,
    issueWaitingFor,
    findForDeal,
    findCreditForDeal,
    findSelfBilledForDeal: selfBilled.findForDeal,
    ...requests,
  };
}

export type FeeInvoices = ReturnType<typeof createFeeInvoices>;

/** The request events after which a request's papers may be due (its escrow's money outcomes). */
const requestTypes = [
  'PaymentRequestPaid',
  'PaymentRequestRefunded',
  'PaymentRequestSplitRefundSucceeded',
  'PaymentRequestCompleted',
  'PaymentRequestSplitTransferSucceeded',
];

/** Whose billing details changed: an account (its deals) or one payment request's payer. */
async function issueWaiting(
  invoices: FeeInvoices,
  data: { userId?: string; requestId?: number },
) {
  if (data.requestId !== undefined)
    await invoices.issueForRequest(data.requestId);
  else if (data.userId !== undefined)
    await invoices.issueWaitingFor(data.userId);
}

/**
 * Issues fee invoices as deals and requests are paid and as brands give their billing details,
 * credit notes as refunds and splits return fee money, and self-billed creator invoices as deals
 * and requests pay out (a release, a payout or a split's transfer). Idempotent: the book issues
 * each key once, also when two instances react to the same event.
 */
export function createFeeInvoiceReactor(invoices: FeeInvoices): Reactor {
  return {
    name: 'fee-invoices',
    types: new Set([
      'PaymentSucceeded',
      'DealRefunded',
      'SplitRefundSucceeded',
      'FundsReleased',
      'SplitTransferSucceeded',
      'BillingDetailsChanged',
      ...requestTypes,
    ]),
    partition: (event) => event.streamId,
    async handle(event) {
      if (event.type === 'BillingDetailsChanged')
        return issueWaiting(
          invoices,
          event.data as { userId?: string; requestId?: number },
        );
      const deal = /^deal-(\d+)$/.exec(event.streamId);
      if (deal) await invoices.issueForDeal(Number(deal[1]));
      const request = /^payment-request-(\d+)$/.exec(event.streamId);
      if (request) await invoices.issueForRequest(Number(request[1]));
    },
  };
}
