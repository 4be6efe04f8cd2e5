import type Database from 'better-sqlite3';
import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { allProjections } from '../projections/all-projections';
import {
  createAccountQueries,
  type AccountQueries,
} from '../projections/accounts.queries';
import {
  createDealQueries,
  type DealQueries,
} from '../projections/deals.queries';
import {
  createNotificationQueries,
  type NotificationQueries,
} from '../projections/notifications.queries';
import {
  createMoneyQueries,
  type MoneyQueries,
} from '../projections/money.queries';
import {
  createPaymentRequestQueries,
  type PaymentRequestQueries,
} from '../projections/payment-requests.queries';
import { openReadDatabase } from '../projections/read-database';
import {
  createProjectionRunner,
  type ProjectionRunner,
} from '../projections/runner';
import {
  createDescriptionImprover,
  type DescriptionImprover,
} from './ai/description-improver';
import { newJwtSecret, resolveJwtSecret } from './auth/jwt-secret';
import { createTokenService, type TokenService } from './auth/tokens';
import { createCommandBus, type CommandBus } from './commands/command-bus';
import { createIdAllocator } from './commands/id-allocator';
import {
  createCommandRunner,
  type CommandRunner,
} from './commands/run-command';
import {
  createUniqueValues,
  type UniqueValues,
} from './commands/unique-values';
import type { AppConfig } from './config';
import type { EventStore } from './event-store/event-store';
import { openEventStore } from './event-store/open-event-store';
import type { KeyStore } from './event-store/key-store';
import { createReadModelForgetting } from './privacy/forget-read-models';
import { createFiscalRetention } from './privacy/fiscal-retention';
import type { EncryptedEventStore } from './event-store/personal-data-encryption';
import { createLiveHub, type LiveHub } from './live/live-hub';
import {
  openSharedHttpState,
  type SharedHttpState,
} from './http/shared-http-state';
import { createAppMetrics, type AppMetrics } from './ops/app-metrics';
import {
  createSubscriptionHealth,
  type SubscriptionHealth,
} from './ops/subscription-health';
import { withResilientSubscriptions } from './event-store/resilient-subscription';
import {
  createPaymentsWiring,
  type PaymentsWiring,
} from './money/payments-wiring';
import {
  createNotificationsWiring,
  type NotificationsWiring,
} from './notifications/notifications-wiring';
import type { MailSender } from './notifications/mail-sender';
import { createMailDocuments } from './documents/document-mail';
import {
  createPushService,
  webPushSender,
  type PushSender,
  type PushService,
} from './notifications/push.service';
import {
  generateVapidKeys,
  resolveVapidKeys,
  type VapidKeys,
} from './notifications/vapid-keys';
import { systemClock, type Clock } from './shared/clock';
import { keyedHasher } from './shared/keyed-hash';
import { createBillingBook, type BillingBook } from './documents/billing-book';
import {
  createSelfBillingBook,
  type SelfBillingBook,
} from './documents/self-billing-book';
import {
  createFeeInvoiceReactor,
  createFeeInvoices,
  type FeeInvoices,
} from './documents/fee-invoices';
import {
  createPostgresEvidenceStore,
  createSqliteEvidenceStore,
  type EvidenceStore,
} from './evidence/evidence-store';

