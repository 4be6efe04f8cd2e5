import type { Database } from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { AccountQueries } from '../../projections/accounts.queries';
import type { ProjectionRunner } from '../../projections/runner';
import type { CommandBus } from '../commands/command-bus';
import type { AppConfig } from '../config';
import type { EventStore } from '../event-store/event-store';
import { gatewayFromConfig, isSimulated } from './gateway/create-gateway';
import { createEscrow } from './escrow';
import type { Escrow } from './escrow.types';
import { webhookRoutes } from './webhook.routes';
import { simulatedGatewayRoutes } from './gateway/simulated/simulated-gateway.routes';
import { createTimerReactor, type TimerReactor } from './timers.reactor';
import type { PaymentGateway } from './gateway/payment-gateway';
import type { Clock } from '../shared/clock';
import type { CommandRunner } from '../commands/run-command';
import { createEffectOutcomes, type EffectOutcomes } from './effect-outcomes';
import { createPaymentsReactor } from './payments.reactor';
import {
  createReactorRunner,
  type ReactorRunner,
} from '../reactors/reactor-runner';
import type { Reactor } from '../reactors/reactor';
import { createIntentWatch, type IntentWatch } from './intent-watch';
import {
  createDailyReconciliation,
  type DailyReconciliation,
} from './reconciliation/daily-reconciliation';

/** The payments side as the composition root sees it: gateway, escrow, their routes and reactors. */
export interface PaymentsWiring {
  gateway: PaymentGateway;
  escrow: Escrow;
  /** The timers reactor (on `reactors`): fires due timers at their time once started (tests call `tick` with a test clock). */
  reactor: TimerReactor;
  /** Waits for the payments reactor's answer to an intent a route recorded. */
  outcomes: EffectOutcomes;
  /** The outbox: the payments and timers reactors, fed by the event subscription. */
  reactors: ReactorRunner;
  /** Compares the ledger with the gateway once a day (with the timers) and records the result. */
  reconciliation: DailyReconciliation;
  /** The unanswered money intents (readiness, metrics) and the alert once the oldest passes INTENT_ALERT_MINUTES. */
  intents: IntentWatch;
  registerRoutes(app: FastifyInstance): Promise<void>;
  /** Starts the reactors (always) and the timers' firing at due times (unless `timers` is false). */
  start(options?: { timers?: boolean }): void;
  stop(): Promise<void>;
}

export interface PaymentsDeps {
  config: AppConfig;
  store: EventStore;
  bus: CommandBus;
  run: CommandRunner;
  clock: Clock;
  runner: ProjectionRunner;
  readDb: Database;
  /** The users' e-mail addresses (the gateway's account forms). */
  accounts: Pick<AccountQueries, 'emailOf'>;
  /** Other reactors on the same runner (the fee invoices): the payments' outcomes set them off. */
  moreReactors?: Reactor[];
  /** Wraps the gateway before anything uses it (metrics); the composition root passes it. */
  decorateGateway?: (gateway: PaymentGateway) => PaymentGateway;
}

/** The escrow's commands, with the periods from config and the users' e-mail from the read model. */
function escrowFor(
  {
    config,
    bus,
    run,
    clock,
    accounts,
  }: Pick<PaymentsDeps, 'config' | 'bus' | 'run' | 'clock' | 'accounts'>,
  gateway: PaymentGateway,
): Escrow {
  return createEscrow({
    bus,
    run,
    clock,
    gateway,
    config: {
      publicUrl: config.publicUrl,
      reviewPeriodHours: config.reviewPeriodHours,
      disputePeriodHours: config.disputePeriodHours,
    },
    users: { emailOf: async (userId) => accounts.emailOf(userId) },
  });
}

