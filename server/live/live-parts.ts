import type { AccountQueries } from '../../projections/accounts.queries';
import type { DealQueries, DealRecord } from '../../projections/deals.queries';
import type { PaymentRequestQueries } from '../../projections/payment-requests.queries';
import type { RouteDeps } from '../http/route-deps';
import type { Clock } from '../shared/clock';
import type { LiveHub } from './live-hub';

/** The parts of the app the live streams use. */
export interface LiveParts {
  clock: Clock;
  live: LiveHub;
  queries: {
    accounts: AccountQueries;
    deals: DealQueries;
    requests: PaymentRequestQueries;
  };
}

export interface LiveRouteDeps extends RouteDeps<LiveParts> {
  /** The deal behind a link (the deal feature's views): refuses a link that is not the deal's. */
  dealViews: { linkRecord(token: string): DealRecord };
}