/** Everything the HTTP app and the CLIs are built from: the composition root's product. */
export interface AppContext {
  config: AppConfig;
  clock: Clock;
  store: EventStore;
  /** The events as stored, personal fields sealed: what hash-chain checks read. */
  storedEvents: EventStore;
  /** The personal-data keys (server/event-store/key-store.ts): erasure deletes from them. */
  keys: KeyStore;
  /** Resolves once the read models no longer show what erased keys sealed (server/privacy/forget-read-models.ts). */
  forgetReadModels(): Promise<void>;
  /** The daily job that erases fiscal keys past their retention (server/privacy/fiscal-retention.ts). */
  fiscalRetention: { tick(): Promise<number> };
  bus: CommandBus;
  /** Runs deal and payment-request commands through their deciders (the machines' commands files). */
  run: CommandRunner;
  readDb: Database.Database;
  runner: ProjectionRunner;
  queries: {
    deals: DealQueries;
    requests: PaymentRequestQueries;
    accounts: AccountQueries;
    notifications: NotificationQueries;
    money: MoneyQueries;
  };
  ids: { deal: () => Promise<number>; request: () => Promise<number> };
  unique: UniqueValues;
  tokens: TokenService;
  payments: PaymentsWiring;
  push: PushService;
  notifications: NotificationsWiring;
  improveDescription: DescriptionImprover;
  live: LiveHub;
  /** The brands' billing details, the buyer on their fee invoices (server/documents). */
  billing: BillingBook;
  /** Creators' self-billing agreements (server/documents/self-billing-book.ts). */
  selfBilling: SelfBillingBook;
  /** The platform's fee invoices to brands (issued by their reactor on the payments runner). */
  invoices: FeeInvoices;
  /** The dispute conversations' evidence files, in the events' database (server/evidence). */
  evidence: EvidenceStore;
  /** Idempotency records and rate-limit counters, shared between instances when PostgreSQL or Redis is configured. */
  sharedHttp: SharedHttpState;
  /** Prometheus metrics (/metrics); the store, bus and gateway above report to it. */
  metrics: AppMetrics;
  /** The store subscriptions (read models, reactors): retries, recoveries and failures (logs, metrics, readiness). */
  subscriptions: SubscriptionHealth;
  /** Waits until the read models have applied `position` (read-your-writes). */
  settle(position: number): Promise<void>;
  /** HMAC-SHA-256 (hex) keyed by the app secret and a label: one-time codes, addresses compared without keeping them. */
  keyedHash(label: string, value: string): string;
  /** Waits until the reactors and the read models have handled everything appended so far, outcomes included (tools, tests). */
  quiesce(): Promise<void>;
  /** Stops reactors, live streams and the runner, then closes both databases. Idempotent. */
  close(): Promise<void>;
}

export interface ContextOptions {
  clock?: Clock;
  /** Replaces web-push (tests). */
  pushSender?: PushSender;
  /** Replaces the read database (the bench runs it in memory); default `<DATA_DIR>/read.db`. */
  readDbPath?: string;
  /**
   * Start firing timers at their due times and the notifications reactors (default true; tests drive them
   * themselves). The payments reactor always runs.
   */
  startReactors?: boolean;
  /** Replaces the mail sender (tests). */
  mailSender?: MailSender;
}

/**
 * The data folder holds every event, password hash and the generated secrets: owner only (0700,
 * files 0600), also for files an older version created with the default umask.
 */
export function restrictDataFiles(dataDir: string): void {
  chmodSync(dataDir, 0o700);
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    if (entry.isFile()) chmodSync(join(dataDir, entry.name), 0o600);
  }
}

/**
 * The event store the app uses: opened from the configuration, every subscription resumed after
 * the store fails or drops the connection, each append timed. PostgreSQL is checked before
 * anything else starts: a bad URL, credentials or rights stop the start with one clear message.
 */
async function openStore(
  config: AppConfig,
  metrics: AppMetrics,
  subscriptions: SubscriptionHealth,
): Promise<{ store: EventStore; opened: EncryptedEventStore }> {
  const opened = openEventStore({
    dataDir: config.dataDir,
    kurrentUrl: config.kurrentUrl,
    keyStoreUrl: config.keyStoreUrl,
    databaseUrl: config.databaseUrl,
    databaseStartTimeoutMs: config.databaseStartTimeoutMs,
  });
  if (config.databaseUrl) {
    try {
      await opened.headPosition();
    } catch (error) {
      await opened.close();
      throw error;
    }
  }
  const resilient = withResilientSubscriptions(opened, {
    observer: subscriptions,
  });
  return { store: metrics.instrumentStore(resilient), opened };
}

