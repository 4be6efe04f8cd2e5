import type { Database } from 'better-sqlite3';
import type { AccountQueries } from '../../projections/accounts.queries';
import type { DealQueries } from '../../projections/deals.queries';
import type { NotificationQueries } from '../../projections/notifications.queries';
import type { PaymentRequestQueries } from '../../projections/payment-requests.queries';
import type { ProjectionRunner } from '../../projections/runner';
import type { AppConfig } from '../config';
import type { EventStore } from '../event-store/event-store';
import type { PushService } from './push.service';
import type { Clock } from '../shared/clock';
import { keyedHasher } from '../shared/keyed-hash';
import { documentPageOf } from '../shared/document-refs';
import { createMailSender, type MailSender } from './mail-sender';
import type { NotificationFacts } from './notification-plan';
import type { RenderMailDocument } from './mail-document';
import { optOutStreamIds, requestBlockStreamIds } from './notification-streams';
import { createNotificationFailureAlert } from './failure-alert';
import { watchNotificationOutcomes } from '../shared/process-metrics';
import { createNotificationTimersReactor } from './notification-timers.reactor';
import { createNotificationsReactor } from './notifications.reactor';
import { createNotificationRetriesReactor } from './notification-retries.reactor';
import {
  createReactorRunner,
  type ReactorRunner,
} from '../reactors/reactor-runner';
import {
  createRequestBlockLinks,
  createUnsubscribeLinks,
} from './unsubscribe-link';
import { createMailAccess } from './mail-access';
import { createNotificationSender } from './notification-attempts';
import { withoutEmailAddresses } from '../shared/log-redaction';

export interface NotificationsWiringDeps {
  config: AppConfig;
  secret: string;
  store: EventStore;
  clock: Clock;
  readDb: Database;
  runner: ProjectionRunner;
  push: PushService;
  queries: {
    deals: DealQueries;
    requests: PaymentRequestQueries;
    accounts: AccountQueries;
    notifications: NotificationQueries;
  };
  mail?: MailSender;
  /** Draws the PDF of a document mail (server/documents/document-mail.ts). */
  renderDocument: RenderMailDocument;
}

/** What the notifications are planned from: the read models and the admin addresses. */
function notificationFacts(
  config: AppConfig,
  queries: NotificationsWiringDeps['queries'],
  secret: string,
): NotificationFacts {
  const keyedHash = keyedHasher(secret);
  return {
    deal: (id) => queries.deals.byId(id),
    request: (id) => queries.requests.byId(id),
    user: (id) => queries.accounts.userById(id),
    userByEmail: (email) => queries.accounts.userByEmail(email),
    adminEmails: config.notifications.adminEmails,
    linkSubscribed: (dealId) =>
      queries.notifications.linkSubscriptions(dealId).length > 0,
    adminsSubscribed: () =>
      queries.notifications.adminSubscriptions().length > 0,
    linkLanguage: (dealId) => queries.notifications.linkLanguage(dealId),
    linkEmail: (link) => queries.notifications.linkEmail(link),
    claimLanguage: (link) => queries.notifications.claimLanguage(link),
    requestBrandLanguage: (requestId) =>
      queries.notifications.claimLanguage(`payment-request-${requestId}`),
    emailOptedOut: (email) =>
      optOutStreamIds(email).some(queries.notifications.isOptedOut),
    requestSenderBlocked: (email, creatorId) =>
      requestBlockStreamIds(email, creatorId).some(
        queries.notifications.isRequestSenderBlocked,
      ),
    documentPage: (target) => documentPageOf(keyedHash, target),
  };
}

const onSendError = (error: unknown, n: { kind: string }, channel: string) =>
  console.error(
    `Notification ${n.kind} by ${channel} failed:`,
    withoutEmailAddresses(String((error as Error).message)),
  );

/** SMTP when SMTP_URL is set; else the test-mode mail folder under the data directory. */
const configuredMailSender = (config: AppConfig, clock: Clock): MailSender =>
  createMailSender({
    smtpUrl: config.notifications.smtpUrl,
    from: config.notifications.mailFrom,
    dataDir: config.dataDir,
    now: () => clock.now(),
  });

/**
 * The notifications' own reactor runner: from the store's head the first time, each event handed
 * over once the read models it reads have applied it; an event a reactor fails on is handed over
 * again, after 1 s, doubling up to a minute.
 */
const notificationsRunner = (
  deps: NotificationsWiringDeps,
  reactors: Parameters<typeof createReactorRunner>[0]['reactors'],
): ReactorRunner =>
  createReactorRunner({
    store: deps.store,
    db: deps.readDb,
    reactors,
    firstStart: 'head',
    before: (event) => deps.runner.waitForPosition(event.position),
    retryDelayMs: 1_000,
    maxRetryDelayMs: 60_000,
    onError: (_name, _event, error) =>
      console.error('Notifications reactor:', (error as Error).message),
  });

/** The notifications reactors with their senders, due-time timers, retries and unsubscribe links. */
export function createNotificationsWiring(deps: NotificationsWiringDeps) {
  const { config, store, clock, queries } = deps;
  const mail = deps.mail ?? configuredMailSender(config, clock);
  const unsubscribe = createUnsubscribeLinks(deps.secret, config.publicUrl);
  const requestBlocks = createRequestBlockLinks(deps.secret, config.publicUrl);
  const facts = notificationFacts(config, queries, deps.secret);
  const send = createNotificationSender({
    mail,
    unsubscribe,
    requestBlocks,
    push: deps.push,
    publicUrl: config.publicUrl,
    renderDocument: deps.renderDocument,
  });
  const leaseMs = config.notifications.leaseMs;
  const sending = { store, clock, facts, leaseMs, onSendError, send };
  const reactor = createNotificationsReactor(sending);
  const retries = createNotificationRetriesReactor({
    ...sending,
    db: deps.readDb,
  });
  const timers = createNotificationTimersReactor({
    store,
    clock,
    queries: queries.notifications,
    reminderHours: config.notifications.releaseReminderHours,
    holdAgeingHours: config.notifications.holdAgeingHours,
  });
  const failureAlert = createNotificationFailureAlert({
    store,
    clock,
    settings: config.notifications.failureAlert,
  });
  let unwatchOutcomes: (() => void) | null = null;
  let running: ReactorRunner | null = null;

  return {
    reactor,
    timers,
    retries,
    /** The read models the notifications are planned from. */
    facts,
    mail,
    unsubscribe,
    /** Keys of the test-mode mail pages (no SMTP_URL). */
    mailAccess: createMailAccess(deps.secret),
    requestBlocks,
    /** Alerts the admins when too many sends of a channel fail (NOTIFY_FAILURE_ALERT_*). */
    failureAlert,
    /**
     * The reactor, the notification timers and the retries run on a reactor runner of its own: routes that wait for the money
     * reactors (effect outcomes) never wait for a mail server. It starts at the store's head the
     * first time, and hands each event over once the read models it reads have applied it.
     */
    async start(): Promise<void> {
      if (!running) {
        running = notificationsRunner(deps, [reactor, timers, retries]);
        await running.start();
      }
      timers.start();
      retries.start();
      // The senders count every outcome (escrow_notifications_total); the alert hears them too.
      unwatchOutcomes ??= watchNotificationOutcomes(failureAlert.record);
    },
    async stop(): Promise<void> {
      unwatchOutcomes?.();
      unwatchOutcomes = null;
      await failureAlert.settled();
      await timers.stop();
      await retries.stop();
      await running?.stop();
      running = null;
    },
  };
}

export type NotificationsWiring = ReturnType<typeof createNotificationsWiring>;