/** The payments reactor's unanswered intents, for the probes and the admins' alert. */
function intentWatchFor(
  config: AppConfig,
  store: EventStore,
  clock: Clock,
  reactors: ReactorRunner,
): IntentWatch {
  return createIntentWatch({
    store,
    clock,
    unanswered: () => reactors.unanswered('payments'),
    alertAfterMs: config.intentAlertMinutes * 60_000,
    onError: (error) =>
      console.error(
        'Unanswered-intent alert failed:',
        (error as Error)?.message ?? error,
      ),
  });
}

/** The payments reactor, the timers and any others on one runner with their checkpoints. */
function paymentsReactors(
  parts: Pick<PaymentsDeps, 'store' | 'readDb' | 'bus' | 'run' | 'config'> & {
    gateway: PaymentGateway;
    moreReactors: NonNullable<PaymentsDeps['moreReactors']>;
  },
  timers: ReturnType<typeof createTimerReactor>,
) {
  const { store, readDb, bus, run, gateway, moreReactors, config } = parts;
  return createReactorRunner({
    store,
    db: readDb,
    firstTryMs: config.paymentsFirstTryMs,
    reactors: [
      createPaymentsReactor({ bus, run, gateway }),
      timers,
      ...moreReactors,
    ],
    onError: (name, event, error) =>
      console.error(
        `reactor ${name} failed on ${event.type} ${event.streamId}@${event.revision}:`,
        (error as Error)?.message ?? error,
      ),
  });
}

/** The daily comparison of the ledger with the gateway, from the configured hour. */
function dailyReconciliationFor(
  config: PaymentsDeps['config'],
  store: EventStore,
  gateway: PaymentGateway,
  clock: Clock,
) {
  return createDailyReconciliation({
    store,
    gateway,
    clock,
    hourUtc: config.reconciliationHourUtc,
    onError: (error) =>
      console.error(
        'Daily reconciliation failed:',
        (error as Error)?.message ?? error,
      ),
  });
}

export function createPaymentsWiring({
  config,
  store,
  bus,
  run,
  clock,
  readDb,
  accounts,
  moreReactors = [],
  decorateGateway = (g) => g,
}: PaymentsDeps): PaymentsWiring {
  const gateway = decorateGateway(gatewayFromConfig(config, () => clock.now()));
  const escrow = escrowFor({ config, bus, run, clock, accounts }, gateway);
  const reactor = createTimerReactor({
    db: readDb,
    bus,
    run,
    clock,
    onError: (error, t) =>
      console.error(
        `Timer ${t.kind} of ${t.streamId} failed:`,
        (error as Error)?.message ?? error,
      ),
  });
  const reactors = paymentsReactors(
    { store, readDb, bus, run, gateway, moreReactors, config },
    reactor,
  );
  const reconciliation = dailyReconciliationFor(config, store, gateway, clock);
  const intents = intentWatchFor(config, store, clock, reactors);
  let stopped = false;
  /**
   * Fires timers only once the schedule holds the history as it stood at start: while it is being
   * rebuilt (a first start), a period whose end is folded but whose release is not yet would look due.
   */
  async function startTimersWhenCaughtUp(): Promise<void> {
    const head = await store.headPosition().catch(() => 0);
    await reactors.processed(head, 10 * 60_000, reactor.name);
    if (!stopped) reactor.start();
  }
  return {
    gateway,
    escrow,
    reactor,
    reactors,
    reconciliation,
    intents,
    outcomes: createEffectOutcomes({ bus, store, reactors }),
    async registerRoutes(app) {
      await app.register(webhookRoutes, { escrow, gateway });
      // Its /sim pages also plug the in-process webhook transport in.
      if (isSimulated(gateway))
        await app.register(simulatedGatewayRoutes, { gateway });
    },
    start(options = {}) {
      // From the beginning, so start() subscribes at once (nothing to wait for).
      void reactors.start();
      if (options.timers ?? true) {
        void startTimersWhenCaughtUp();
        reconciliation.start();
        intents.start();
      }
    },
    async stop() {
      stopped = true;
      await reconciliation.stop();
      await intents.stop();
      await reactor.stop();
      await reactors.stop();
      if (isSimulated(gateway)) gateway.close();
    },
  };
}