/** The token signing secret and the push keys; several instances must use the same, so generated ones are shared. */
async function sharedSecrets(
  config: AppConfig,
  sharedHttp: SharedHttpState,
): Promise<{ secret: string; vapid: VapidKeys }> {
  // Several instances must sign and check tokens alike: a generated secret is then kept in PostgreSQL.
  const secret =
    (!config.jwtSecret && config.env !== 'production'
      ? await sharedHttp.secret('jwt', newJwtSecret)
      : null) ?? resolveJwtSecret(config);
  const sharedVapid =
    config.vapid.publicKey && config.vapid.privateKey
      ? null
      : await sharedHttp.secret('vapid', () =>
          JSON.stringify(generateVapidKeys()),
        );
  const vapid = sharedVapid
    ? (JSON.parse(sharedVapid) as VapidKeys)
    : resolveVapidKeys({
        dataDir: config.dataDir,
        publicKey: config.vapid.publicKey,
        privateKey: config.vapid.privateKey,
      });
  return { secret, vapid };
}

/**
 * The read side: the runner that feeds the read models from the store (started), their queries,
 * and the live hub that pushes each applied batch to the open live-update connections.
 */
function startReadSide(
  readDb: Database.Database,
  parts: Pick<Core, 'store' | 'clock' | 'config' | 'options'> & {
    keys: KeyStore;
  },
  metrics: AppMetrics,
) {
  const { store, keys, clock, config, options } = parts;
  const runner = createProjectionRunner({
    source: store,
    db: readDb,
    projections: allProjections,
  });
  const queries = {
    deals: createDealQueries(readDb),
    requests: createPaymentRequestQueries(readDb),
    accounts: createAccountQueries(readDb),
    notifications: createNotificationQueries(readDb),
    money: createMoneyQueries(readDb),
  };
  const live = createLiveHub({
    queries,
    limits: config.live,
    onRefused: metrics.onLiveRefused,
  });
  const offApplied = runner.onApplied((batch) => live.publish(batch));
  const forgetting = createReadModelForgetting({
    runner,
    readDb,
    keys,
    store,
    queries,
  });
  const retention = createFiscalRetention({
    store,
    clock,
    keys,
    queries,
    years: config.fiscalRetentionYears,
    settle: (position) => runner.waitForPosition(position, 10 * 60_000),
    onError: (error) =>
      console.error('Fiscal retention failed:', (error as Error)?.message),
  });
  runner.start();
  if (options.startReactors ?? true) retention.start();
  return { runner, queries, live, offApplied, forgetting, retention };
}

/** What erasure needs of the store and the read side (server/privacy). */
const privacyParts = (
  opened: EncryptedEventStore,
  {
    forgetting,
    retention,
  }: { forgetting: { forget(): Promise<void> }; retention: Retention },
) => ({
  storedEvents: opened.stored,
  keys: opened.keys,
  forgetReadModels: forgetting.forget,
  fiscalRetention: retention,
});
type Retention = ReturnType<typeof createFiscalRetention>;

/** Waits until the reactors and the read models have handled everything appended so far. */
async function quiesce(
  store: EventStore,
  payments: PaymentsWiring,
  settle: (position: number) => Promise<void>,
): Promise<void> {
  // An effect's outcome is itself an event: loop until a round appends nothing new.
  for (;;) {
    const head = await store.headPosition();
    await payments.reactors.processed(head);
    await settle(head);
    if ((await store.headPosition()) === head) return;
  }
}

