import type { PersonalDataExport } from '@machines/contract/privacy-api';
import type { Actor } from '@machines/events/metadata';
import { notificationPreferencesOf } from '@machines/account/user.machine';
import type { DealRecord } from '../../projections/deals.queries';
import type { PaymentRequestRecord } from '../../projections/payment-requests.queries';
import type { CommandContext } from '../commands/command-bus';
import { billingStreamOf } from '../documents/billing-book';
import { documentRefOf, type RefTarget } from '../shared/document-refs';
import {
  dealCreator,
  selfBillingStreamOf,
  userCreator,
} from '../documents/self-billing-book';
import type { KeyedHash } from '../shared/keyed-hash';
import { appendNotificationEvent } from '../notifications/notification-streams';
import { endpointHost, readIfAny } from './export-events';
import {
  assembleExport,
  emailOptedOut,
  exportedProfile,
  partyOf,
  type ExportParts,
  type Party,
} from './personal-data-export';

type RequestedBy = PersonalDataExport['requestedBy'];

const paid = (r: DealRecord | PaymentRequestRecord) =>
  r.context.paidAt !== null;

/** A person's deals (owned, claimed) and requests (created, addressed to its address). */
interface PartiesOf {
  owned: DealRecord[];
  claimed: DealRecord[];
  created: PaymentRequestRecord[];
  addressed: PaymentRequestRecord[];
}

/** The documents of a person's deals and requests, by the routes that give them to that person. */
function userDocuments(
  keyedHash: KeyedHash,
  { owned, claimed, created, addressed }: PartiesOf,
): PersonalDataExport['documents'] {
  // The party's own documents by their references, as its pages link them: no id in the URL.
  const own = (t: RefTarget) => `/api/documents/${documentRefOf(keyedHash, t)}`;
  return [
    ...owned.filter(paid).flatMap((r) =>
      (['receipt', 'invoice'] as const).map((kind) => ({
        kind,
        subject: `deal-${r.id}`,
        url: own({ kind, subject: 'deal', id: r.id }),
      })),
    ),
    ...claimed.filter(paid).map((r) => ({
      kind: 'statement',
      subject: `deal-${r.id}`,
      url: `/api/deals/link/${r.context.shareableToken ?? ''}/statement`,
    })),
    ...created.filter(paid).map((r) => ({
      kind: 'statement',
      subject: `payment-request-${r.id}`,
      url: own({ kind: 'statement', subject: 'payment_request', id: r.id }),
    })),
    ...addressed.filter(paid).map((r) => ({
      kind: 'receipt',
      subject: `payment-request-${r.id}`,
      url: `/api/payment-requests/link/${r.context.request?.token ?? ''}/receipt`,
    })),
  ];
}

/**
 * The account's own streams: the account, its billing details (fiscal data its invoices show) and
 * its self-billing agreement, in the order they were written.
 */
async function accountEventsOf(store: ExportParts['store'], userId: string) {
  const streams = [
    `user-${userId}`,
    billingStreamOf(userId),
    selfBillingStreamOf(userCreator(userId)),
  ];
  const events = (
    await Promise.all(streams.map((id) => readIfAny(store, id)))
  ).flat();
  return events.sort((a, b) => a.position - b.position);
}

