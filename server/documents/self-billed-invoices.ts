import type { DealContext } from '@machines/deal/deal.context';
import { addressOf } from '@machines/documents/billing-check';
import type { BillingDetails } from '@machines/documents/billing-details';
import {
  selfBilledVat,
  type SelfBillingAgreement,
} from '@machines/documents/self-billing';
import { splitFee } from '@machines/documents/vat';
import { dealAggregate } from '../commands/aggregate';
import type { CommandBus } from '../commands/command-bus';
import type { BillingBook } from './billing-book';
import type {
  createInvoiceBook,
  InvoiceSeries,
  IssuedInvoice,
} from './invoice-book';
import {
  creatorOfDeal,
  type CreatorKey,
  type SelfBillingBook,
} from './self-billing-book';

/** The key of a deal's self-billed invoice, once. */
const dealSelfBilledKey = (dealId: number) => `self:deal-${dealId}`;

/** A creator's own numbering series (`self-billed-deal-12-2026`, `SB-2026-000001`). */
export const creatorSeries = (creator: CreatorKey): InvoiceSeries => ({
  stream: `self-billed-${creator}`,
  prefix: 'SB-',
});

/**
 * What a deal paid out to its creator, and when: the creator amount with a release (by the brand,
 * an admin or an elapsed period; not a manual completion, which moved no money), the creator's
 * share of a split once its transfer succeeded; null before.
 */
export function dealPayout(
  c: DealContext,
): { cents: number; at: string } | null {
  if (c.split) {
    if (c.split.transfer !== 'succeeded' || c.split.creatorCents <= 0)
      return null;
    return { cents: c.split.creatorCents, at: c.split.requestedAt };
  }
  if (
    !c.transferId ||
    !c.completedAt ||
    !c.amounts ||
    c.releaseTrigger === 'manual'
  )
    return null;
  return { cents: c.amounts.amountCents, at: c.completedAt };
}

/** A party as an invoice names it: the billing details, the address as one block. */
export const partyOf = (d: BillingDetails) => ({
  name: d.company,
  address: addressOf(d).slice(0, 400),
  country: d.country,
  vatId: d.vatId,
});

/** The self-billed invoice's figures: the payout split into net and VAT per the creator's status. */
export function selfBilledAmounts(
  cents: number,
  creator: SelfBillingAgreement,
  buyer: BillingDetails,
) {
  const { treatment, rateBps } = selfBilledVat(creator, buyer);
  const split = splitFee(cents, treatment, rateBps);
  return {
    treatment,
    grossCents: cents,
    netCents: split.netCents,
    vatCents: split.vatCents,
    vatRateBps: split.rateBps,
  };
}

/**
 * Self-billed creator invoices: for each payout to a creator who had agreed to self-billing when it
 * was made, an invoice in the creator's name to the brand, numbered in the creator's own series by
 * the invoice book. Without the brand's billing details it waits like the fee invoice (nothing is
 * recorded) and is issued when they are saved. Without an agreement there is none: the statement
 * is the creator's paper.
 */
export function createSelfBilledInvoices(deps: {
  book: ReturnType<typeof createInvoiceBook>;
  bus: CommandBus;
  billing: BillingBook;
  selfBilling: SelfBillingBook;
}) {
  const { book } = deps;

  async function issueForDeal(
    dealId: number,
    c: DealContext,
  ): Promise<IssuedInvoice | null> {
    const payout = dealPayout(c);
    if (!payout || !c.ownerId) return null;
    const creator = creatorOfDeal(c);
    const agreement = await deps.selfBilling.readAt(creator, payout.at);
    if (!agreement) return null;
    const buyer = await deps.billing.read(c.ownerId);
    if (!buyer) return null;
    const title = c.terms?.title ? ` (${c.terms.title})` : '';
    return book.issue(
      {
        key: dealSelfBilledKey(dealId),
        kind: 'self_billed',
        corrects: null,
        subject: { kind: 'deal', id: dealId },
        brandUserId: c.ownerId,
        suppliedAt: payout.at,
        description: `Creator's work, deal #${dealId}${title}`.slice(0, 300),
        seller: partyOf(agreement),
        buyer: partyOf(buyer),
        ...selfBilledAmounts(payout.cents, agreement, buyer),
      },
      creatorSeries(creator),
    );
  }

  /** The deal's self-billed invoice if issued (never before the deal's payment), in its creator's series. */
  async function findForDeal(
    dealId: number,
    paidAt: string,
  ): Promise<IssuedInvoice | null> {
    const { snapshot } = await deps.bus.load(
      dealAggregate,
      dealAggregate.streamId(dealId),
    );
    return book.find(
      dealSelfBilledKey(dealId),
      book.yearOf(new Date(paidAt)),
      creatorSeries(creatorOfDeal(snapshot.context)),
    );
  }

  return { issueForDeal, findForDeal };
}