/** Stops what runs (reactors, live streams, the runner) before what they use (store, shared state, read database). Idempotent. */
function closer(
  parts: Pick<
    AppContext,
    | 'payments'
    | 'notifications'
    | 'live'
    | 'runner'
    | 'store'
    | 'sharedHttp'
    | 'readDb'
    | 'evidence'
  >,
  listeners: {
    offApplied: () => void;
    forgetting: { stop(): Promise<void> };
    retention: { stop(): Promise<void> };
  },
) {
  let closing: Promise<void> | null = null;
  return (): Promise<void> => {
    closing ??= (async () => {
      await parts.payments.stop();
      await parts.notifications.stop();
      parts.live.closeAll();
      listeners.offApplied();
      await listeners.forgetting.stop();
      await listeners.retention.stop();
      await parts.runner.stop();
      await parts.store.close();
      await parts.evidence.close();
      await parts.sharedHttp.close();
      parts.readDb.close();
    })();
    return closing;
  };
}

type Core = {
  config: AppConfig;
  options: ContextOptions;
  clock: Clock;
  store: EventStore;
  bus: CommandBus;
  run: CommandRunner;
};

/** Who may do what: the token service, and web push with the keys it signs with. */
async function accessServices({
  config,
  options,
  clock,
  run,
  store,
  sharedHttp,
  queries,
}: Core & { sharedHttp: SharedHttpState; queries: AppContext['queries'] }) {
  const { secret, vapid } = await sharedSecrets(config, sharedHttp);
  const tokens = createTokenService({
    secret,
    clock,
    userTtlHours: config.jwtExpiresInHours,
    adminTtlHours: config.adminJwtExpiresInHours,
  });
  const push = createPushService({
    run,
    store,
    clock,
    accounts: queries.accounts,
    links: queries.notifications,
    keys: vapid,
    allowedHosts: config.push.allowedHosts,
    sender: options.pushSender ?? webPushSender(vapid, config.vapid.subject),
  });
  return { secret, tokens, push };
}

/**
 * What the events set off: the payments wiring (gateway, escrow, the payments and timers reactors)
 * and the notifications (mail, push, their timers).
 */
async function startEffects(
  parts: Core &
    Pick<
      AppContext,
      'run' | 'runner' | 'readDb' | 'metrics' | 'push' | 'queries' | 'invoices'
    > & {
      secret: string;
    },
) {
  const {
    config,
    options,
    clock,
    store,
    bus,
    run,
    runner,
    readDb,
    metrics,
    push,
    queries,
    secret,
    invoices,
  } = parts;
  const payments = createPaymentsWiring({
    config,
    store,
    bus,
    run,
    clock,
    runner,
    readDb,
    accounts: queries.accounts,
    moreReactors: [createFeeInvoiceReactor(invoices)],
    decorateGateway: metrics.instrumentGateway,
  });
  payments.start({ timers: options.startReactors ?? true });
  const notifications = createNotificationsWiring({
    config,
    secret,
    store,
    clock,
    readDb,
    runner,
    push,
    queries,
    renderDocument: createMailDocuments({
      deals: queries.deals,
      requests: queries.requests,
      accounts: queries.accounts,
    }),
    ...(options.mailSender ? { mail: options.mailSender } : {}),
  });
  if (options.startReactors ?? true) await notifications.start();
  return { payments, notifications };
}

/**
 * Evidence files live where the events do: PostgreSQL's table when the events are there (every
 * instance reads it), else a table in the SQLite event file; beside KurrentDB, a SQLite file of
 * their own in the data folder (one instance).
 */
function openEvidence(
  config: AppConfig,
): Promise<EvidenceStore> | EvidenceStore {
  if (config.databaseUrl)
    return createPostgresEvidenceStore(config.databaseUrl);
  const file = config.kurrentUrl ? 'evidence.db' : 'events.db';
  return createSqliteEvidenceStore(join(config.dataDir, file));
}

/** The brands' billing details, the creators' self-billing agreements and the invoices made out with them. */
function documentParts(
  { store, bus, clock, config }: Core,
  queries: AppContext['queries'],
) {
  const billing = createBillingBook({ store, clock });
  const selfBilling = createSelfBillingBook({ store, clock });
  const invoices = createFeeInvoices({
    store,
    bus,
    clock,
    billing,
    selfBilling,
    invoices: config.invoices,
    deals: queries.deals,
  });
  return { billing, selfBilling, invoices };
}