/** Everything about an account: its own deals and requests, and those it is the other party to. */
export async function userExport(
  parts: ExportParts,
  userId: string,
  requestedBy: RequestedBy,
): Promise<PersonalDataExport> {
  const { store, queries } = parts;
  const user = queries.accounts.userById(userId)!;
  const owned = queries.deals.listForOwner(userId);
  const claimed = queries.deals
    .listClaimedBy(userId)
    .filter((r) => r.ownerId !== userId);
  const created = queries.requests.listForCreator(userId);
  const addressed = queries.requests
    .listForBrandEmail(user.email)
    .filter((r) => r.creatorId !== userId);
  const linkActors = new Set([
    ...claimed.map((r) => `deal-${r.id}`),
    ...addressed.map((r) => `payment-request-${r.id}`),
  ]);
  const deals: Party[] = [
    ...(await Promise.all(
      owned.map((r) => partyOf(store, r, 'brand', 'party')),
    )),
    ...(await Promise.all(
      claimed.map((r) => partyOf(store, r, 'creator', 'link')),
    )),
  ];
  const requests: Party[] = [
    ...(await Promise.all(
      created.map((r) => partyOf(store, r, 'creator', 'party')),
    )),
    ...(await Promise.all(
      addressed.map((r) => partyOf(store, r, 'brand', 'link')),
    )),
  ];
  return assembleExport(parts, {
    subject: { kind: 'user', id: userId },
    requestedBy,
    profile: exportedProfile(user),
    link: null,
    accountEvents: await accountEventsOf(store, userId),
    deals,
    requests,
    documents: userDocuments(parts.keyedHash, {
      owned,
      claimed,
      created,
      addressed,
    }),
    // Through a link the person holds, the link is the actor: their own acts too.
    isYou: (actor) =>
      actor.id === userId ||
      (actor.kind === 'creator-link' && linkActors.has(actor.id)),
    recipients: [
      `user:${userId}`,
      `email:${user.email.trim().toLowerCase()}`,
      ...claimed.map((r) => `deal-link:${r.id}`),
    ],
    preferences: notificationPreferencesOf(user),
    emailOptedOut: emailOptedOut(queries.notifications, user.email),
    pushHosts: user.pushSubscriptions.map((s) => endpointHost(s.endpoint)),
  });
}

/** Everything a creator with only a deal link left with us: the deal as the link reads it, the link's claim. */
export async function dealLinkExport(
  parts: ExportParts,
  record: DealRecord,
): Promise<PersonalDataExport> {
  const { store, queries } = parts;
  const link = `deal-${record.id}`;
  const email = queries.notifications.linkEmail(link);
  const isYou = (actor: Actor) => actor.kind === 'creator-link';
  const deal = await partyOf(store, record, 'creator', 'link');
  for (const stream of [
    `link-claim-${link}`,
    selfBillingStreamOf(dealCreator(record.id)),
  ])
    deal.events.push(...(await readIfAny(store, stream)));
  return assembleExport(parts, {
    subject: { kind: 'deal-link', id: String(record.id) },
    requestedBy: 'self',
    profile: null,
    link: {
      dealId: record.id,
      email,
      language:
        queries.notifications.claimLanguage(link) ??
        queries.notifications.linkLanguage(record.id),
    },
    accountEvents: [],
    deals: [deal],
    requests: [],
    documents: paid(record)
      ? [
          {
            kind: 'statement',
            subject: link,
            url: `/api/deals/link/${record.context.shareableToken ?? ''}/statement`,
          },
        ]
      : [],
    isYou,
    recipients: [
      `deal-link:${record.id}`,
      ...(email ? [`email:${email.toLowerCase()}`] : []),
    ],
    preferences: null,
    emailOptedOut: emailOptedOut(queries.notifications, email),
    pushHosts: queries.notifications
      .linkSubscriptions(record.id)
      .map((s) => endpointHost(s.endpoint)),
  });
}

/** Records that an export was made (who asked, whose data, how much), never the data itself. */
export async function recordExport(
  parts: ExportParts,
  exported: PersonalDataExport,
  meta: CommandContext,
): Promise<void> {
  const subject =
    exported.subject.kind === 'user'
      ? `user-${exported.subject.id}`
      : `deal-link-${exported.subject.id}`;
  const count = (list: PersonalDataExport['deals']) =>
    list.reduce((n, c) => n + c.events.length, 0);
  await appendNotificationEvent(
    parts,
    `privacy-${subject}`,
    {
      type: 'PersonalDataExported',
      data: {
        subject,
        requestedBy: exported.requestedBy,
        counts: {
          deals: exported.deals.length,
          paymentRequests: exported.paymentRequests.length,
          events:
            exported.account.events.length +
            count(exported.deals) +
            count(exported.paymentRequests),
        },
      },
    },
    'any',
    meta,
  );
}
