import type { AccountQueries } from '../../projections/accounts.queries';
import type { DealQueries } from '../../projections/deals.queries';
import type { PaymentRequestQueries } from '../../projections/payment-requests.queries';
import type { TokenService } from '../auth/tokens';
import type { CommandBus } from '../commands/command-bus';
import type { CommandRunner } from '../commands/run-command';
import type { AppConfig } from '../config';
import type { EventStore } from '../event-store/event-store';
import type { EvidenceStore } from '../evidence/evidence-store';
import type { RouteDeps } from '../http/route-deps';
import type { Clock } from '../shared/clock';

/** The parts of the app the dispute conversations use. */
export interface DisputeParts {
  config: AppConfig;
  clock: Clock;
  store: EventStore;
  bus: CommandBus;
  run: CommandRunner;
  evidence: EvidenceStore;
  tokens: TokenService;
  queries: {
    accounts: AccountQueries;
    deals: DealQueries;
    requests: PaymentRequestQueries;
  };
  settle(position: number): Promise<void>;
}

export type DisputeRouteDeps = RouteDeps<DisputeParts>;
