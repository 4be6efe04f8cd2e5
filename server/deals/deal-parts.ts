import type { AccountQueries } from '../../projections/accounts.queries';
import type { DealQueries } from '../../projections/deals.queries';
import type { NotificationQueries } from '../../projections/notifications.queries';
import type { TokenService } from '../auth/tokens';
import type { CommandBus } from '../commands/command-bus';
import type { CommandRunner } from '../commands/run-command';
import type { AppConfig } from '../config';
import type { EventStore } from '../event-store/event-store';
import type { RouteDeps } from '../http/route-deps';
import type { FeeInvoices } from '../documents/fee-invoices';
import type { SelfBillingBook } from '../documents/self-billing-book';
import type { EffectOutcomes } from '../money/effect-outcomes';
import type { Escrow } from '../money/escrow.types';
import type { PaymentGateway } from '../money/gateway/payment-gateway';
import type { Clock } from '../shared/clock';
import type { MailSender } from '../notifications/mail-sender';
import type { DealViews } from './deal-views';

/** The parts of the app the deal routes use. */
export interface DealParts {
  config: AppConfig;
  clock: Clock;
  store: EventStore;
  tokens: TokenService;
  run: CommandRunner;
  ids: { deal: () => Promise<number> };
  payments: {
    escrow: Escrow;
    gateway: PaymentGateway;
    outcomes: EffectOutcomes;
  };
  queries: {
    accounts: AccountQueries;
    deals: DealQueries;
    notifications: NotificationQueries;
  };
  settle(position: number): Promise<void>;
  /** Link claims are read and appended through the bus (auth/link-holders.ts). */
  bus: CommandBus;
  keyedHash(label: string, value: string): string;
  /** The acceptance's e-mail code goes out by the app's one mail sender. */
  notifications: { mail: MailSender };
  /** The creator's self-billing agreement and the self-billed invoices it produced. */
  selfBilling: SelfBillingBook;
  invoices: Pick<FeeInvoices, 'findSelfBilledForDeal'>;
}

export interface DealRouteDeps extends RouteDeps<DealParts> {
  dealViews: DealViews;
}
