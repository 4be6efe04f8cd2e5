import type { AccountQueries } from '../../projections/accounts.queries';
import type { DealRecord } from '../../projections/deals.queries';
import type { NotificationQueries } from '../../projections/notifications.queries';
import type { TokenService } from '../auth/tokens';
import type { CommandBus } from '../commands/command-bus';
import type { CommandRunner } from '../commands/run-command';
import type { AppConfig } from '../config';
import type { EventStore } from '../event-store/event-store';
import type { RouteDeps } from '../http/route-deps';
import type { Clock } from '../shared/clock';
import type { NotificationsWiring } from './notifications-wiring';
import type { PushService } from './push.service';

/** The parts of the app the notification and push routes use. */
export interface NotificationParts {
  config: AppConfig;
  clock: Clock;
  store: EventStore;
  bus: CommandBus;
  run: CommandRunner;
  tokens: TokenService;
  push: PushService;
  notifications: NotificationsWiring;
  queries: { accounts: AccountQueries; notifications: NotificationQueries };
  settle(position: number): Promise<void>;
}

export interface NotificationRouteDeps extends RouteDeps<NotificationParts> {
  /** The deal behind a link (the deal feature's views): refuses a link that is not the deal's. */
  dealViews: { linkRecord(token: string): DealRecord };
}