/** Deal and request ids, handed out in blocks (ADR 0005). */
const idAllocators = (store: EventStore, clock: Clock) => ({
  deal: createIdAllocator({ store, clock, sequence: 'deal' }),
  request: createIdAllocator({ store, clock, sequence: 'payment-request' }),
});

/**
 * What everything else stands on: the event store, the command bus and runner, the read database,
 * the state HTTP shares between instances and the evidence files, in a data folder only the owner reads.
 */
async function openStorage(
  config: AppConfig,
  options: ContextOptions,
  metrics: AppMetrics,
  subscriptions: SubscriptionHealth,
) {
  const clock = options.clock ?? systemClock;
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const { store, opened } = await openStore(config, metrics, subscriptions);
  const bus = createCommandBus({ store, clock, onOutcome: metrics.onCommand });
  const run = createCommandRunner(bus);
  const core: Core = { config, options, clock, store, bus, run };
  const readDb = openReadDatabase(
    options.readDbPath ?? join(config.dataDir, 'read.db'),
  );
  const sharedHttp = await openSharedHttpState({
    redisUrl: config.redisUrl,
    databaseUrl: config.databaseUrl,
    readDb,
  });
  const evidence = await openEvidence(config);
  restrictDataFiles(config.dataDir);
  return { core, opened, readDb, sharedHttp, evidence };
}

/**
 * The services commands and routes use: tokens and push, the documents, and the payments and
 * notifications that run as effects of the events.
 */
async function startServices(
  core: Core,
  parts: Pick<
    AppContext,
    'runner' | 'readDb' | 'metrics' | 'queries' | 'sharedHttp'
  >,
) {
  const { secret, tokens, push } = await accessServices({ ...core, ...parts });
  const documents = documentParts(core, parts.queries);
  const { payments, notifications } = await startEffects({
    ...core,
    ...parts,
    push,
    secret,
    invoices: documents.invoices,
  });
  return {
    secret,
    services: { tokens, payments, push, notifications, ...documents },
  };
}

/** config → event store → command bus → read DB → projection runner → gateway → escrow → reactors. */
export async function createAppContext(
  config: AppConfig,
  options: ContextOptions = {},
): Promise<AppContext> {
  const metrics = createAppMetrics();
  const subscriptions = createSubscriptionHealth(metrics.registry);
  const storage = await openStorage(config, options, metrics, subscriptions);
  const { core, opened, readDb, sharedHttp, evidence } = storage;
  const { clock, store, bus, run } = core;
  const readSide = startReadSide(
    readDb,
    { ...core, keys: opened.keys },
    metrics,
  );
  const { runner, queries, live, offApplied, forgetting, retention } = readSide;
  const settle = (position: number) => runner.waitForPosition(position);
  const { secret, services } = await startServices(core, {
    runner,
    readDb,
    metrics,
    queries,
    sharedHttp,
  });
  const { payments, notifications } = services;
  metrics.watch({
    store,
    runner,
    readDb,
    live,
    clock,
    intents: () => payments.intents.backlog(),
  });

  return {
    config,
    clock,
    store,
    ...privacyParts(opened, readSide),
    bus,
    run,
    readDb,
    runner,
    queries,
    unique: createUniqueValues({
      store,
      clock,
      reclaimAfterMs: config.reservationReclaimAfterMs,
    }),
    ...services,
    live,
    sharedHttp,
    evidence,
    metrics,
    subscriptions,
    settle,
    keyedHash: keyedHasher(secret),
    quiesce: () => quiesce(store, payments, settle),
    ids: idAllocators(store, clock),
    improveDescription: createDescriptionImprover(config.ai),
    close: closer(
      {
        payments,
        notifications,
        live,
        runner,
        store,
        sharedHttp,
        readDb,
        evidence,
      },
      { offApplied, forgetting, retention },
    ),
  };
}
