import type { DealQueries, DealRecord } from '../../projections/deals.queries';
import type { MoneyQueries } from '../../projections/money.queries';
import type { CommandBus } from '../commands/command-bus';
import type { Clock } from '../shared/clock';
import type { PaymentRequestQueries } from '../../projections/payment-requests.queries';
import type { RouteDeps } from '../http/route-deps';
import type { BillingBook } from './billing-book';
import type { FeeInvoices } from './fee-invoices';
import type { SelfBillingBook } from './self-billing-book';

/** The parts of the app the document routes use. */
export interface DocumentParts {
  queries: {
    deals: DealQueries;
    requests: PaymentRequestQueries;
    money: Pick<MoneyQueries, 'yearMovements' | 'creatorYearMovements'>;
  };
  /** Loads a creator account's name and bank-setup identity for the year figures. */
  bus: CommandBus;
  clock: Clock;
  /** The brands' billing details (their own stream each). */
  billing: BillingBook;
  /** The creators' self-billing agreements (their own stream each). */
  selfBilling: SelfBillingBook;
  invoices: Pick<
    FeeInvoices,
    | 'findForDeal'
    | 'findCreditForDeal'
    | 'findSelfBilledForDeal'
    | 'findForRequest'
    | 'findCreditForRequest'
    | 'findSelfBilledForRequest'
  >;
  settle(position: number): Promise<void>;
  /** HMAC-SHA-256 (hex) keyed by the app secret: the documents' unguessable references. */
  keyedHash(label: string, value: string): string;
}

export interface DocumentRouteDeps extends RouteDeps<DocumentParts> {
  /** The deal feature's views: a brand's own deal (or not found) and a brand's name. */
  dealViews: {
    ownerRecord(id: number, userId: string): DealRecord;
    /** The deal a creator link opens (or not found). */
    linkRecord(token: string): DealRecord;
    brandNameOf(userId: string): string;
  };
}
