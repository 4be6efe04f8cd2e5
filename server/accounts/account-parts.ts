import type { AccountQueries } from '../../projections/accounts.queries';
import type { DealQueries } from '../../projections/deals.queries';
import type { AdminAccounts } from '../admin/admin-accounts';
import type { TokenService } from '../auth/tokens';
import type { AppConfig } from '../config';
import type { EventStore } from '../event-store/event-store';
import type { RouteDeps } from '../http/route-deps';
import type { Escrow } from '../money/escrow.types';
import type { NotificationsWiring } from '../notifications/notifications-wiring';
import type { Clock } from '../shared/clock';
import type { AccountCommands } from './account-commands';

/** The parts of the app the account routes use. */
export interface AccountParts {
  config: AppConfig;
  clock: Clock;
  tokens: TokenService;
  store: Pick<EventStore, 'headPosition'>;
  payments: { escrow: Escrow };
  notifications: Pick<NotificationsWiring, 'mail'>;
  queries: { accounts: AccountQueries; deals: DealQueries };
  settle(position: number): Promise<void>;
  /** HMACs of sign-in addresses (http/browser-facts.ts). */
  keyedHash(label: string, value: string): string;
}

export interface AccountRouteDeps extends RouteDeps<AccountParts> {
  accounts: AccountCommands;
  admins: AdminAccounts;
}
