import type { PersonalDataExport } from '@machines/contract/privacy-api';
import type { Actor } from '@machines/events/metadata';
import type { UserContext } from '@machines/account/user.machine';
import type { AccountQueries } from '../../projections/accounts.queries';
import type { DealQueries, DealRecord } from '../../projections/deals.queries';
import type { NotificationQueries } from '../../projections/notifications.queries';
import type {
  PaymentRequestQueries,
  PaymentRequestRecord,
} from '../../projections/payment-requests.queries';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { optOutStreamIds } from '../notifications/notification-streams';
import type { Clock } from '../shared/clock';
import { redactForAdmin } from '../shared/redaction';
import type { KeyedHash } from '../shared/keyed-hash';
import { deliveriesFor } from './export-deliveries';
import {
  exportedEvent,
  personalDataOf,
  readIfAny,
  type ExportReader,
} from './export-events';

/** The parts of the app an export reads. */
export interface ExportParts {
  store: EventStore;
  clock: Clock;
  queries: {
    accounts: AccountQueries;
    deals: DealQueries;
    requests: PaymentRequestQueries;
    notifications: NotificationQueries;
  };
  /** The app secret's HMAC: the references a party's own documents are listed by. */
  keyedHash: KeyedHash;
}

type Collaboration = PersonalDataExport['deals'][number];
type Agreement = PersonalDataExport['agreements'][number];
type Document = PersonalDataExport['documents'][number];

/** One deal or request the person is a party to, with its stored events and how they read them. */
export interface Party {
  summary: Omit<Collaboration, 'events'>;
  events: RecordedEvent[];
  reader: ExportReader;
}

/** A deal or a payment request the person is a party to, with its stream's events. */
export async function partyOf(
  store: EventStore,
  record: DealRecord | PaymentRequestRecord,
  role: Collaboration['role'],
  reader: ExportReader,
): Promise<Party> {
  const isDeal = 'ownerId' in record;
  const terms = isDeal
    ? {
        title: record.context.terms?.title,
        amountCents: record.context.amounts?.amountCents,
      }
    : {
        title: record.context.request?.title,
        amountCents: record.context.request?.amountCents,
      };
  return {
    summary: {
      id: record.id,
      role,
      title: terms.title ?? null,
      status: record.status,
      amountCents: terms.amountCents ?? null,
      createdAt: record.context.createdAt,
    },
    events: await readIfAny(
      store,
      `${isDeal ? 'deal' : 'payment-request'}-${record.id}`,
    ),
    reader,
  };
}

const withEvents = (
  parties: Party[],
  isYou: (actor: Actor) => boolean,
  lang: 'en' | 'nl',
): Collaboration[] =>
  parties.map((p) => ({
    ...p.summary,
    events: p.events.map((e) =>
      exportedEvent(e, p.reader, isYou, lang, p.summary.role),
    ),
  }));

/** Agreements the person's own events record: what they created, accepted, chose or confirmed. */
const agreementKinds: Record<string, string> = {
  UserRegistered: 'account_registered',
  NotificationPreferencesChanged: 'notification_preferences_changed',
  LanguageChosen: 'language_chosen',
  DealCreated: 'deal_created',
  CreatorAccepted: 'deal_accepted',
  PaymentRequestCreated: 'payment_request_sent',
  PaymentRequestAccepted: 'payment_request_accepted',
  PaymentRequestRejected: 'payment_request_rejected',
  LinkEmailConfirmed: 'email_confirmed',
  PushSubscriptionAdded: 'push_subscribed',
  DealLinkPushSubscribed: 'push_subscribed',
  BillingDetailsChanged: 'billing_details_set',
  SelfBillingAgreed: 'self_billing_agreed',
  SelfBillingRevoked: 'self_billing_revoked',
};

function agreementsOf(
  events: readonly RecordedEvent[],
  isYou: (actor: Actor) => boolean,
): Agreement[] {
  return events.flatMap((e) => {
    const kind = agreementKinds[e.type];
    const metadata = e.metadata as { actor: Actor; at: string };
    return kind && isYou(metadata.actor)
      ? [{ kind, at: metadata.at, subject: e.streamId }]
      : [];
  });
}

/** What the export as a whole says, once its parts are gathered. */
export interface Gathered {
  subject: PersonalDataExport['subject'];
  requestedBy: PersonalDataExport['requestedBy'];
  profile: PersonalDataExport['profile'];
  link: PersonalDataExport['link'];
  accountEvents: RecordedEvent[];
  deals: Party[];
  requests: Party[];
  documents: Document[];
  isYou: (actor: Actor) => boolean;
  recipients: string[];
  preferences: PersonalDataExport['notifications']['preferences'];
  emailOptedOut: boolean;
  pushHosts: string[];
}

export async function assembleExport(
  parts: ExportParts,
  g: Gathered,
): Promise<PersonalDataExport> {
  const parties = [...g.deals, ...g.requests];
  // The person's language (their profile's, or their link's) for values stored as codes.
  const language = g.profile?.language ?? g.link?.language;
  const readIn = language === 'nl' ? 'nl' : 'en';
  const all = [...g.accountEvents, ...parties.flatMap((p) => p.events)];
  const exported: PersonalDataExport = {
    format: 'escrow-personal-data-export',
    version: 1,
    generatedAt: parts.clock.now().toISOString(),
    subject: g.subject,
    requestedBy: g.requestedBy,
    profile: g.profile,
    link: g.link,
    account: {
      events: g.accountEvents.map((e) =>
        exportedEvent(e, 'party', g.isYou, readIn),
      ),
    },
    deals: withEvents(g.deals, g.isYou, readIn),
    paymentRequests: withEvents(g.requests, g.isYou, readIn),
    documents: g.documents,
    notifications: {
      preferences: g.preferences,
      emailOptedOut: g.emailOptedOut,
      deliveries: await deliveriesFor(
        parts.store,
        all.map((e) => e.id),
        g.recipients,
      ),
    },
    signIns: g.accountEvents
      .filter((e) => e.type === 'SignedIn')
      .map((e) => ({
        at: (e.metadata as { at: string }).at,
        addressHash: (e.data as { addressHash: string }).addressHash,
      })),
    agreements: agreementsOf(all, g.isYou),
    pushSubscriptions: g.pushHosts.map((host) => ({ host })),
    personalData: personalDataOf(all, readIn),
  };
  // An admin reads through the admin rule (acting payment ids become "present").
  return g.requestedBy === 'admin' ? redactForAdmin(exported) : exported;
}

/** The profile as the export shows it (no password hash, the payout account as a word). */
export function exportedProfile(
  user: UserContext,
): NonNullable<PersonalDataExport['profile']> {
  return {
    username: user.username,
    email: user.email,
    companyName: user.companyName,
    country: user.country,
    phoneNumber: user.phoneNumber,
    language: user.language ?? null,
    createdAt: user.createdAt,
    onboardedAt: user.onboardedAt,
    payoutAccount: !user.payoutAccountId
      ? 'none'
      : user.payoutsEnabled
        ? 'connected'
        : 'pending',
  };
}

export const emailOptedOut = (
  notifications: NotificationQueries,
  email: string | null,
) => !!email && optOutStreamIds(email).some(notifications.isOptedOut);
