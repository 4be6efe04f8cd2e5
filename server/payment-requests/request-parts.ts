import type { AccountQueries } from '../../projections/accounts.queries';
import type { NotificationQueries } from '../../projections/notifications.queries';
import type { PaymentRequestQueries } from '../../projections/payment-requests.queries';
import type { TokenService } from '../auth/tokens';
import type { CommandBus } from '../commands/command-bus';
import type { CommandRunner } from '../commands/run-command';
import type { AppConfig } from '../config';
import type { EventStore } from '../event-store/event-store';
import type { RouteDeps } from '../http/route-deps';
import type { EffectOutcomes } from '../money/effect-outcomes';
import type { Escrow } from '../money/escrow.types';
import type { NotificationsWiring } from '../notifications/notifications-wiring';
import type { Clock } from '../shared/clock';
import type { BillingBook } from '../documents/billing-book';
import type { FeeInvoices } from '../documents/fee-invoices';

/** The parts of the app the payment-request routes use. */
export interface RequestParts {
  config: AppConfig;
  clock: Clock;
  store: EventStore;
  bus: CommandBus;
  run: CommandRunner;
  ids: { request: () => Promise<number> };
  payments: { escrow: Escrow; outcomes: EffectOutcomes };
  /** Request blocks, and the mail sender the acceptance's e-mail code goes out by. */
  notifications: Pick<NotificationsWiring, 'requestBlocks' | 'mail'>;
  keyedHash(label: string, value: string): string;
  queries: {
    accounts: AccountQueries;
    requests: PaymentRequestQueries;
    notifications: NotificationQueries;
  };
  settle(position: number): Promise<void>;
  /** Who a link request speaks for besides its claim secret (auth/link-claim.ts). */
  tokens: TokenService;
  /** The paying brands' billing details (a request's payer has a stream of its own). */
  billing: BillingBook;
  invoices: Pick<
    FeeInvoices,
    'findForRequest' | 'findCreditForRequest' | 'findSelfBilledForRequest'
  >;
}

export type RequestRouteDeps = RouteDeps<RequestParts>;
