import type { AccountQueries } from '../../projections/accounts.queries';
import type { DealQueries } from '../../projections/deals.queries';
import type { MoneyQueries } from '../../projections/money.queries';
import type { PaymentRequestQueries } from '../../projections/payment-requests.queries';
import type { CommandBus } from '../commands/command-bus';
import type { CommandRunner } from '../commands/run-command';
import type { AppConfig } from '../config';
import type { DealViews } from '../deals/deal-views';
import type { EventStore } from '../event-store/event-store';
import type { RouteDeps } from '../http/route-deps';
import type { EffectOutcomes } from '../money/effect-outcomes';
import type { PaymentGateway } from '../money/gateway/payment-gateway';
import type { Clock } from '../shared/clock';
import type { AdminAccounts } from './admin-accounts';

/** The parts of the app the admin routes use. */
export interface AdminParts {
  config: AppConfig;
  clock: Clock;
  store: EventStore;
  /** The events as stored (personal fields sealed): what the hash-chain check reads. */
  storedEvents: EventStore;
  bus: CommandBus;
  run: CommandRunner;
  payments: { gateway: PaymentGateway; outcomes: EffectOutcomes };
  queries: {
    accounts: AccountQueries;
    deals: DealQueries;
    requests: PaymentRequestQueries;
    money: MoneyQueries;
  };
  settle(position: number): Promise<void>;
}

export interface AdminRouteDeps extends RouteDeps<AdminParts> {
  admins: AdminAccounts;
  dealViews: DealViews;
}
